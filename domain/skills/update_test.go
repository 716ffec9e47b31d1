// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"archive/tar"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// pdfV2 moves HEAD: SKILL.md changes, a script is added, a file goes.
var pdfV2 = []skillstest.Entry{
	{Name: "README.md", Body: "# skills\n"},
	{Name: "skills/pdf/SKILL.md", Body: "---\nname: pdf\ndescription: Work with PDF files.\nallowed-tools: Bash\n---\n# PDF\nStep one.\nStep two.\n"},
	{Name: "skills/pdf/tools/fill.sh", Body: "#!/bin/sh\necho\n"},
	{Name: "skills/pdf/logo.png", Body: "\x89PNG\x00\x01"},
	{Name: "skills/docx/SKILL.md", Body: "---\nname: docx\ndescription: Word files.\n---\n"},
}

func TestCheckFollowsHead(t *testing.T) {
	f := newLockFixture(t)
	c1 := f.repo.Push("o/repo", pdfV1...)
	f.install(t, "o/repo@pdf")
	f.install(t, "https://github.com/o/repo/tree/"+c1+"/skills/docx") // pinned to a commit
	n := f.repo.Requests.Load()
	got, err := f.s.Check(context.Background(), f.p, nil)
	want := []skills.Checked{
		{Name: "docx", Source: "o/repo/skills/docx", Commit: c1, LatestCommit: c1},
		{Name: "pdf", Source: "o/repo/skills/pdf", Commit: c1, LatestCommit: c1},
	}
	if err != nil || !slices.EqualFunc(got.Skills, want, func(a, b skills.Checked) bool {
		return a.Name == b.Name && a.Source == b.Source && a.Commit == b.Commit && a.LatestCommit == b.LatestCommit && a.Update == b.Update && a.Error.IsZero()
	}) {
		t.Errorf("Check before HEAD moves = %+v, %v; want %+v", got, err, want)
	}
	if d := f.repo.Requests.Load() - n; d != 1 {
		t.Errorf("Check downloaded %d archives; want 1 (a commit ref never moves)", d)
	}
	// HEAD moves, but only the README changes: no update for pdf.
	readme := append(slices.Clone(pdfV1[1:]), skillstest.Entry{Name: "README.md", Body: "# new readme\n"})
	c2 := f.repo.Push("o/repo", readme...)
	got, _ = f.s.Check(context.Background(), f.p, nil)
	if pdf := got.Skills[1]; pdf.LatestCommit != c2 || pdf.Update {
		t.Errorf("Check after a README change = %+v; want latest %s, no update", pdf, c2)
	}
	c3 := f.repo.Push("o/repo", pdfV2...)
	var calls [][2]int
	got, _ = f.s.Check(context.Background(), f.p, func(done, total int) { calls = append(calls, [2]int{done, total}) })
	if pdf := got.Skills[1]; pdf.LatestCommit != c3 || !pdf.Update || got.Skills[0].Update {
		t.Errorf("Check after HEAD moved = %+v; want pdf's update at %s, none for docx", got, c3)
	}
	if !slices.Equal(calls, [][2]int{{0, 2}, {1, 2}, {2, 2}}) {
		t.Errorf("progress = %v", calls)
	}
	// A source gone: its error, the others still checked.
	f.repo.Serve(func(repo, ref string, b []byte) []byte { return []byte("not gzip") })
	got, err = f.s.Check(context.Background(), f.p, nil)
	if err != nil || got.Skills[1].Error.IsZero() || !got.Skills[0].Error.IsZero() {
		t.Errorf("Check of a broken archive = %+v, %v; want pdf's error only", got, err)
	}
}

func TestUpdateReviewsThenSwaps(t *testing.T) {
	f := newLockFixture(t)
	f.repo.Push("o/repo", pdfV1...)
	inst := f.install(t, "o/repo@pdf")
	if _, err := f.s.SetEnabled(f.p, "pdf", true); err != nil {
		t.Fatal(err)
	}
	c2 := f.repo.Push("o/repo", pdfV2...)
	lockBefore := f.lockFile(t)
	before := tree(t, f.p.Root)

	r, err := f.s.Update(context.Background(), f.p, "pdf", skills.UpdateOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if !r.DryRun || !r.Enabled || r.From != inst.Commit || r.To != c2 || !hexHash.MatchString(r.Hash) {
		t.Errorf("dry run = %+v", r)
	}
	var kinds []string
	for _, c := range r.Changes {
		kinds = append(kinds, c.Path+" "+c.Change)
	}
	if want := []string{"SKILL.md modified", "logo.png added", "ref/forms.md removed", "tools/fill.sh added"}; !slices.Equal(kinds, want) {
		t.Errorf("changes = %q; want %q", kinds, want)
	}
	for _, c := range r.Changes {
		switch c.Path {
		case "SKILL.md":
			if !strings.Contains(c.Diff, "+Step two.") || !strings.Contains(c.Diff, "+allowed-tools: Bash") || len(c.Hunks) == 0 {
				t.Errorf("SKILL.md's diff = %q", c.Diff)
			}
		case "logo.png":
			if !c.Binary || c.Diff != "" {
				t.Errorf("logo.png = %+v; want compared by digest", c)
			}
		}
	}
	w := joinTexts(r.Warnings)
	if !strings.Contains(w, "tools/fill.sh") || !slices.Equal(r.DroppedTools, []string{"Bash"}) {
		t.Errorf("the review's warnings %q and dropped tools %q; want the script and Bash", w, r.DroppedTools)
	}
	if got := tree(t, f.p.Root); !slices.Equal(got, before) || f.lockFile(t) != lockBefore {
		t.Errorf("the dry run wrote: %q", got)
	}

	r, err = f.s.Update(context.Background(), f.p, "pdf", skills.UpdateOptions{})
	if err != nil || r.Enabled || r.DryRun {
		t.Fatalf("Update = %+v, %v", r, err)
	}
	l, _ := f.s.List(f.p)
	got := listed(l, "pdf")
	if got.Enabled || got.State != skills.StateOff || got.Commit != c2 || got.Hash != r.Hash || got.Lock != skills.LockUnchanged {
		t.Errorf("after the update List = %+v; want off at %s", got, c2)
	}
	if files := tree(t, inst.Path); !slices.Equal(files, []string{"SKILL.md", "logo.png", "tools/", "tools/fill.sh"}) {
		t.Errorf("the updated skill holds %q", files)
	}
	if left := tree(t, filepath.Dir(inst.Path)); len(left) != 5 {
		t.Errorf(".memo/skills holds %q; want only pdf", left)
	}
	// Updating to the same version changes nothing but says so.
	r, err = f.s.Update(context.Background(), f.p, "pdf", skills.UpdateOptions{DryRun: true})
	if err != nil || len(r.Changes) != 0 {
		t.Errorf("a second update = %+v, %v; want no changes", r, err)
	}
}

// TestUpdateInterruptedLeavesTheOldVersion: a failure at any step of the
// swap puts the old version back whole, the lock and the switch as they
// were, and leaves no work folder.
func TestUpdateInterruptedLeavesTheOldVersion(t *testing.T) {
	for _, step := range []string{"plan", "aside", "swap", "lock", "switch"} {
		t.Run(step, func(t *testing.T) {
			f := newLockFixture(t)
			f.repo.Push("o/repo", pdfV1...)
			inst := f.install(t, "o/repo@pdf")
			if _, err := f.s.SetEnabled(f.p, "pdf", true); err != nil {
				t.Fatal(err)
			}
			f.repo.Push("o/repo", pdfV2...)
			lock := f.lockFile(t)
			injected := errors.New("injected failure")
			f.s.SetFail(func(s string) error {
				if s == step {
					return injected
				}
				return nil
			})
			_, err := f.s.Update(context.Background(), f.p, "pdf", skills.UpdateOptions{})
			if !errors.Is(err, injected) || !strings.Contains(fmt1(err), "the old version is in place") {
				t.Errorf("Update failing at %s = %v", step, err)
			}
			if hash, err := skills.TreeHash(inst.Path); err != nil || hash != inst.Hash {
				t.Errorf("after a failure at %s the skill's hash is %s (%v); want the old %s", step, hash, err, inst.Hash)
			}
			if f.lockFile(t) != lock {
				t.Errorf("after a failure at %s the lock is\n%s\nwant\n%s", step, f.lockFile(t), lock)
			}
			if l, _ := f.s.List(f.p); !listed(l, "pdf").Enabled {
				t.Errorf("after a failure at %s the skill is %+v; want still on", step, listed(l, "pdf"))
			}
			if left := tree(t, filepath.Dir(inst.Path)); !slices.Equal(left, []string{"pdf/", "pdf/SKILL.md", "pdf/ref/", "pdf/ref/forms.md"}) {
				t.Errorf("after a failure at %s .memo/skills holds %q", step, left)
			}
		})
	}
}

func TestUpdateNeedsALockedSource(t *testing.T) {
	f := newLockFixture(t)
	dir := filepath.Join(f.p.Root, ".memo", "skills", "hand")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(skills.SkillMD("hand", "Made by hand.")), 0o644)
	if _, err := f.s.Update(context.Background(), f.p, "hand", skills.UpdateOptions{}); domain.KindOf(err) != domain.KindInvalid || !strings.Contains(fmt1(err), "pin this version first") {
		t.Errorf("Update of an unlocked skill = %v", err)
	}
	if _, err := f.s.Pin(f.p, "hand"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Update(context.Background(), f.p, "hand", skills.UpdateOptions{}); domain.KindOf(err) != domain.KindInvalid || !strings.Contains(fmt1(err), "without a source") {
		t.Errorf("Update of a skill pinned without a source = %v", err)
	}
}

func TestVerifyStates(t *testing.T) {
	f := newLockFixture(t)
	f.repo.Push("o/repo", pdfV1...)
	pdf := f.install(t, "o/repo@pdf")
	docx := f.install(t, "o/repo@docx")
	appendTo(t, filepath.Join(pdf.Path, "SKILL.md"), "edited\n")
	os.RemoveAll(docx.Path)
	hand := filepath.Join(f.p.Root, ".memo", "skills", "hand")
	os.MkdirAll(hand, 0o755)
	os.WriteFile(filepath.Join(hand, "SKILL.md"), []byte(skills.SkillMD("hand", "Made by hand.")), 0o644)
	got, err := f.s.Verify(f.p)
	want := []skills.Verified{{Name: "docx", State: "missing"}, {Name: "hand", State: "unlocked"}, {Name: "pdf", State: "modified"}}
	if err != nil || !slices.Equal(got.Skills, want) {
		t.Errorf("Verify = %+v, %v; want %+v", got, err, want)
	}
	// Pin this version: the unlocked skill enters the lock as it is.
	pinned, err := f.s.Pin(f.p, "hand")
	if err != nil || !hexHash.MatchString(pinned.Hash) || pinned.Source != "" {
		t.Errorf("Pin = %+v, %v", pinned, err)
	}
	if _, err := f.s.Pin(f.p, "hand"); domain.KindOf(err) != domain.KindConflict {
		t.Errorf("Pin again = %v; want a conflict", err)
	}
	if got, _ := f.s.Verify(f.p); got.Skills[1] != (skills.Verified{Name: "hand", State: "unchanged"}) {
		t.Errorf("after Pin, Verify = %+v", got)
	}
}

// TestRestoreInstallsAtTheLockedCommit: the missing skills come back at the
// commit the lock names, even after HEAD moved; an archive whose files do
// not match the locked hash is refused and nothing of it is installed.
func TestRestoreInstallsAtTheLockedCommit(t *testing.T) {
	f := newLockFixture(t)
	f.repo.Push("o/repo", pdfV1...)
	pdf := f.install(t, "o/repo@pdf")
	docx := f.install(t, "o/repo@docx")
	lock := f.lockFile(t)
	f.repo.Push("o/repo", pdfV2...)
	os.RemoveAll(pdf.Path)
	os.RemoveAll(docx.Path)
	if l, _ := f.s.List(f.p); !slices.Equal(l.Missing, []string{"docx", "pdf"}) {
		t.Errorf("List's missing = %q", l.Missing)
	}
	got, err := f.s.Restore(context.Background(), f.p, nil)
	if err != nil || len(got.Skills) != 2 || !got.Skills[0].Restored || !got.Skills[1].Restored {
		t.Fatalf("Restore = %+v, %v", got, err)
	}
	if hash, _ := skills.TreeHash(pdf.Path); hash != pdf.Hash {
		t.Errorf("restored pdf has hash %s; want the locked %s (not HEAD's)", hash, pdf.Hash)
	}
	if f.lockFile(t) != lock {
		t.Errorf("Restore changed the lock")
	}
	if l, _ := f.s.List(f.p); listed(l, "pdf").Enabled || len(l.Missing) != 0 {
		t.Errorf("after Restore List = %+v; want pdf off, nothing missing", l)
	}

	// A mismatched archive at the locked commit: refused, nothing installed.
	os.RemoveAll(pdf.Path)
	f.repo.Serve(func(repo, ref string, b []byte) []byte {
		return skillstest.Archive(t, ref, "repo-"+ref, skillstest.Entry{Name: "skills/pdf/SKILL.md", Body: skills.SkillMD("pdf", "Tampered.")})
	})
	got, err = f.s.Restore(context.Background(), f.p, nil)
	if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(fmt1(err), "does not hold the files the lock lists for pdf") {
		t.Errorf("Restore of a mismatched archive = %+v, %v; want refused", got, err)
	}
	if len(got.Skills) != 1 || got.Skills[0].Restored || got.Skills[0].Error.IsZero() {
		t.Errorf("Restore's answer = %+v", got)
	}
	if left := tree(t, filepath.Dir(pdf.Path)); slices.Contains(left, "pdf/") || len(left) != 2 {
		t.Errorf("after the refusal .memo/skills holds %q; want only docx", left)
	}
}

// TestKilledUpdateLeavesTheOldVersion: an update killed before each step
// (no deferred cleanup runs) leaves the old version whole; the next command
// puts it back in place, unless the lock already named the new version, in
// which case the new version is whole and the old one goes.
func TestKilledUpdateLeavesTheOldVersion(t *testing.T) {
	if step := os.Getenv("SKILLS_TEST_KILL_AT"); step != "" {
		killedUpdate(t, step)
		return
	}
	for _, step := range []string{"plan", "aside", "swap", "lock", "switch"} {
		t.Run(step, func(t *testing.T) {
			f := newLockFixture(t)
			f.repo.Push("o/repo", pdfV1...)
			old := f.install(t, "o/repo@pdf")
			f.repo.Push("o/repo", pdfV2...)
			lock := f.lockFile(t)
			cmd := exec.Command(os.Args[0], "-test.run=^TestKilledUpdateLeavesTheOldVersion$")
			cmd.Env = append(os.Environ(), "SKILLS_TEST_KILL_AT="+step, "SKILLS_TEST_ROOT="+f.p.Root, "SKILLS_TEST_BASE="+f.repo.URL)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 3 {
				t.Fatalf("the update was not killed at %s: %v\n%s", step, err, out)
			}
			committed := step == "switch" // killed after the lock named the new version
			if _, err := f.s.List(f.p); err != nil {
				t.Fatal(err)
			}
			hash, err := skills.TreeHash(old.Path)
			switch {
			case err != nil:
				t.Errorf("killed before %s: the skill is gone after the next command (%v)", step, err)
			case committed && (hash == old.Hash || f.lockFile(t) == lock):
				t.Errorf("killed before %s (after the commit): hash %s, lock unchanged %v; want the new version", step, hash, f.lockFile(t) == lock)
			case !committed && (hash != old.Hash || f.lockFile(t) != lock):
				t.Errorf("killed before %s: hash %s (old %s), lock unchanged %v; want the old version whole", step, hash, old.Hash, f.lockFile(t) == lock)
			}
			if left, _ := filepath.Glob(filepath.Join(f.p.Root, ".memo", "skills", ".updating-*")); len(left) != 0 {
				t.Errorf("killed before %s: the next command left %q", step, left)
			}
		})
	}
}

func killedUpdate(t *testing.T, step string) {
	s, err := skills.NewService(newSwitches(), nil, os.Getenv("SKILLS_TEST_BASE"))
	if err != nil {
		t.Fatal(err)
	}
	s.SetFail(func(at string) error {
		if at == step {
			os.Exit(3) // as a kill: no deferred function runs
		}
		return nil
	})
	p := skills.Project{ID: "p_0123456789abcdef0123456789abcdef", Root: os.Getenv("SKILLS_TEST_ROOT")}
	_, err = s.Update(context.Background(), p, "pdf", skills.UpdateOptions{})
	t.Fatalf("the update was not killed at %s: %v", step, err)
}

// TestCheckSaysWhyANewVersionCannotBeInstalled: an upstream version with an
// entry Memo refuses is named by what is wrong with it, as an install of it
// would say, never "larger than the limits"; one member of the class each.
func TestCheckSaysWhyANewVersionCannotBeInstalled(t *testing.T) {
	for _, tc := range []struct {
		name  string
		entry skillstest.Entry
		want  string
	}{
		{"symlink", skillstest.Entry{Name: "skills/pdf/link.md", Type: tar.TypeSymlink, Linkname: "../../README.md"}, `"link.md" is a symbolic link`},
		{"hard link", skillstest.Entry{Name: "skills/pdf/hard.md", Type: tar.TypeLink, Linkname: "repo/README.md"}, `"hard.md" is a hard link`},
		{"fifo", skillstest.Entry{Name: "skills/pdf/pipe", Type: tar.TypeFifo}, `"pipe"`},
		{"bad name", skillstest.Entry{Name: "skills/pdf/a:b.md", Body: "x\n"}, `"a:b.md"`},
		{"twice", skillstest.Entry{Name: "skills/pdf/ref/forms.md", Body: "again\n"}, "appears twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newLockFixture(t)
			f.repo.Push("o/repo", pdfV1...)
			f.install(t, "o/repo@pdf")
			f.repo.Push("o/repo", append(slices.Clone(pdfV1), tc.entry)...)
			got, err := f.s.Check(context.Background(), f.p, nil)
			if err != nil || len(got.Skills) != 1 {
				t.Fatalf("Check = %+v, %v", got, err)
			}
			msg := got.Skills[0].Error.String()
			if !strings.Contains(msg, tc.want) || !strings.Contains(msg, "cannot be installed") || strings.Contains(msg, "larger than the limits") {
				t.Errorf("Check of a version with %s says %q; want it to name %s", tc.name, msg, tc.want)
			}
		})
	}
}
