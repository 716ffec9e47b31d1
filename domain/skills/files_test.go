// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// TestShowFileReadsOnlyTheSkillsOwnFiles: a file of an installed skill is
// read as text (binary as its first bytes, a long one cut at a character);
// a path that is not a plain relative one, a link, or a file behind a
// linked folder is refused.
func TestShowFileReadsOnlyTheSkillsOwnFiles(t *testing.T) {
	f := newLockFixture(t)
	f.repo.Push("o/repo", pdfV1...)
	inst := f.install(t, "o/repo@pdf")
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(filepath.Join(filepath.Dir(secret), "secret"), []byte("key"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("a", 256<<10-1) + "é and more"
	for name, body := range map[string]string{"logo.png": "\x89PNG\x00\x01" + strings.Repeat("x", 5000), "long.md": long} {
		if err := os.WriteFile(filepath.Join(inst.Path, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Dir(secret), filepath.Join(inst.Path, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(inst.Path, "link.md")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rel  string
		kind domain.Kind // "" reads
		want func(skills.FileText) bool
	}{
		{"ref/forms.md", "", func(ft skills.FileText) bool { return ft.Text == "Fill the form.\n" && !ft.Binary && !ft.Cut }},
		{"logo.png", "", func(ft skills.FileText) bool {
			return ft.Binary && ft.Text == "" && len(ft.Head) == 4096 && ft.Cut && ft.Size == 5006
		}},
		{"long.md", "", func(ft skills.FileText) bool {
			return ft.Cut && utf8.ValidString(ft.Text) && len(ft.Text) == 256<<10-1 && ft.Size == int64(len(long))
		}},
		{"linked/secret", domain.KindInvalid, nil},
		{"link.md", domain.KindInvalid, nil},
		{"../pdf/SKILL.md", domain.KindInvalid, nil},
		{"ref/../SKILL.md", domain.KindInvalid, nil},
		{"/etc/passwd", domain.KindInvalid, nil},
		{`ref\forms.md`, domain.KindInvalid, nil},
		{"C:forms.md", domain.KindInvalid, nil},
		{"", domain.KindInvalid, nil},
		{".", domain.KindInvalid, nil},
		{"ref", domain.KindInvalid, nil},
		{"missing.md", domain.KindNotFound, nil},
		{"nothing/here.md", domain.KindNotFound, nil},
	}
	for _, tt := range tests {
		ft, err := f.s.ShowFile(f.p, "pdf", tt.rel)
		switch {
		case tt.kind != "" && domain.KindOf(err) != tt.kind:
			t.Errorf("ShowFile(%q) = %v, want %s", tt.rel, err, tt.kind)
		case tt.kind != "" && strings.Contains(ft.Text, "key"):
			t.Errorf("ShowFile(%q) read the file behind a link", tt.rel)
		case tt.kind == "" && (err != nil || !tt.want(ft)):
			t.Errorf("ShowFile(%q) = %+v (%d bytes), %v", tt.rel, ft.Path, len(ft.Text), err)
		}
	}
	if _, err := f.s.ShowFile(f.p, "../pdf", "SKILL.md"); domain.KindOf(err) != domain.KindInvalid {
		t.Errorf("ShowFile of the skill ../pdf = %v, want invalid", err)
	}
}

// TestRevealHidden: what the review warns of is written as its code
// point and marked; what a person sees stays as it is, emoji sequences
// and line ends included.
func TestRevealHidden(t *testing.T) {
	tests := []struct {
		in   string
		want string // hidden pieces in [ ]
	}{
		{"plain text\n\tindented\r\n", "plain text\n\tindented\r\n"},
		{"safe\u202Eevil", "safe[\\u{202E}]evil"},
		{"zero\u200Bwidth", "zero[\\u{200B}]width"},
		{"tag\U000E0041", "tag[\\u{E0041}]"},
		{"a\uFE0F", "a[\\u{FE0F}]"},
		{"👩\u200D💻 and 1\uFE0F\u20E3", "👩\u200D💻 and 1\uFE0F\u20E3"},
		{"\uFEFFstarts with a BOM", "starts with a BOM"},
		{"mid\uFEFFdle", "mid[\\u{FEFF}]dle"},
		{"echo safe\rrm -rf", "echo safe[\\u{D}]rm -rf"},
		{"bell\x07 escape\x1b[31m", "bell[\\u{7}] escape[\\u{1B}][31m"},
		{"bad \xff byte", "bad [\\xff] byte"},
		{"a real \uFFFD stays", "a real \uFFFD stays"},
		{"", ""},
	}
	for _, tt := range tests {
		var b strings.Builder
		for _, p := range skills.RevealHidden(tt.in) {
			if p.Hidden {
				b.WriteString("[" + p.Text + "]")
			} else {
				b.WriteString(p.Text)
			}
		}
		if b.String() != tt.want {
			t.Errorf("RevealHidden(%q) = %q, want %q", tt.in, b.String(), tt.want)
		}
	}
}
