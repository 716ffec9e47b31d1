// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

func TestManagerShow(t *testing.T) {
	f := newManager(t)
	root := f.setUp(t)
	if _, err := f.m.Add(context.Background(), root, "o/repo@pdf", skills.AddOptions{}); err != nil {
		t.Fatal(err)
	}
	sh, err := f.m.Show(root, "pdf")
	if err != nil {
		t.Fatal(err)
	}
	if sh.Markdown != "# PDF\n" || sh.Description != "Work with PDF files." || len(sh.Files) != 1 || sh.Files[0].Path != "SKILL.md" || sh.Files[0].Size != int64(len(md)) {
		t.Errorf("Show = %+v", sh)
	}
	if _, err := f.m.Show(root, "nope"); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("Show of a missing skill: %v, want not found", err)
	}
	// A SKILL.md that is a link is never followed.
	dir := filepath.Join(root, ".memo", "skills", "pdf")
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte("---\nname: x\ndescription: y\n---\nsecret"), 0o644)
	os.Remove(filepath.Join(dir, "SKILL.md"))
	if err := os.Symlink(secret, filepath.Join(dir, "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	if sh, err := f.m.Show(root, "pdf"); err == nil {
		t.Errorf("Show read through a link: %+v", sh)
	}
}
