// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/project"
)

// The identity matrix (docs/identity.md §7): two projects, each with its memories, go
// through every sequence of up to two of mv, mkdir, git clone, a copy
// without .memo, cp -a, a swap, delete and restore-from-backup, among three
// folders. After each step every folder is opened (or, in the setup runs,
// set up), as a person working in them would, through the real services: the
// project service and the memory service over the SQLite stores of a data
// home. Each folder must then read exactly the pool a model of the rule
// says, no two folders may read one pool, and no folder may read the pool of
// a project whose files it does not hold, except an id never written into a
// project.json, which stays with its path.
func TestIdentityMatrix(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("the identity matrix clones with git, which is not installed (make test-deps installs it)")
	}
	slots := []string{"A", "B", "C"}
	for _, start := range []struct {
		name    string
		setUpB  bool   // B set up like A, or only opened (its id kept by its path)
		process string // what a person does with each folder after each step
	}{
		{"both set up, opened", true, "open"},
		{"both set up, set up", true, "setup"},
		{"B only opened, opened", false, "open"},
		{"B only opened, set up", false, "setup"},
	} {
		t.Run(start.name, func(t *testing.T) {
			// Mostly waiting for the disk: the four run side by side.
			t.Parallel()
			// The folders A, B, C and the data home, each at one path
			// throughout: every sequence starts from copies of one start.
			ws, home := t.TempDir(), t.TempDir()
			tpl := buildStart(t, ws, start.setUpB)
			for i, seq := range sequences(tpl.world, slots, 2) {
				// With both set up, A and B are alike: a sequence and
				// its mirror (A and B exchanged) test the same thing.
				if start.setUpB && mirrored(seq) {
					continue
				}
				order := slices.Clone(slots)
				if i%2 == 1 {
					slices.Reverse(order) // open the folders in both orders
				}
				name := strings.Join(names(seq), ", ")
				// Set up after its first step, B is as in "both set
				// up" from then on: only the first step tells them apart.
				if start.setUpB || start.process != "setup" || len(seq) == 1 {
					t.Run(name, func(t *testing.T) { runSequence(t, ws, home, tpl, seq, order, start.process, false) })
				}
				if len(seq) > 1 {
					// The same steps with no folder opened in between
					// (mv app app-old; mkdir app; setup app).
					t.Run(name+", then open", func(t *testing.T) { runSequence(t, ws, home, tpl, seq, order, start.process, true) })
				}
			}
		})
	}
}

// start is the state every sequence begins from: the folders, the data home
// and the model, saved to be copied for each sequence.
type start struct {
	files   string // a copy of ws
	data    string // a copy of the data home
	backups string // the backups of A and B, as they were
	world   *world
}

func gitRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=core.logAllRefUpdates", "GIT_CONFIG_VALUE_0=false",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
}

// matrixClock moves on a second per call, so that last-opened times order.
func matrixClock() func() time.Time {
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	return func() time.Time { at = at.Add(time.Second); return at }
}

type matrixEnv struct {
	store    *Store
	projects *project.Service
	memories *memory.Service
}

func openMatrix(t *testing.T, ws, home string) matrixEnv {
	t.Helper()
	store, err := Open(home, Options{Now: testClock})
	if err != nil {
		t.Fatal(err)
	}
	mem, err := store.Memory()
	if err != nil {
		t.Fatal(err)
	}
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	return matrixEnv{store, project.NewService(rules, store.Registry(), store.Settings(), matrixClock()), memory.NewService(mem)}
}

func (e matrixEnv) add(t *testing.T, id, text string) {
	t.Helper()
	if _, err := e.memories.Add(memory.Chat{Kind: memory.ProjectChat, ProjectID: id}, memory.KindNote, text); err != nil {
		t.Fatal(err)
	}
}

func buildStart(t *testing.T, ws string, setUpB bool) start {
	t.Helper()
	clearDir(t, ws)
	home, backups := t.TempDir(), t.TempDir()
	e := openMatrix(t, ws, home)
	w := &world{folders: map[string]*mfolder{}, backups: map[string]*mfolder{}, owner: map[string]string{},
		pathID: map[string]string{}, pools: map[string][]string{}, seen: map[string]bool{}}
	for _, slot := range []string{"A", "B"} {
		dir := filepath.Join(ws, slot)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package "+strings.ToLower(slot)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		gitRun(t, dir, "init", "-q", "--template=")
		f := &mfolder{repo: true, family: map[string]bool{}}
		var id string
		if slot == "A" || setUpB {
			res, err := e.projects.Setup(dir)
			if err != nil {
				t.Fatal(err)
			}
			id, f.memo, f.commit = res.ID, res.ID, res.ID
			w.owner[id] = slot
		} else {
			st, _, err := e.projects.Register(dir)
			if err != nil {
				t.Fatal(err)
			}
			id = st.ID
			w.pathID[slot] = id
		}
		gitRun(t, dir, "add", "-A")
		gitRun(t, dir, "commit", "-q", "-m", "start")
		// One pack instead of a file per object: every sequence copies
		// these folders, and each file costs.
		gitRun(t, dir, "repack", "-adq")
		gitRun(t, dir, "prune-packed")
		f.family[id] = true
		w.folders[slot], w.seen[id] = f, true
		for i := 1; i <= 2; i++ {
			text := fmt.Sprintf("%s's memory %d", slot, i)
			e.add(t, id, text)
			w.pools[id] = append(w.pools[id], text)
		}
		// The backup, made now, lies outside the three folders; no
		// sequence changes it, so it is not copied for each.
		if err := os.CopyFS(filepath.Join(backups, slot), os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		w.backups[slot] = f.clone()
	}
	e.store.Close()
	tpl := start{files: t.TempDir(), data: t.TempDir(), backups: backups, world: w}
	copyTree(t, ws, tpl.files)
	copyTree(t, home, tpl.data)
	return tpl
}

func clearDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
}

// copyTree copies what is in src into dst (which exists), as cp -a does for
// the files these tests make.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.CopyFS(filepath.Join(dst, e.Name()), os.DirFS(filepath.Join(src, e.Name()))); err != nil {
			t.Fatal(err)
		}
	}
}

// do applies s to the real folders.
func do(t *testing.T, ws, backups string, s step) {
	t.Helper()
	p := func(slot string) string { return filepath.Join(ws, slot) }
	var err error
	switch s.op {
	case "mkdir":
		err = os.Mkdir(p(s.to), 0o755)
	case "rm":
		err = os.RemoveAll(p(s.from))
	case "mv":
		err = os.Rename(p(s.from), p(s.to))
	case "cp":
		err = os.CopyFS(p(s.to), os.DirFS(p(s.from)))
	case "copy":
		err = os.CopyFS(p(s.to), withoutMemo{os.DirFS(p(s.from))})
	case "clone":
		gitRun(t, ws, "clone", "-q", p(s.from), p(s.to))
	case "swap":
		tmp := p("swap-tmp")
		for _, mv := range [][2]string{{p(s.from), tmp}, {p(s.to), p(s.from)}, {tmp, p(s.to)}} {
			if err = os.Rename(mv[0], mv[1]); err != nil {
				break
			}
		}
	case "restore":
		err = os.CopyFS(p(s.to), os.DirFS(filepath.Join(backups, s.from)))
	}
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
}

// withoutMemo is a file system without the top .memo folder.
type withoutMemo struct{ fs.FS }

func (w withoutMemo) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(w.FS, name)
	if name == "." {
		entries = slices.DeleteFunc(entries, func(e fs.DirEntry) bool { return e.Name() == project.MemoDir })
	}
	return entries, err
}

func runSequence(t *testing.T, ws, home string, tpl start, seq []step, order []string, process string, deferred bool) {
	clearDir(t, ws)
	copyTree(t, tpl.files, ws)
	clearDir(t, home)
	copyTree(t, tpl.data, home)
	e := openMatrix(t, ws, home)
	defer e.store.Close()
	w := tpl.world.copy()
	for n, s := range seq {
		do(t, ws, tpl.backups, s)
		w.apply(s)
		if deferred && n < len(seq)-1 {
			continue // nobody opens a folder until the last step is done
		}
		reads := map[string]string{} // pool → the folder reading it
		for _, slot := range order {
			f, ok := w.folders[slot]
			if !ok {
				continue
			}
			dir := filepath.Join(ws, slot)
			want := w.open(slot)
			var got string
			if process == "setup" {
				res, err := e.projects.Setup(dir)
				if err != nil {
					t.Fatalf("after %s: Setup(%s): %v", s, slot, err)
				}
				got = res.ID
			} else {
				st, _, err := e.projects.Register(dir)
				if err != nil {
					t.Fatalf("after %s: Register(%s): %v", s, slot, err)
				}
				got = st.ID
			}
			switch {
			case want == "" && w.seen[got]:
				t.Fatalf("after %s: %s got the id %s of an earlier project; want a new one", s, slot, got)
			case want == "":
				w.seen[got] = true
				w.given(slot, got)
			case got != want:
				t.Fatalf("after %s: %s has the id %s; want %s", s, slot, got, want)
			}
			pool, err := e.projects.Identity(dir)
			if err != nil || pool != got {
				t.Fatalf("after %s: Identity(%s) = %q, %v; want %s", s, slot, pool, err, got)
			}
			if other, ok := reads[pool]; ok {
				t.Fatalf("after %s: %s and %s read one pool, %s", s, other, slot, pool)
			}
			reads[pool] = slot
			if !f.family[pool] && w.pathID[slot] != pool {
				t.Fatalf("after %s: %s reads %s, a pool of a project whose files it does not hold", s, slot, pool)
			}
			if process == "setup" {
				w.setUp(slot, got)
			}
			chat := memory.Chat{Kind: memory.ProjectChat, ProjectID: pool}
			page, err := e.memories.List(chat, memory.Query{Limit: memory.MaxLimit})
			if err != nil {
				t.Fatal(err)
			}
			var mems []string
			for _, m := range page.Memories {
				mems = append(mems, m.Content)
			}
			slices.Sort(mems)
			if wantMems := slices.Sorted(slices.Values(w.pools[pool])); !slices.Equal(mems, wantMems) {
				t.Fatalf("after %s: %s reads %q; want %q", s, slot, mems, wantMems)
			}
			text := fmt.Sprintf("%s after step %d", slot, n+1)
			e.add(t, pool, text)
			w.pools[pool] = append(w.pools[pool], text)
		}
	}
}
