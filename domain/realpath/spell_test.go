// SPDX-License-Identifier: Apache-2.0

//go:build unix

// The fake Mac volume speaks Unix paths; on Windows EvalSymlinks spells
// (see spell_other.go).

package realpath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// macVolume is a fake Mac volume: names are found whatever their Unicode
// normalisation (APFS and HFS+ both), and whatever their case unless
// caseSensitive (a case-sensitive APFS volume). Folders are keyed by their
// stored path; entries are stored names.
type macVolume struct {
	caseSensitive bool
	dirs          map[string][]string
	unreadable    map[string]bool // stored paths whose listing is refused
}

// find returns the stored path that p names on this volume. It matches with
// strings.EqualFold, not the fold Spell uses, so the test does not check
// Spell against itself.
func (v macVolume) find(p string) (string, bool) {
	out := "/"
	for _, name := range strings.Split(strings.Trim(p, "/"), "/") {
		if name == "" {
			continue
		}
		match := ""
		for _, e := range v.dirs[out] {
			a, b := norm.NFD.String(e), norm.NFD.String(name)
			if e == name {
				match = e
				break
			}
			if a == b || !v.caseSensitive && strings.EqualFold(a, b) {
				match = e
			}
		}
		if match == "" {
			return "", false
		}
		out = filepath.Join(out, match)
	}
	return out, true
}

func (v macVolume) Names(dir string) ([]string, error) {
	stored, ok := v.find(dir)
	switch {
	case !ok:
		return nil, fs.ErrNotExist
	case v.unreadable[stored]:
		return nil, fs.ErrPermission
	}
	return v.dirs[stored], nil
}

func (v macVolume) Same(a, b string) bool {
	sa, okA := v.find(a)
	sb, okB := v.find(b)
	return okA && okB && sa == sb
}

const (
	cafeNFC      = "caf\u00e9"
	cafeNFD      = "cafe\u0301"
	capCafeNFD   = "Cafe\u0301"
	capCafeUpNFC = "CAF\u00c9"
)

func TestSpellOnAMacVolume(t *testing.T) {
	insensitive := macVolume{
		dirs: map[string][]string{
			"/":                     {"Users", "private"},
			"/Users":                {"ann", "Shared", "bob"},
			"/Users/ann":            {"repo", "Code", cafeNFD, "Stra\u00dfe"},
			"/Users/ann/Code":       {"Memo"},
			"/Users/bob":            {"Repo"},
			"/Users/bob/Repo":       {"src"},
			"/Users/ann/" + cafeNFD: {"Notes"},
		},
		unreadable: map[string]bool{"/Users/bob": true},
	}
	sensitive := macVolume{
		caseSensitive: true,
		dirs: map[string][]string{
			"/":  {"x"},
			"/x": {"Repo", "repo", capCafeNFD, cafeNFD},
		},
	}
	for _, c := range []struct {
		name, in, want string
		vol            macVolume
	}{
		{"root", "/", "/", insensitive},
		{"spelled as stored", "/Users/ann/repo", "/Users/ann/repo", insensitive},
		{"lower case", "/users/ann/repo", "/Users/ann/repo", insensitive},
		{"upper case", "/USERS/ANN/CODE/MEMO", "/Users/ann/Code/Memo", insensitive},
		{"NFC typed, NFD stored", "/Users/ann/" + cafeNFC, "/Users/ann/" + cafeNFD, insensitive},
		{"NFC and upper case", "/users/ann/" + capCafeUpNFC + "/notes", "/Users/ann/" + cafeNFD + "/Notes", insensitive},
		// A volume that folds less than Unicode's full fold (ß is not ss
		// there) keeps the name the fold alone would have changed.
		{"fold wider than the volume", "/users/ann/STRASSE", "/Users/ann/STRASSE", insensitive},
		{"missing component", "/users/ann/gone/deeper", "/Users/ann/gone/deeper", insensitive},
		// /Users/bob cannot be listed: its child keeps the typed case, and
		// the folders past it are read again.
		{"unreadable folder", "/users/BOB/repo/SRC", "/Users/bob/repo/src", insensitive},
		{"case-sensitive, exact repo", "/x/repo", "/x/repo", sensitive},
		{"case-sensitive, exact Repo", "/x/Repo", "/x/Repo", sensitive},
		{"case-sensitive, NFC typed", "/x/" + cafeNFC, "/x/" + cafeNFD, sensitive},
		{"case-sensitive, no such case", "/x/REPO", "/x/REPO", sensitive},
	} {
		if got := Spell(c.in, c.vol); got != c.want {
			t.Errorf("%s: Spell(%+q) = %+q, want %+q", c.name, c.in, got, c.want)
		}
	}
}

// twins says every path is the same file: two entries answer for one name.
type twins []string

func (t twins) Names(string) ([]string, error) { return t, nil }
func (twins) Same(a, b string) bool            { return true }

func TestSpellKeepsTheNameWhenTwoEntriesAnswer(t *testing.T) {
	if got := Spell("/REPO", twins{"Repo", "repo"}); got != "/REPO" {
		t.Errorf("Spell(/REPO) = %q, want the given /REPO", got)
	}
	if got := Spell("/REPO", twins{"Repo", "other"}); got != "/Repo" {
		t.Errorf("Spell(/REPO) = %q, want /Repo", got)
	}
}

// On the real disk (Linux here: names compared exactly) Spell changes
// nothing that exists, and a case that does not exist is not another file.
func TestSpellOnTheRealDisk(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Repo", "repo"} {
		if err := os.Mkdir(filepath.Join(dir, n), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{dir, filepath.Join(dir, "Repo"), filepath.Join(dir, "repo")} {
		if got := Spell(p, OS{}); got != p {
			t.Errorf("Spell(%q) = %q, want it unchanged", p, got)
		}
	}
	if _, err := (OS{}).Names(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Names(missing) error = %v, want not-exist", err)
	}
	if (OS{}).Same(filepath.Join(dir, "Repo"), filepath.Join(dir, "repo")) {
		t.Error("Same(Repo, repo) = true for two folders")
	}
}

// Resolve spells what the links resolved to, by either way of resolving; with
// no spelling (Linux, Windows) the path is returned as resolved.
func TestResolveSpells(t *testing.T) {
	vol := macVolume{dirs: map[string][]string{"/": {"Users"}, "/Users": {"ann"}, "/Users/ann": {"Repo"}}}
	mac := func(p string) string { return Spell(p, vol) }
	resolved := func(string) (string, error) { return "/users/ann/repo", nil }
	junction := func(string) (string, error) { return "", errors.New("readlink: not a symbolic link") }
	final := func(string) (string, error) { return "/users/ANN/repo", nil }
	for _, c := range []struct {
		name string
		r    resolver
		want string
	}{
		{"links", resolver{eval: resolved, final: final, spell: mac}, "/Users/ann/Repo"},
		{"final path", resolver{eval: junction, final: final, spell: mac}, "/Users/ann/Repo"},
		{"no spelling", resolver{eval: resolved, final: final}, "/users/ann/repo"},
	} {
		got, err := c.r.resolve("/anything")
		if err != nil || got != filepath.Clean(c.want) {
			t.Errorf("%s: resolve = %q, %v, want %q", c.name, got, err, c.want)
		}
	}
}
