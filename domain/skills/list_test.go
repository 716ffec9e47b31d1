// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"memo.dev/projects/domain/skills"
)

func TestListReadsFoldersAsUntrusted(t *testing.T) {
	s, sw, _ := newService(t, nil)
	p, _ := newProject(t)
	dir := filepath.Join(p.Root, ".memo", "skills")
	os.MkdirAll(filepath.Join(dir, "good"), 0o755)
	os.WriteFile(filepath.Join(dir, "good", "SKILL.md"), []byte(skillMDTools), 0o644)
	os.MkdirAll(filepath.Join(dir, "linked-md"), 0o755)
	os.Symlink("/dev/zero", filepath.Join(dir, "linked-md", "SKILL.md"))
	os.Symlink(t.TempDir(), filepath.Join(dir, "linked-folder"))
	os.MkdirAll(filepath.Join(dir, ".staging-123"), 0o755)
	os.WriteFile(filepath.Join(dir, "stray.txt"), []byte("x"), 0o644)
	sw.SetSwitch(p.ID, "good", skills.Switch{Enabled: true})
	sw.SetSwitch("p_other", "linked-md", skills.Switch{Enabled: true})

	sl, err := s.List(p)
	if err != nil {
		t.Fatal(err)
	}
	list := sl.Skills
	var got []string
	for _, l := range list {
		got = append(got, l.Name)
	}
	if !slices.Equal(got, []string{"good", "linked-folder", "linked-md"}) {
		t.Fatalf("List names = %q", got)
	}
	// Switched on with no content pinned (before pins existed): off until
	// turned on again, which pins it.
	if list[0].Enabled || list[0].State != skills.StateChanged || !slices.Equal(list[0].DroppedTools, []string{"Bash", "Edit"}) || !list[0].Problem.IsZero() {
		t.Errorf("good = %+v; want changed and off", list[0])
	}
	if _, err := s.SetEnabled(p, "good", true); err != nil {
		t.Fatal(err)
	}
	if sl, _ := s.List(p); !sl.Skills[0].Enabled || sl.Skills[0].State != skills.StateOn {
		t.Errorf("good turned on again = %+v", sl.Skills[0])
	}
	if list[1].Problem.IsZero() || list[2].Problem.IsZero() || list[2].Enabled {
		t.Errorf("linked = %+v, %+v; want problems and off (another project's switch is not this one's)", list[1], list[2])
	}
	// Removing a linked folder removes the link, not its target.
	if err := s.Remove(p, "linked-folder"); err != nil {
		t.Fatal(err)
	}
}

const skillMDTools = "---\nname: good\ndescription: Good.\ntools:\n  - Bash\n  - Edit\n---\n"
