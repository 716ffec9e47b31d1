// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"archive/tar"
	"context"
	"errors"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// TestRefusedEntriesSentence: the refusal that lists an archive's bad
// entries reads in English exactly as the command line has always printed it
// (first five sorted, then the count), and carries its Text for the window.
func TestRefusedEntriesSentence(t *testing.T) {
	md := skills.SkillMD("pdf", "Work with PDF files.")
	entries := []E{{Name: "SKILL.md", Body: md}}
	for _, n := range []string{"g", "f", "e", "d", "c", "b", "a"} {
		entries = append(entries, E{Name: n, Type: tar.TypeSymlink, Linkname: "SKILL.md"})
	}
	entries = append(entries, E{Name: "dev", Type: tar.TypeFifo})
	archive := skills.BuildArchive(t, "repo-main", entries...)
	s, _, _ := newService(t, map[string][]byte{"owner/repo/HEAD": archive})
	p, _ := newProject(t)
	_, err := s.Install(context.Background(), p, mustSource(t, "owner/repo"), skills.InstallOptions{})
	const want = `the skill pdf (the repository root) cannot be installed, its archive has entries Memo refuses: ` +
		`"a" is a symbolic link; "b" is a symbolic link; "c" is a symbolic link; "d" is a symbolic link; "dev" is a named pipe … (8 in all); nothing was installed`
	if err == nil || err.Error() != want {
		t.Fatalf("Install = %v;\nwant %s", err, want)
	}
	if domain.KindOf(err) != domain.KindForbidden {
		t.Errorf("kind = %s; want forbidden", domain.KindOf(err))
	}
	if txt, ok := domain.TextOf(err); !ok || txt.String() != want {
		t.Errorf("the error carries Text %+v (%v); want one that reads %q", txt, ok, want)
	}
}

// TestSkillsErrorsCarryText: a failure of each layer (parsing, the project,
// the download) carries its Text, keeps its kind and cause, and reads as
// before.
func TestSkillsErrorsCarryText(t *testing.T) {
	s, _, _ := newService(t, map[string][]byte{})
	p, _ := newProject(t)
	_, notFound := s.Install(context.Background(), p, mustSource(t, "owner/nope"), skills.InstallOptions{})
	_, parse := skills.ParseSource("gitlab.com/o/r")
	tests := []struct {
		err  error
		kind domain.Kind
		says string
	}{
		{parse, domain.KindInvalid, `"gitlab.com/o/r" is not on GitHub; Memo installs skills from github.com only: expected a GitHub source such as owner/repo, owner/repo/path/to/skill, owner/repo@skill, https://github.com/owner/repo/tree/main/path or a pasted "npx skills add owner/repo --skill name" line`},
		{notFound, domain.KindNotFound, "no such repository or ref: owner/nope (GitHub answered 404; private repositories cannot be installed from)"},
		{s.Remove(p, "none"), domain.KindNotFound, "no skill named none in " + p.Root},
	}
	for _, tt := range tests {
		if tt.err == nil || tt.err.Error() != tt.says {
			t.Errorf("error = %v; want %q", tt.err, tt.says)
			continue
		}
		if k := domain.KindOf(tt.err); k != tt.kind {
			t.Errorf("%q: kind %s; want %s", tt.err, k, tt.kind)
		}
		if txt, ok := domain.TextOf(tt.err); !ok || txt.String() != tt.says {
			t.Errorf("%q: Text %+v (%v); want one that reads the same", tt.err, txt, ok)
		}
	}
	var de *domain.Error
	if !errors.As(tests[2].err, &de) || de.Cause == nil {
		t.Errorf("the missing skill lost its cause (fs.ErrNotExist)")
	}
}
