// SPDX-License-Identifier: Apache-2.0

package filelock

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestProbe(t *testing.T) {
	dir := t.TempDir()
	held := filepath.Join(dir, "held")
	l, err := Create(held)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	released := filepath.Join(dir, "released")
	l2, err := Create(released)
	if err != nil {
		t.Fatal(err)
	}
	l2.Release()
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, nil, 0o600)
	cases := map[string]State{
		held:                       Held,
		released:                   Free,
		plain:                      Free,
		filepath.Join(dir, "none"): Missing,
		dir:                        Missing,
	}
	for path, want := range oddFiles(t, dir, held) {
		cases[path] = want
	}
	for path, want := range cases {
		if got, err := Probe(path); got != want || err != nil {
			t.Errorf("Probe(%s) = %v, %v; want %v", filepath.Base(path), got, err, want)
		}
	}
}

func TestCreateRefusesAnExistingFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "lock")
	os.WriteFile(p, []byte("someone's"), 0o600)
	if l, err := Create(p); err == nil {
		l.Release()
		t.Fatal("Create over an existing file succeeded")
	}
	if b, _ := os.ReadFile(p); string(b) != "someone's" {
		t.Errorf("Create changed the existing file to %q", b)
	}
}

// TestLockOfAKilledProcessIsFree: the proof the package exists for. Another
// process holds the lock (Held); once it is killed the lock is Free.
func TestLockOfAKilledProcessIsFree(t *testing.T) {
	if path := os.Getenv("FILELOCK_TEST_HOLD"); path != "" {
		if _, err := Create(path); err != nil {
			os.Exit(1)
		}
		os.Stdout.WriteString("held\n")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	path := filepath.Join(t.TempDir(), "lock")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockOfAKilledProcessIsFree$")
	cmd.Env = append(os.Environ(), "FILELOCK_TEST_HOLD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "held\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the holder said %q", line)
	}
	if got, err := Probe(path); got != Held || err != nil {
		t.Errorf("Probe while another process holds it = %v, %v; want held", got, err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got, err := Probe(path); got != Free || err != nil {
		t.Errorf("Probe after the holder was killed = %v, %v; want free", got, err)
	}
}

// TestTake: Take creates a missing lock file and holds it, holds a free one,
// and never one a live holder has, nor something that is not a plain file;
// what it holds nobody else can take or create until it is released.
func TestTake(t *testing.T) {
	dir := t.TempDir()
	held := filepath.Join(dir, "held")
	l, err := Create(held)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	free := filepath.Join(dir, "free")
	os.WriteFile(free, nil, 0o600)
	for _, tc := range []struct {
		name string
		path string
		want bool
	}{
		{"missing", filepath.Join(dir, "missing"), true},
		{"free", free, true},
		{"held", held, false},
		{"a folder", dir, false},
	} {
		got, ok, err := Take(tc.path)
		if ok != tc.want || err != nil {
			t.Errorf("Take(%s) = %v, %v; want %v", tc.name, ok, err, tc.want)
		}
		if !ok {
			continue
		}
		if st, _ := Probe(tc.path); st != Held {
			t.Errorf("after Take(%s) Probe = %v; want held", tc.name, st)
		}
		if _, again, _ := Take(tc.path); again {
			t.Errorf("Take(%s) twice took it twice", tc.name)
		}
		if _, err := Create(tc.path); err == nil {
			t.Errorf("Create(%s) over a taken lock succeeded", tc.name)
		}
		got.Release()
		if st, _ := Probe(tc.path); st != Free {
			t.Errorf("after Release(%s) Probe = %v; want free", tc.name, st)
		}
	}
	for path, want := range oddFiles(t, dir, held) {
		if _, ok, _ := Take(path); ok && want != Free {
			t.Errorf("Take(%s) took what Probe calls %v", filepath.Base(path), want)
		}
	}
}
