// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

// TestLibraryTextStaysBehindDetails: a domain sentence that quotes an
// error's own text (a YAML parser's, SQLite's, strconv's, the project's own
// English) says, in English and in Turkish, "see Details" in its place;
// Details hold the text. One case per kind of quoted error.
func TestLibraryTextStaysBehindDetails(t *testing.T) {
	cases := []struct {
		name, library string
		err           func(lib error) error
	}{
		{"yaml", "yaml: line 3: mapping values are not allowed in this context", func(lib error) error {
			return domain.T("SKILL.md's front matter is not valid YAML: {{.Error}}", "Error", domain.Sentence(lib)).Err(domain.ErrInvalid)
		}},
		{"sqlite", "database is locked (5) (SQLITE_BUSY)", func(lib error) error {
			return domain.T("cannot read {{.Path}}: {{.Error}}", "Path", "/p/.memo/skills", "Error", domain.Sentence(lib)).Wrap(domain.ErrInvalid, lib)
		}},
		{"strconv", `strconv.ParseInt: parsing "x": invalid syntax`, func(lib error) error {
			return domain.T("cannot read {{.Path}}: {{.Error}}", "Path", "/p/skills-lock.json", "Error", domain.Sentence(lib)).Err(domain.ErrInvalid)
		}},
		{"an error within an error", "unexpected EOF in the middle of a tar header", func(lib error) error {
			inner := domain.T("cannot read {{.Path}}: {{.Error}}", "Path", "/p/a", "Error", domain.Sentence(lib))
			return domain.T("the skill {{.Name}} cannot be installed: {{.Error}}", "Name", "pdf", "Error", inner).Err(domain.ErrRefused)
		}},
	}
	for _, lng := range []struct {
		name string
		use  func(*testing.T)
		see  string
	}{{"en", useEnglish, "see Details"}, {"tr", useTurkish, "Ayrıntılar'a bakın"}} {
		t.Run(lng.name, func(t *testing.T) {
			lng.use(t)
			for _, tc := range cases {
				err := tc.err(errors.New(tc.library))
				text, detail := plainError(err)
				if strings.Contains(text, tc.library) || strings.Contains(text, strings.SplitN(tc.library, ":", 2)[0]) {
					t.Errorf("%s: the sentence %q holds the library's text %q", tc.name, text, tc.library)
				}
				if !strings.Contains(text, lng.see) {
					t.Errorf("%s: the sentence %q does not point to Details (%q)", tc.name, text, lng.see)
				}
				if !strings.Contains(detail, tc.library) {
					t.Errorf("%s: Details %q do not hold the library's text %q", tc.name, detail, tc.library)
				}
				if lng.name == "tr" && (strings.Contains(text, "cannot") || strings.Contains(text, "front matter")) {
					t.Errorf("%s: the Turkish sentence %q is English", tc.name, text)
				}
			}
		})
	}
}
