// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/project"
)

// TestMain lets a test run this binary as a Memo run that dies mid-way: with
// MEMO_TEST_LEAVE=DIR it leaves in DIR exactly what an interrupted setup
// leaves (its temporary folder and temporary files) and exits at once.
func TestMain(m *testing.M) {
	if dir := os.Getenv("MEMO_TEST_LEAVE"); dir != "" {
		os.Exit(leave(dir))
	}
	os.Exit(m.Run())
}

func leave(root string) int {
	tmp, err := atomicfile.MkdirTemp(root, "memo-setup", 0o777)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	os.WriteFile(filepath.Join(tmp, "project.json"), []byte(validJSON), 0o666)
	os.Mkdir(filepath.Join(tmp, "skills"), 0o777)
	if f, err := atomicfile.CreateTemp(tmp, "notes.md", 0o666); err == nil {
		f.WriteString("part")
	}
	dirs := map[string][]string{root: {"AGENTS.md", "handoff.md"}, filepath.Join(root, ".memo"): {"project.json", "AGENTS.md"}}
	for dir, bases := range dirs {
		for _, base := range bases {
			if f, err := atomicfile.CreateTemp(dir, base, 0o666); err == nil {
				f.WriteString("part")
			}
		}
	}
	return 0 // no cleanup: as if killed
}

// killedRun leaves what an interrupted run of another process leaves in root.
func killedRun(t *testing.T, root string) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "MEMO_TEST_LEAVE="+root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("leaving an interrupted run in %s: %v\n%s", root, err, out)
	}
}

var tempShape = regexp.MustCompile(`\.memo-[0-9a-f]{8}-[0-9]+-[0-9a-f]{16}\.tmp$`)

func leftovers(t *testing.T, root string) []string {
	var out []string
	for rel := range tree(t, root) {
		if tempShape.MatchString(rel) {
			out = append(out, rel)
		}
	}
	return out
}

func TestLeftoversOfAKilledRunAreCleanedLookAlikesSurvive(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	// The user's own files whose names look like temporary names.
	lookAlikes := []string{
		".memo-setup-drafts.tmp/notes.txt",
		".memo-setup-123.tmp/project.json",
		".AGENTS.md.123456.tmp",
		".handoff.md.memo-drafts.tmp",
		".memo-setup.memo-00000000-1-0123456789abcdef.tmp/mine.txt", // our shape, but not only what setup writes
	}
	for _, p := range lookAlikes {
		write(t, filepath.Join(dir, p), "mine")
	}
	killedRun(t, dir) // before .memo exists: the setup folder, root temp files
	if got := leftovers(t, dir); len(got) < 4 {
		t.Fatalf("the killed run left %v, want its setup folder and temporary files", got)
	}
	st, err := s.Status(dir)
	if err != nil || !st.Allowed || st.SetUp {
		t.Fatalf("Status after a killed run = %+v, %v; want allowed, not set up", st, err)
	}
	if _, err := s.Setup(dir); err != nil {
		t.Fatal(err)
	}
	killedRun(t, dir) // now also inside .memo
	if _, err := s.Setup(dir); err != nil {
		t.Fatal(err)
	}
	if got := leftovers(t, dir); !slices.Equal(got, []string{".memo-setup.memo-00000000-1-0123456789abcdef.tmp"}) {
		t.Errorf("after setup, temporary leftovers %v remain; want only the user's look-alike folder", got)
	}
	for _, p := range lookAlikes {
		if b, err := os.ReadFile(filepath.Join(dir, p)); err != nil || string(b) != "mine" {
			t.Errorf("setup removed or changed the user's %s (%v)", p, err)
		}
	}
}

// A run still going (this process) keeps its temporary files: only a gone
// creator's are removed.
func TestLeftoversOfALiveRunStay(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	f, err := atomicfile.CreateTemp(dir, "AGENTS.md", 0o666)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := s.Setup(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.Name()); err != nil {
		t.Errorf("setup removed a live run's temporary file: %v", err)
	}
}

// TestMemoFoldersAreNeverProjects: a folder at or below a .memo that is not a
// project's own valid .memo is never a project, whatever the way to it.
func TestMemoFoldersAreNeverProjects(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, x string) string // returns the path to pick
	}{
		{"foreign .memo", func(t *testing.T, x string) string {
			write(t, x+"/.memo/other.txt", "x")
			return x + "/.memo"
		}},
		{"below a foreign .memo", func(t *testing.T, x string) string {
			write(t, x+"/.memo/skills/foo/x.txt", "x")
			return x + "/.memo/skills/foo"
		}},
		{"install-like .memo", func(t *testing.T, x string) string {
			os.MkdirAll(x+"/.memo/bin", 0o755)
			os.MkdirAll(x+"/.memo/data", 0o755)
			return x + "/.memo"
		}},
		{"below an install-like .memo", func(t *testing.T, x string) string {
			os.MkdirAll(x+"/.memo/data/sub", 0o755)
			return x + "/.memo/data/sub"
		}},
		{"install-like .memo of a valid project", func(t *testing.T, x string) string {
			write(t, x+"/.memo/project.json", validJSON)
			os.MkdirAll(x+"/.memo/bin", 0o755)
			return x + "/.memo"
		}},
		{"symlinked .memo", func(t *testing.T, x string) string {
			target := x + "/elsewhere"
			os.MkdirAll(target, 0o755)
			os.Mkdir(x+"/repo", 0o755)
			os.Symlink(target, x+"/repo/.memo")
			return x + "/repo/.memo"
		}},
		{"below a symlinked .memo", func(t *testing.T, x string) string {
			os.MkdirAll(x+"/elsewhere/skills", 0o755)
			os.Mkdir(x+"/repo", 0o755)
			os.Symlink(x+"/elsewhere", x+"/repo/.memo")
			return x + "/repo/.memo/skills"
		}},
		{"symlinked .memo to a valid project's", func(t *testing.T, x string) string {
			write(t, x+"/real/.memo/project.json", validJSON)
			os.Mkdir(x+"/repo", 0o755)
			os.Symlink(x+"/real/.memo", x+"/repo/.memo")
			return x + "/repo/.memo"
		}},
		{"a link into a foreign .memo", func(t *testing.T, x string) string {
			write(t, x+"/repo/.memo/sub/x.txt", "x")
			os.Symlink(x+"/repo/.memo/sub", x+"/link")
			return x + "/link"
		}},
		{"nested .memo in a foreign .memo", func(t *testing.T, x string) string {
			write(t, x+"/.memo/a/.memo/project.json", validJSON)
			return x + "/.memo/a"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, reg := newTestService(t)
			x := t.TempDir()
			pick := tt.prepare(t, x)
			before := tree(t, x)
			st, err := s.Status(pick)
			if err != nil {
				t.Fatalf("Status(%s): %v", tt.name, err)
			}
			if st.Allowed || st.Reason == "" || st.Enabled || st.ShouldAsk {
				t.Errorf("Status(%s) = %+v, want not allowed with a reason", tt.name, st)
			}
			if _, _, err := s.Register(pick); !errors.Is(err, domain.ErrRefused) {
				t.Errorf("Register(%s) err = %v, want refused", tt.name, err)
			}
			if _, err := s.Setup(pick); !errors.Is(err, domain.ErrRefused) {
				t.Errorf("Setup(%s) err = %v, want refused", tt.name, err)
			}
			if after := tree(t, x); !mapsEqual(before, after) {
				t.Errorf("refused Setup(%s) changed the folder:\nbefore %v\nafter  %v", tt.name, before, after)
			}
			if recs, _ := reg.List(); len(recs) != 0 {
				t.Errorf("refused Setup(%s) registered %+v", tt.name, recs)
			}
		})
	}
}

// Picking the inside of a project's own .memo is picking the project: its
// root, and setup completes the project, never writing inside .memo's folders.
func TestOwnMemoFolderIsItsProject(t *testing.T) {
	s, _ := newTestService(t)
	repo := t.TempDir()
	res, err := s.Setup(repo)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(repo+"/.memo/skills/foo", 0o755)
	link := filepath.Join(t.TempDir(), "link")
	os.Symlink(repo+"/.memo/skills", link)
	before := tree(t, repo)
	for _, pick := range []string{repo + "/.memo", repo + "/.memo/skills/foo", link} {
		st, err := s.Status(pick)
		if err != nil || st.Root != repo || !st.SetUp || !st.Allowed || st.ID != res.ID {
			t.Errorf("Status(%s) = %+v, %v; want the project %s", pick, st, err, repo)
		}
		again, err := s.Setup(pick)
		if err != nil || again.Root != repo || len(again.Created) != 0 {
			t.Errorf("Setup(%s) = %+v, %v; want the project, nothing created", pick, again, err)
		}
	}
	if after := tree(t, repo); !mapsEqual(before, after) {
		t.Errorf("Setup inside the project's .memo changed files:\nbefore %v\nafter  %v", before, after)
	}
}

func TestRulesPointToBothKnowledgeFiles(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	write(t, dir+"/AGENTS.md", "agents")
	write(t, dir+"/CLAUDE.md", "claude")
	if _, err := s.Setup(dir); err != nil {
		t.Fatal(err)
	}
	rules, _ := os.ReadFile(dir + "/.memo/AGENTS.md")
	if !strings.Contains(string(rules), "`AGENTS.md` and `CLAUDE.md`") {
		t.Errorf(".memo/AGENTS.md does not point to both AGENTS.md and CLAUDE.md:\n%s", rules)
	}
	if files, _ := s.Files(dir); files[2].State != project.StatePresent || files[0].State != project.StatePresent {
		t.Errorf("Files() = %+v, want AGENTS.md and the rules present", files)
	}

	// Only AGENTS.md at first; CLAUDE.md added later: the unedited rules are
	// outdated, and setup refreshes them to point to both.
	later := t.TempDir()
	if _, err := s.Setup(later); err != nil {
		t.Fatal(err)
	}
	write(t, later+"/CLAUDE.md", "claude")
	if files, _ := s.Files(later); files[2].State != project.StateOutdated {
		t.Errorf("Files() after adding CLAUDE.md = %+v, want the rules outdated", files[2])
	}
	res, err := s.Setup(later)
	if err != nil || !slices.Contains(res.Refreshed, project.ItemRules) {
		t.Fatalf("Setup after adding CLAUDE.md = %+v, %v; want the rules refreshed", res, err)
	}
	got, _ := os.ReadFile(later + "/.memo/AGENTS.md")
	if string(got) != string(assets.RulesFile("AGENTS.md", "CLAUDE.md")) {
		t.Errorf("refreshed rules:\n%s", got)
	}
	f, _ := project.ReadFile(later)
	if f.RulesHash != project.SHA256Hex(got) {
		t.Errorf("rules_hash %s does not match the refreshed rules", f.RulesHash)
	}
	if files, _ := s.Files(later); files[2].State != project.StatePresent {
		t.Errorf("Files() after the refresh = %+v, want present", files[2])
	}
}
