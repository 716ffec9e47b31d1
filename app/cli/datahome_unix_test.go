// SPDX-License-Identifier: Apache-2.0

//go:build unix

package cli

import (
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestCLIDataFilesOfTheWrongKind: the data folder, projects.db or memory.db
// being something else (a folder, a named pipe, a socket, a file where the
// folder belongs) gives every command the same one sentence, exit 1 and
// kind internal, at once (a pipe used to hang status forever), and writes
// nothing.
func TestCLIDataFilesOfTheWrongKind(t *testing.T) {
	repo := t.TempDir()
	registryCommands := [][]string{
		{"status", repo}, {"register", repo}, {"setup", repo}, {"files", repo}, {"preamble", repo},
		{"decline", repo}, {"settings"}, {"doctor"}, {"permissions", repo}, {"skill", "list", repo},
		{"memory", "list"}, {"policy", "--project", repo},
	}
	memoryCommands := [][]string{{"memory", "list"}, {"memory", "add", "a note"}}
	makers := map[string]func(p string) error{
		"a folder":        func(p string) error { return os.Mkdir(p, 0o700) },
		"a named pipe":    func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"a socket":        func(p string) error { _, err := net.Listen("unix", p); return err },
		"a folder (link)": func(p string) error { return os.Symlink(t.TempDir(), p) },
	}
	for _, tt := range []struct {
		file     string // under the data home
		kind     string
		commands [][]string
	}{
		{"data/projects.db", "a folder", registryCommands},
		{"data/projects.db", "a named pipe", registryCommands},
		{"data/projects.db", "a socket", registryCommands},
		{"data/projects.db", "a folder (link)", registryCommands},
		{"data/memory.db", "a folder", memoryCommands},
		{"data/memory.db", "a named pipe", memoryCommands},
		{"data", "a file", registryCommands},
	} {
		c := newCLI(t)
		// The socket's path must be short (108 bytes): a home of its own.
		c.home = filepath.Join(shortDir(t), "h")
		path := filepath.Join(c.home, filepath.FromSlash(tt.file))
		os.MkdirAll(filepath.Dir(path), 0o700)
		create := makers[tt.kind]
		if tt.kind == "a file" {
			create = func(p string) error { return os.WriteFile(p, []byte("not a folder"), 0o600) }
		}
		if err := create(path); err != nil {
			t.Fatal(err)
		}
		before := listTree(t, c.home)
		want := path + " is " + strings.TrimSuffix(tt.kind, " (link)") + ", not a SQLite database: move it aside and Memo creates a new one"
		if tt.file == "data" {
			want = "the data folder " + path + " is a file, not a folder: move it aside and Memo creates a new one"
		}
		for _, args := range tt.commands {
			r := c.run(args...)
			if r.code != 1 || r.str("kind") != "internal" || r.str("error") != want {
				t.Errorf("%s %s, %v = %d %s\nwant exit 1, kind internal, %q", tt.file, tt.kind, args, r.code, r.stdout, want)
			}
		}
		if after := listTree(t, c.home); !slices.Equal(before, after) {
			t.Errorf("%s %s: the data home changed from %q to %q", tt.file, tt.kind, before, after)
		}
	}
}

// shortDir is a temporary folder with a short path (for unix sockets).
func shortDir(t *testing.T) string {
	dir, err := os.MkdirTemp("/tmp", "mp")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// listTree names everything under root, lock files aside (taking a lock
// writes nothing anyone reads).
func listTree(t *testing.T, root string) []string {
	var out []string
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !strings.HasSuffix(p, ".lock") {
			out = append(out, strings.TrimPrefix(p, root)+" "+fi.Mode().Type().String())
		}
		return nil
	})
	return out
}
