// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
)

const validJSON = `{"kind":"project","id":"p_0123456789abcdef0123456789abcdef","version":1}`

func mkdir(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tree lists every file and folder below dir with its content, to prove that
// something wrote nothing.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			out[rel] = "-> " + target
			return err
		case d.IsDir():
			out[rel] = "/"
		case !d.Type().IsRegular():
			out[rel] = d.Type().String() // never opened: a FIFO would hang
		default:
			fi, err := d.Info()
			if err != nil {
				return err
			}
			if fi.Size() > 1<<20 {
				out[rel] = fmt.Sprint("size ", fi.Size(), " ", fi.ModTime())
				break
			}
			b, err := os.ReadFile(p)
			out[rel] = string(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestResolveBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	write(t, file, "x")
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, want string
	}{
		{"", "no folder given"},
		{"relative/path", "not an absolute path"},
		{filepath.Join(dir, "missing"), "does not exist"},
		{file, "is a file, not a folder"},
		{link, "is a file, not a folder"},
		{dangling, "does not exist"},
	}
	s, _ := newTestService(t)
	for _, tt := range tests {
		_, err := s.Status(tt.path)
		if !errors.Is(err, domain.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("project.Status(%q) err = %v, want invalid input mentioning %q", tt.path, err, tt.want)
		}
	}
}

func TestStatusOfFolders(t *testing.T) {
	tests := []struct {
		name        string
		prepare     func(t *testing.T, dir string)
		setUp       bool
		allowed     bool
		reasonWords string
	}{
		{"fresh folder", func(*testing.T, string) {}, false, true, ""},
		{"valid project", func(t *testing.T, d string) { write(t, d+"/.memo/project.json", validJSON) }, true, true, ""},
		{".memo is a file", func(t *testing.T, d string) { write(t, d+"/.memo", "x") }, false, false, "did not create"},
		{"empty .memo folder", func(t *testing.T, d string) { mkdir(t, d+"/.memo") }, false, false, "did not create"},
		{"foreign .memo", func(t *testing.T, d string) { write(t, d+"/.memo/other.txt", "x") }, false, false, "did not create"},
		{"empty project.json", func(t *testing.T, d string) { write(t, d+"/.memo/project.json", "") }, false, false, "restore that file"},
		{"corrupt project.json", func(t *testing.T, d string) { write(t, d+"/.memo/project.json", "{kind") }, false, false, "restore that file"},
		{"not an object", func(t *testing.T, d string) { write(t, d+"/.memo/project.json", `["project"]`) }, false, false, "restore that file"},
		{"null", func(t *testing.T, d string) { write(t, d+"/.memo/project.json", `null`) }, false, false, "restore that file"},
		{"wrong kind", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", `{"kind":"install","id":"p_0123456789abcdef0123456789abcdef"}`)
		}, false, false, "restore that file"},
		{"bad id", func(t *testing.T, d string) { write(t, d+"/.memo/project.json", `{"kind":"project","id":"p_XYZ"}`) }, false, false, "restore that file"},
		{"merge conflict in project.json", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", "<<<<<<< HEAD\n"+validJSON+"\n=======\n{}\n>>>>>>> theirs\n")
		}, false, false, "restore that file"},
		{"huge project.json", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", validJSON[:len(validJSON)-1]+`,"pad":"`+strings.Repeat("x", 2<<20)+`"}`)
		}, false, false, "did not create"},
		{"project.json is a symlink", func(t *testing.T, d string) {
			write(t, d+"/elsewhere.json", validJSON)
			if err := os.MkdirAll(d+"/.memo", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(d+"/elsewhere.json", d+"/.memo/project.json"); err != nil {
				t.Fatal(err)
			}
		}, false, false, "did not create"},
		{".memo is a symlink", func(t *testing.T, d string) {
			other := t.TempDir()
			write(t, other+"/project.json", validJSON)
			if err := os.Symlink(other, d+"/.memo"); err != nil {
				t.Fatal(err)
			}
		}, false, false, "symbolic link"},
		{".memo holds bin", func(t *testing.T, d string) {
			write(t, d+"/.memo/project.json", validJSON)
			if err := os.MkdirAll(d+"/.memo/bin", 0o755); err != nil {
				t.Fatal(err)
			}
		}, true, false, "install"},
		{".memo holds data", func(t *testing.T, d string) { mkdir(t, d+"/.memo/data") }, false, false, "install"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, reg := newTestService(t)
			dir := t.TempDir()
			tt.prepare(t, dir)
			before := tree(t, dir)
			_, writesBefore := reg.Snapshot()
			st, err := s.Status(dir)
			if err != nil {
				t.Fatalf("project.Status(%s): %v", tt.name, err)
			}
			if st.SetUp != tt.setUp || st.Allowed != tt.allowed {
				t.Errorf("project.Status(%s) = set_up %v allowed %v (%q), want %v %v", tt.name, st.SetUp, st.Allowed, st.Reason, tt.setUp, tt.allowed)
			}
			if tt.allowed != (st.Reason == "") {
				t.Errorf("project.Status(%s) reason %q with allowed=%v", tt.name, st.Reason, st.Allowed)
			}
			if !strings.Contains(strings.ToLower(st.Reason), tt.reasonWords) {
				t.Errorf("project.Status(%s) reason %q, want it to mention %q", tt.name, st.Reason, tt.reasonWords)
			}
			// The code travels with the sentence, in the JSON too, so a
			// window can word it in another language.
			if tt.allowed != (st.ReasonCode == "") {
				t.Errorf("project.Status(%s) reason code %q with allowed=%v", tt.name, st.ReasonCode, st.Allowed)
			}
			if b, _ := json.Marshal(st); tt.allowed == strings.Contains(string(b), `"reason_code":"`+string(st.ReasonCode)+`"`) {
				t.Errorf("project.Status(%s) JSON %s: reason_code present=%v, want %v", tt.name, b, !tt.allowed, !tt.allowed)
			}
			if st.ShouldAsk != (tt.allowed && !tt.setUp) || st.Enabled != (tt.allowed && tt.setUp) {
				t.Errorf("project.Status(%s) should_ask %v enabled %v", tt.name, st.ShouldAsk, st.Enabled)
			}
			if st.Name != filepath.Base(dir) {
				t.Errorf("project.Status(%s) name %q, want %q", tt.name, st.Name, filepath.Base(dir))
			}
			if _, w := reg.Snapshot(); w != writesBefore {
				t.Errorf("project.Status(%s) wrote to the registry", tt.name)
			}
			if after := tree(t, dir); !mapsEqual(before, after) {
				t.Errorf("project.Status(%s) changed the folder", tt.name)
			}
			if _, err := s.Setup(dir); tt.allowed == (err != nil) && !tt.setUp {
				t.Errorf("Setup(%s) err = %v, want refused=%v", tt.name, err, !tt.allowed)
			}
			if !tt.allowed {
				if _, err := s.Setup(dir); !errors.Is(err, domain.ErrRefused) {
					t.Errorf("Setup(%s) err = %v, want refused", tt.name, err)
				}
				if after := tree(t, dir); !mapsEqual(before, after) {
					t.Errorf("refused Setup(%s) changed the folder", tt.name)
				}
			}
		})
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestStatusFindsTheProjectRootAbove(t *testing.T) {
	s, _ := newTestService(t)
	repo := t.TempDir()
	if _, err := s.Setup(repo); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(repo, "src", "pkg")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := s.Status(src)
	if err != nil {
		t.Fatal(err)
	}
	if st.Root != repo || !st.SetUp {
		t.Errorf("project.Status(repo/src/pkg) root %q set_up %v, want %q true", st.Root, st.SetUp, repo)
	}
	// Through a symlink, the root is still the resolved repo.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(src, link); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Status(link); st.Root != repo {
		t.Errorf("project.Status(symlink to repo/src/pkg) root %q, want %q", st.Root, repo)
	}
}

func TestSetupCreatesEveryItemAndIsIdempotent(t *testing.T) {
	s, reg := newTestService(t)
	dir := t.TempDir()
	res, err := s.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !identity.Valid(res.ID) || res.Root != dir {
		t.Fatalf("Setup = %+v", res)
	}
	slices.Sort(res.Created)
	want := slices.Sorted(slices.Values(project.Items))
	if !slices.Equal(res.Created, want) {
		t.Errorf("Setup created %v, want %v", res.Created, want)
	}
	for _, item := range project.Items {
		if _, err := os.Stat(filepath.Join(dir, item)); err != nil {
			t.Errorf("after Setup, %s: %v", item, err)
		}
	}
	f, err := project.ReadFile(dir)
	if err != nil || f.ID != res.ID {
		t.Fatalf("project.json = %+v, %v; want id %s", f, err, res.ID)
	}
	rules, _ := os.ReadFile(filepath.Join(dir, ".memo/AGENTS.md"))
	if sum := sha256.Sum256(rules); f.RulesHash != hex.EncodeToString(sum[:]) {
		t.Errorf("rules_hash %q is not the SHA-256 of .memo/AGENTS.md", f.RulesHash)
	}
	if rec, ok, _ := reg.ByPath(dir); !ok || rec.ID != res.ID {
		t.Errorf("registry has %+v for the folder, want id %s", rec, res.ID)
	}
	agents, _ := os.ReadFile(filepath.Join(dir, "AGENTS.md"))
	if strings.Contains(strings.ToLower(string(agents)), "memo") {
		t.Errorf("root AGENTS.md mentions Memo:\n%s", agents)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".memo-setup-*")); len(leftovers) > 0 {
		t.Errorf("setup left temporary folders: %v", leftovers)
	}

	before := tree(t, dir)
	again, err := s.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Created) != 0 || again.ID != res.ID || len(again.Refreshed) != 0 {
		t.Errorf("second Setup = %+v, want nothing created and the same id", again)
	}
	if after := tree(t, dir); !mapsEqual(before, after) {
		t.Error("second Setup changed files")
	}
}

func TestSetupNeverOverwrites(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	write(t, dir+"/AGENTS.md", "mine")
	write(t, dir+"/handoff.md", "my log")
	res, err := s.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"AGENTS.md", "handoff.md"} {
		if !slices.Contains(res.Skipped, p) {
			t.Errorf("Setup skipped %v, want %s in it", res.Skipped, p)
		}
	}
	if b, _ := os.ReadFile(dir + "/AGENTS.md"); string(b) != "mine" {
		t.Errorf("AGENTS.md overwritten: %q", b)
	}
	// Completing a partial .memo: delete notes.md, setup brings it back, nothing else.
	if err := os.Remove(dir + "/.memo/notes.md"); err != nil {
		t.Fatal(err)
	}
	write(t, dir+"/handoff.md", "my log, edited")
	res, err = s.Setup(dir)
	if err != nil || !slices.Equal(res.Created, []string{project.ItemNotes}) {
		t.Errorf("Setup after deleting notes.md created %v (%v), want [%s]", res.Created, err, project.ItemNotes)
	}
	if b, _ := os.ReadFile(dir + "/handoff.md"); string(b) != "my log, edited" {
		t.Errorf("handoff.md overwritten: %q", b)
	}
}

func TestSetupWithClaudeMD(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	write(t, dir+"/CLAUDE.md", "claude knowledge")
	res, err := s.Setup(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir + "/AGENTS.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("AGENTS.md created although CLAUDE.md exists")
	}
	if i := slices.Index(res.Skipped, project.ItemAgents); i < 0 || res.Details[i].Reason != project.ReasonClaude {
		t.Errorf("Setup skipped %+v, want AGENTS.md because of CLAUDE.md", res.Details)
	}
	rules, _ := os.ReadFile(dir + "/.memo/AGENTS.md")
	if !strings.Contains(string(rules), "`CLAUDE.md`") || strings.Contains(string(rules), "`AGENTS.md`") {
		t.Errorf(".memo/AGENTS.md does not point to CLAUDE.md:\n%s", rules)
	}
	files, _ := s.Files(dir)
	if files[0].State != project.StateSkipped {
		t.Errorf("Files()[0] = %+v, want skipped because of CLAUDE.md", files[0])
	}
}

func TestRulesRefresh(t *testing.T) {
	rulesPath := ".memo/AGENTS.md"
	tests := []struct {
		name      string
		edit      func(t *testing.T, dir string)
		state     string
		refreshed bool
		wantRules func(dir string) string
	}{
		{"unchanged template stays", func(*testing.T, string) {}, project.StatePresent, false, func(string) string { return string(assets.RulesFile("AGENTS.md")) }},
		{"old template, not edited: refreshed", func(t *testing.T, dir string) {
			old := "old rules from an earlier Memo\n"
			write(t, dir+"/"+rulesPath, old)
			f, err := project.ReadFile(dir)
			if err != nil {
				t.Fatal(err)
			}
			f.SetRulesHash(project.SHA256Hex([]byte(old)))
			if err := project.WriteFile(dir, f); err != nil {
				t.Fatal(err)
			}
		}, project.StateOutdated, true, func(string) string { return string(assets.RulesFile("AGENTS.md")) }},
		{"edited by the user: left alone", func(t *testing.T, dir string) {
			write(t, dir+"/"+rulesPath, "my own rules\n")
		}, project.StateEdited, false, func(string) string { return "my own rules\n" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestService(t)
			dir := t.TempDir()
			if _, err := s.Setup(dir); err != nil {
				t.Fatal(err)
			}
			tt.edit(t, dir)
			files, _ := s.Files(dir)
			if files[2].Path != project.ItemRules || files[2].State != tt.state {
				t.Errorf("%s: Files()[2] = %+v, want state %q", tt.name, files[2], tt.state)
			}
			res, err := s.Setup(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(res.Refreshed, project.ItemRules); got != tt.refreshed {
				t.Errorf("%s: refreshed = %v, want %v (%+v)", tt.name, got, tt.refreshed, res)
			}
			got, _ := os.ReadFile(dir + "/" + rulesPath)
			if string(got) != tt.wantRules(dir) {
				t.Errorf("%s: rules file now %q", tt.name, got)
			}
			f, _ := project.ReadFile(dir)
			if tt.state != project.StateEdited && f.RulesHash != project.SHA256Hex(got) {
				t.Errorf("%s: rules_hash %q does not match the file", tt.name, f.RulesHash)
			}
		})
	}
}

func TestRegisterEvents(t *testing.T) {
	s, reg := newTestService(t)
	dir := t.TempDir()
	st, ev, err := s.Register(dir)
	if err != nil || ev != identity.Fresh || !identity.Valid(st.ID) {
		t.Fatalf("Register(new) = %+v %q %v", st, ev, err)
	}
	if _, err := os.Stat(dir + "/.memo"); !errors.Is(err, fs.ErrNotExist) {
		t.Error("Register wrote into the folder")
	}
	st2, ev, _ := s.Register(dir)
	if ev != identity.Known || st2.ID != st.ID {
		t.Errorf("Register again = %q %s, want known %s", ev, st2.ID, st.ID)
	}
	res, err := s.Setup(dir)
	if err != nil || res.ID != st.ID {
		t.Fatalf("Setup wrote id %s (%v), want the registered %s", res.ID, err, st.ID)
	}

	// Move: the old folder is gone, the id follows the new path.
	parent := t.TempDir()
	moved := filepath.Join(parent, "moved")
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	st3, ev, err := s.Register(moved)
	if err != nil || ev != identity.Moved || st3.ID != st.ID {
		t.Fatalf("Register(moved) = %q %s %v, want moved %s", ev, st3.ID, err, st.ID)
	}
	if rec, ok, _ := reg.ByID(st.ID); !ok || rec.Path != moved {
		t.Errorf("registry has %+v, want the id at %s", rec, moved)
	}

	// Copy: the original still carries the id, the copy gets a new one.
	cp := filepath.Join(parent, "copy")
	if err := os.MkdirAll(cp+"/.memo", 0o755); err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(moved + "/.memo/project.json")
	write(t, cp+"/.memo/project.json", strings.Replace(string(orig), `"version"`, `"extra": "kept", "version"`, 1))
	st4, ev, err := s.Register(cp)
	if err != nil || ev != identity.Copied || st4.ID == st.ID || !identity.Valid(st4.ID) {
		t.Fatalf("Register(copy) = %q %s %v, want copied with a new id", ev, st4.ID, err)
	}
	f, _ := project.ReadFile(cp)
	if f.ID != st4.ID {
		t.Errorf("copy's project.json id %s, want %s", f.ID, st4.ID)
	}
	if b, _ := os.ReadFile(cp + "/.memo/project.json"); !strings.Contains(string(b), `"extra": "kept"`) {
		t.Errorf("rewriting the id lost other fields:\n%s", b)
	}
	if f, _ := project.ReadFile(moved); f.ID != st.ID {
		t.Errorf("original's id changed to %s", f.ID)
	}
	if _, ev, _ := s.Register(cp); ev != identity.Known {
		t.Errorf("Register(copy) again = %q, want known", ev)
	}
	if _, ev, _ := s.Register(moved); ev != identity.Known {
		t.Errorf("Register(original) again = %q, want known", ev)
	}
}

func TestRegisterRefusedFolderRecordsNothing(t *testing.T) {
	s, reg := newTestService(t)
	dir := t.TempDir()
	write(t, dir+"/.memo/foreign.txt", "x")
	if _, _, err := s.Register(dir); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("Register(foreign .memo) err = %v, want refused", err)
	}
	if _, ok, _ := reg.ByPath(dir); ok {
		t.Error("a refused folder was registered")
	}
	if _, err := s.Decline(dir, true); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("Decline(foreign .memo) err = %v, want refused", err)
	}
}

func TestConcurrentSetupsEndWithOneID(t *testing.T) {
	rules := testRules(t)
	reg := projecttest.NewRegistry()
	// Separate services share the registry, as separate processes share projects.db.
	dir := t.TempDir()
	ids := make([]string, 12)
	var wg sync.WaitGroup
	for i := range ids {
		svc := project.NewService(rules, reg, projecttest.NewSettings(), testNow)
		wg.Go(func() {
			var err error
			if i%3 == 0 {
				var st project.Status
				st, _, err = svc.Register(dir)
				ids[i] = st.ID
			} else {
				var res project.SetupResult
				res, err = svc.Setup(dir)
				ids[i] = res.ID
			}
			if err != nil {
				t.Errorf("concurrent call %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	f, err := project.ReadFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		if id != f.ID {
			t.Errorf("concurrent call %d got id %s, project.json has %s", i, id, f.ID)
		}
	}
	if rec, _, _ := reg.ByPath(dir); rec.ID != f.ID {
		t.Errorf("registry id %s, project.json %s", rec.ID, f.ID)
	}
}

func TestDeclineAndMinimal(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	st, err := s.Decline(dir, true)
	if err != nil || !st.Declined || st.ShouldAsk {
		t.Fatalf("Decline = %+v %v, want declined and not asking", st, err)
	}
	if _, err := os.Stat(dir + "/.memo"); !errors.Is(err, fs.ErrNotExist) {
		t.Error("Decline wrote into the folder")
	}
	if st, _ = s.Decline(dir, false); st.Declined || !st.ShouldAsk {
		t.Errorf("Decline undo = %+v, want asking again", st)
	}

	if err := s.SetMinimal(true); err != nil {
		t.Fatal(err)
	}
	if st, _ = s.Status(dir); st.ShouldAsk {
		t.Error("Minimal Mode still asks the setup question")
	}
	if err := s.SetMinimal(false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Setup(dir); err != nil {
		t.Fatal(err)
	}
	if line, _ := s.Preamble(dir); line != project.PreambleLine {
		t.Errorf("Preamble(set up) = %q", line)
	}
	if err := s.SetMinimal(true); err != nil {
		t.Fatal(err)
	}
	if st, _ = s.Status(dir); st.Enabled {
		t.Error("Minimal Mode leaves project features enabled")
	}
	if line, _ := s.Preamble(dir); line != "" {
		t.Errorf("Preamble in Minimal Mode = %q, want empty", line)
	}
}

func TestPreambleOfNewFolderIsEmpty(t *testing.T) {
	s, _ := newTestService(t)
	if line, err := s.Preamble(t.TempDir()); line != "" || err != nil {
		t.Errorf("Preamble(not set up) = %q, %v", line, err)
	}
}

func TestInterruptedSetupLeavesNoForeignMemo(t *testing.T) {
	s, _ := newTestService(t)
	dir := t.TempDir()
	// A run killed between creating the temporary .memo and renaming it.
	killedRun(t, dir)
	st, _ := s.Status(dir)
	if !st.Allowed || st.SetUp {
		t.Fatalf("after an interrupted setup project.Status = %+v, want allowed and not set up", st)
	}
	if _, err := s.Setup(dir); err != nil {
		t.Fatal(err)
	}
	if got := leftovers(t, dir); len(got) != 0 {
		t.Errorf("the stale temporary files are still there: %v", got)
	}
}

func TestPlanWritesNothingAndMatchesSetup(t *testing.T) {
	s, reg := newTestService(t)
	dir := t.TempDir()
	write(t, dir+"/CLAUDE.md", "x")
	write(t, dir+"/handoff.md", "log")
	_, writes := reg.Snapshot()
	plan, err := s.Plan(dir)
	if err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("Plan wrote into the folder: %v", entries)
	}
	if _, w := reg.Snapshot(); w != writes {
		t.Error("Plan wrote to the registry")
	}
	var creates []string
	for _, p := range plan {
		if p.Create {
			creates = append(creates, p.Path)
		}
	}
	res, _ := s.Setup(dir)
	slices.Sort(creates)
	slices.Sort(res.Created)
	if !slices.Equal(creates, res.Created) {
		t.Errorf("Plan would create %v, Setup created %v", creates, res.Created)
	}
	if plan[0].Reason != project.ReasonClaude || plan[1].Reason != project.ReasonExists {
		t.Errorf("Plan reasons %+v, want CLAUDE.md and exists", plan[:2])
	}
	for _, p := range plan {
		if p.Untracked {
			t.Errorf("Plan outside a git repository: %s marked untracked", p.Path)
		}
	}

	// In a git work tree (.git above the project), the root files it
	// creates will show in git status; .memo's and those left alone are
	// not flagged.
	repo := t.TempDir()
	write(t, repo+"/.git", "gitdir: ../elsewhere") // a worktree's .git file
	sub := filepath.Join(repo, "app")
	write(t, sub+"/handoff.md", "log")
	plan, err = s.Plan(sub)
	if err != nil {
		t.Fatal(err)
	}
	var untracked []string
	for _, p := range plan {
		if p.Untracked {
			untracked = append(untracked, p.Path)
		}
	}
	if !slices.Equal(untracked, []string{project.ItemAgents}) {
		t.Errorf("Plan in a git work tree marks %v untracked, want only %s", untracked, project.ItemAgents)
	}

	foreign := t.TempDir()
	write(t, foreign+"/.memo/x", "x")
	if _, err := s.Plan(foreign); !errors.Is(err, domain.ErrRefused) {
		t.Errorf("Plan(foreign) err = %v, want refused", err)
	}
}

func TestBadgeOf(t *testing.T) {
	s, _ := newTestService(t)
	setUp, fresh, declined, foreign := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	if _, err := s.Setup(setUp); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decline(declined, true); err != nil {
		t.Fatal(err)
	}
	write(t, foreign+"/.memo/x", "x")
	tests := []struct {
		path string
		want project.Badge
	}{
		{setUp, project.BadgeSetUp},
		{fresh, project.BadgeNotSetUp},
		{declined, project.BadgeNever},
		{foreign, project.BadgeNotAllowed},
		{filepath.Join(fresh, "gone"), project.BadgeMissing},
	}
	for _, tt := range tests {
		if got := s.BadgeOf(tt.path); got != tt.want {
			t.Errorf("BadgeOf(%s) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestBadgeForTellsMissingFromUnreadable(t *testing.T) {
	gone := &domain.Error{Kind: domain.ErrInvalid, Msg: "gone", Cause: fs.ErrNotExist}
	tests := []struct {
		st   project.Status
		err  error
		want project.Badge
	}{
		{project.Status{}, gone, project.BadgeMissing},
		{project.Status{}, domain.Invalid("/x cannot be read: permission denied"), project.BadgeNotAllowed},
		{project.Status{}, errors.New("database is locked"), project.BadgeNotAllowed},
		{project.Status{Allowed: false, SetUp: true}, nil, project.BadgeNotAllowed},
		{project.Status{Allowed: true, SetUp: true}, nil, project.BadgeSetUp},
		{project.Status{Allowed: true, Declined: true}, nil, project.BadgeNever},
		{project.Status{Allowed: true}, nil, project.BadgeNotSetUp},
	}
	for _, tt := range tests {
		if got := project.BadgeFor(tt.st, tt.err); got != tt.want {
			t.Errorf("BadgeFor(%+v, %v) = %q, want %q", tt.st, tt.err, got, tt.want)
		}
	}
}

// TestIdentity: a project chat's pool comes from here only, so every folder
// without a trusted id of its own is refused, never given "".
func TestIdentity(t *testing.T) {
	rules := testRules(t)
	s := project.NewService(rules, projecttest.NewRegistry(), projecttest.NewSettings(), testNow)
	setUp, registered, fresh, foreign := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	res, err := s.Setup(setUp)
	if err != nil {
		t.Fatal(err)
	}
	reg, _, err := s.Register(registered)
	if err != nil {
		t.Fatal(err)
	}
	write(t, foreign+"/.memo/x", "x")
	// A copy of the set-up project, not opened yet: the id is the original's.
	cp := filepath.Join(t.TempDir(), "copy")
	write(t, cp+"/.memo/project.json", string(must(os.ReadFile(setUp+"/.memo/project.json"))))
	file := filepath.Join(setUp, "file.txt")
	write(t, file, "x")

	tests := []struct {
		name, path, want string
		kind             error
		says             string
	}{
		{"set up", setUp, res.ID, nil, ""},
		{"below a set-up project", setUp + "/.memo", res.ID, nil, ""},
		{"registered, not set up", registered, reg.ID, nil, ""},
		{"never opened", fresh, "", domain.ErrRefused, "no project id yet"},
		{"foreign .memo", foreign, "", domain.ErrRefused, "no memory"},
		{"home folder", rules.Home, "", domain.ErrRefused, "no memory"},
		{"copy without its own id", cp, "", domain.ErrRefused, "copy"},
		{"a file", file, "", domain.ErrInvalid, ""},
	}
	for _, tt := range tests {
		id, err := s.Identity(tt.path)
		if id != tt.want || (tt.kind == nil) != (err == nil) || (tt.kind != nil && !errors.Is(err, tt.kind)) {
			t.Errorf("%s: Identity = %q, %v; want %q, %v", tt.name, id, err, tt.want, tt.kind)
			continue
		}
		if err != nil && !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: error %q does not say %q", tt.name, err, tt.says)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
