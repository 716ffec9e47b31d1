// SPDX-License-Identifier: Apache-2.0

package permissions

import "testing"

// A flag list passes a value only when every flag in it is listed, with
// its value where it takes one; everything else asks as the option does.
func TestFlagLists(t *testing.T) {
	l, ok := parseFlagList("-s -w -X= -m=?")
	if !ok {
		t.Fatal("the spec does not parse")
	}
	cases := map[string]bool{
		"-s -w":                      true,
		"-X main.v=1":                true,
		"-X=main.v=1 -s":             true,
		"all=-m -m=2":                true,
		"  -w  ":                     true,
		"":                           false,
		"-X":                         false, // -X names no value
		"-s=1":                       false, // -s takes none
		"-m=-extld=/tmp/x":           false,
		"-extld=/tmp/x":              false,
		"-s -linkmode external":      false,
		"-s main.v":                  false, // a word that is no flag
		"-X 'main.v=a b'":            false, // quotes the tool splits its own way
		"-X \"main.v=a\"":            false,
		"-X main.v=1 -extldflags -x": false,
	}
	for value, want := range cases {
		if got := l.holds(value); got != want {
			t.Errorf("holds(%q) = %v, want %v", value, got, want)
		}
	}
	for _, bad := range []string{"s", "-", "-x=?=", "--"} {
		if _, ok := parseFlagList(bad); ok {
			t.Errorf("parseFlagList(%q) is accepted, want it refused", bad)
		}
	}
}
