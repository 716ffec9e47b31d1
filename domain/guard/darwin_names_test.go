// SPDX-License-Identifier: Apache-2.0

package guard

import "testing"

// macOS paths arrive decomposed (NFD) while settings and environment often
// hold them composed (NFC): the rules hold either way, in every rule that
// compares names. /dev is a system folder there too.
func TestDarwinNamesCompareNormalised(t *testing.T) {
	const (
		nfc = "/Users/jos\u00e9"  // é as one code point
		nfd = "/Users/jose\u0301" // e and a combining acute
	)
	for _, tt := range []struct {
		name       string
		home, path string
		allowed    bool
	}{
		{"home NFC, path NFD", nfc, nfd, false},
		{"home NFD, path NFC", nfd, nfc, false},
		{"memo folder NFD", nfc, nfd + "/.memo/data", false},
		{"a project below an NFD home", nfc, nfd + "/code/app", true},
		{"NFD parent of home", "/Users/Ren\u00e9e/x", "/Users/Rene\u0301e", false},
		{"/dev itself", nfc, "/dev", false},
		{"inside /dev", nfc, "/dev/fd", false},
		{"/developer is not /dev", nfc, "/developer/app", true},
	} {
		r := Rules{OS: Darwin, Home: tt.home, MemoHome: tt.home + "/.memo", TempDir: "/private/var/folders/xy/T"}
		if got := r.CheckPath(tt.path); got.Allowed != tt.allowed {
			t.Errorf("%s: CheckPath(%q) with home %q = %+v, want allowed %v", tt.name, tt.path, tt.home, got, tt.allowed)
		}
	}
	// Linux file systems take names as bytes: the two forms are two folders.
	r := Rules{OS: Linux, Home: "/home/jos\u00e9", TempDir: "/tmp"}
	if !r.CheckPath("/home/jose\u0301").Allowed {
		t.Error("Linux: an NFD name matched the NFC home; they are different folders there")
	}
}
