// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// TestDescriptionLimitIsInCharacters: 1,024 characters is the most a
// description may have, counted in characters (runes), not bytes: one over
// makes the skill invalid, so it cannot be installed, and a folder holding
// one is broken and cannot be turned on.
func TestDescriptionLimitIsInCharacters(t *testing.T) {
	atLimit := strings.Repeat("é", 1024) // 2,048 bytes
	over := strings.Repeat("é", 1025)
	archive := skills.BuildArchive(t, "r-main",
		E{Name: "ok/SKILL.md", Body: skills.SkillMD("ok", atLimit)},
		E{Name: "long/SKILL.md", Body: skills.SkillMD("long", over)})
	s, sw, _ := newService(t, map[string][]byte{"o/r/HEAD": archive})
	p, _ := newProject(t)
	if _, err := s.Install(context.Background(), p, mustSource(t, "o/r/ok"), skills.InstallOptions{}); err != nil {
		t.Errorf("a description of 1,024 characters (2,048 bytes): %v", err)
	}
	_, err := s.Install(context.Background(), p, mustSource(t, "o/r/long"), skills.InstallOptions{})
	if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(fmt1(err), "its description is 1025 characters, longer than the 1024 the format allows") {
		t.Errorf("a description of 1,025 characters: %v; want refused, counted in characters", err)
	}
	// Written by hand (or a git pull) into a folder: broken, cannot be turned on.
	dir := filepath.Join(p.Root, ".memo", "skills", "long")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(skills.SkillMD("long", over)), 0o644)
	l, _ := s.List(p)
	if got := listed(l, "long"); got.State != skills.StateBroken || got.Problem.IsZero() {
		t.Errorf("List shows the long description as %+v; want broken", got)
	}
	if _, err := s.SetEnabled(p, "long", true); domain.KindOf(err) != domain.KindForbidden || !strings.Contains(fmt1(err), "1025 characters") {
		t.Errorf("on for the long description = %v; want refused", err)
	}
	if got, ok, _ := sw.Switch(p.ID, "long"); ok && got.Enabled {
		t.Errorf("the refused skill was switched on: %+v", got)
	}
}

func listed(l skills.SkillList, name string) skills.Listed {
	for _, s := range l.Skills {
		if s.Name == name {
			return s
		}
	}
	return skills.Listed{}
}

// TestOnRefusesWhatListCallsBroken: every way a folder can be broken in
// List is a refusal of skill on, with List's own reason, said once.
func TestOnRefusesWhatListCallsBroken(t *testing.T) {
	s, sw, _ := newService(t, nil)
	p, _ := newProject(t)
	dir := filepath.Join(p.Root, ".memo", "skills")
	write := func(name, md string) {
		os.MkdirAll(filepath.Join(dir, name), 0o755)
		if md != "" {
			os.WriteFile(filepath.Join(dir, name, "SKILL.md"), []byte(md), 0o644)
		}
	}
	write("empty", " \n")
	write("no-front-matter", "# just a title\n")
	write("bad-yaml", "---\nname: [x\n---\n")
	write("no-description", "---\nname: no-description\n---\n")
	write("missing", "")
	write("Bad_Name", skills.SkillMD("x", "d"))
	os.MkdirAll(filepath.Join(dir, "md-folder", "SKILL.md"), 0o755)
	os.Symlink(t.TempDir(), filepath.Join(dir, "linked"))
	want := map[string]string{
		"empty":           "SKILL.md is empty",
		"no-front-matter": "does not start with front matter",
		"bad-yaml":        "not valid YAML",
		"no-description":  "has no description",
		"missing":         "SKILL.md",
		"md-folder":       "not a plain file",
		"linked":          "is a link",
	}
	l, err := s.List(p)
	if err != nil {
		t.Fatal(err)
	}
	for name, says := range want {
		got := listed(l, name)
		if got.State != skills.StateBroken || !strings.Contains(got.Problem.String(), says) {
			t.Errorf("List shows %s as %+v; want broken saying %q", name, got, says)
		}
		_, err := s.SetEnabled(p, name, true)
		if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(fmt1(err), says) {
			t.Errorf("on for %s = %v; want refused saying %q", name, err, says)
		}
		if strings.Count(fmt1(err), says) != 1 {
			t.Errorf("on for %s says %q %d times: %v", name, says, strings.Count(fmt1(err), says), err)
		}
	}
	// A folder whose name is not a skill name is listed as broken; as a
	// name it is not even accepted.
	if got := listed(l, "Bad_Name"); got.State != skills.StateBroken {
		t.Errorf("List shows Bad_Name as %+v; want broken", got)
	}
	if _, err := s.SetEnabled(p, "Bad_Name", true); domain.KindOf(err) != domain.KindInvalid {
		t.Errorf("on for Bad_Name = %v; want invalid", err)
	}
	if sw.Len() != 0 {
		t.Errorf("refused switches were stored: %d", sw.Len())
	}
}
