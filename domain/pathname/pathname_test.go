// SPDX-License-Identifier: Apache-2.0

package pathname

import (
	"strings"
	"testing"
	"unicode/utf16"

	"memo.dev/projects/domain"
)

func TestCheck(t *testing.T) {
	for _, tt := range []struct {
		path string
		ok   bool
	}{
		{"/home/ann/code/repo", true},
		{"/home/ann/çalışma/proje", true},
		{"/home/ann/\uFFFD", true}, // a name that really holds U+FFFD is a name
		{"", true},                 // empty is for the caller to refuse
		{"/home/ann/a\xffb", false},
		{"/home/ann/\xc3", false},         // a cut two-byte sequence
		{"/home/ann/\xed\xa0\x80", false}, // a UTF-16 surrogate, encoded
		{"relative/\x80", false},
	} {
		err := Check(tt.path)
		if (err == nil) != tt.ok {
			t.Errorf("Check(%q) = %v, want ok=%v", tt.path, err, tt.ok)
		}
		if err != nil && (domain.KindOf(err) != domain.KindInvalid || !strings.Contains(err.Error(), "not valid UTF-8")) {
			t.Errorf("Check(%q) = %v (kind %q), want invalid input saying so", tt.path, err, domain.KindOf(err))
		}
		// The message shows the bytes as they are, in valid UTF-8.
		if err != nil && (!strings.Contains(err.Error(), `\x`) || Check(err.Error()) != nil) {
			t.Errorf("Check(%q) says %q; want the bad bytes escaped", tt.path, err)
		}
	}
}

func TestFits(t *testing.T) {
	linux := Limits{Path: 4095, Name: 255, PathName: "PATH_MAX", NameName: "NAME_MAX", unit: domain.T("bytes"), count: bytesOf, separators: "/"}
	windows := Limits{Path: 32767, Name: 255, PathName: "the longest Windows path", NameName: "the longest NTFS name", unit: domain.T("characters"),
		count: func(s string) int { return len(utf16.Encode([]rune(s))) }, separators: `\/`}
	deep := func(n int) string { // an absolute path of exactly n bytes
		var b strings.Builder
		for b.Len() < n {
			name := strings.Repeat("d", min(200, n-b.Len()-1))
			b.WriteString("/" + name)
		}
		return b.String()
	}
	for _, tt := range []struct {
		name string
		l    Limits
		path string
		want string // "" fits
	}{
		{"a short path", linux, "/home/ann/repo/.memo/project.json", ""},
		{"a path of PATH_MAX-1 bytes", linux, deep(4095), ""},
		{"a path of PATH_MAX bytes", linux, deep(4096), "would be 4096 bytes long, and this system allows at most 4095 bytes in a path (PATH_MAX)"},
		{"a name of 255 bytes", linux, "/x/" + strings.Repeat("n", 255), ""},
		{"a name of 256 bytes", linux, "/x/" + strings.Repeat("n", 256) + "/y", "is 256 bytes long, and this system allows at most 255 bytes in a name (NAME_MAX)"},
		{"a name of 128 two-byte letters", linux, "/x/" + strings.Repeat("ş", 128), "is 256 bytes long"},
		{"Windows counts UTF-16 units", windows, `C:\x\` + strings.Repeat("ş", 255), ""},
		{"Windows: 256 units", windows, `C:\x\` + strings.Repeat("ş", 256), "is 256 characters long, and this system allows at most 255 characters in a name"},
	} {
		err := tt.l.Fits(tt.path)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: Fits = %v, want it to fit", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || domain.KindOf(err) != domain.KindInvalid):
			t.Errorf("%s: Fits = %v, want invalid input saying %q", tt.name, err, tt.want)
		}
	}
}
