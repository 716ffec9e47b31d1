// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// A flag go test hands to the test binary passes when the project's code
// defines it with the flag package for the packages the line tests: their
// files, _test.go included, and the packages of the module their tests
// import. Its value is path-checked, and asks when it may name a remote or
// a network address. A flag defined elsewhere, or not at all, still asks;
// go test's own risky flags and -test.* flags are unchanged.
func TestGoTestFlagsTheProjectDefines(t *testing.T) {
	rules := []string{"go test"}
	outside := t.TempDir()
	root := fixture.Repo(t, fixture.CleanConfig)
	w := func(rel, content string) { fixture.Write(t, filepath.Join(root, rel), content, 0o644) }
	w("go.mod", "module example.com/m\n\ngo 1.22\n")
	w("fstest/fstest.go", `package fstest

import "flag"

var (
	RemoteName = flag.String("remote", "", "Remote to test with")
	Verbose    = flag.Bool("verbose", false, "log")
)
`)
	w("fs/sync/sync.go", "package sync\n")
	w("fs/sync/sync_test.go", `package sync

import (
	"testing"

	"example.com/m/fstest"
)

func TestSync(t *testing.T) { _ = fstest.RemoteName }
`)
	w("pkg/a/a_test.go", `package a

import (
	goflag "flag"
	"testing"
	"time"
)

var (
	update  bool
	wait    = goflag.Duration("wait", time.Second, "")
	golden  = goflag.String("golden", "testdata", "")
)

func init() { goflag.BoolVar(&update, "update", false, "rewrite the golden files") }

// Flags whose value the tests run or load.
var (
	gitBin   = goflag.String("gitbin", "git", "")
	plugin   = goflag.String("plugin", "", "")
	execCmd  = goflag.String("exec-cmd", "", "")
	shell    = goflag.String("shell", "", "")
	helper   = goflag.String("helper", "", "")
	driver   = goflag.String("db-driver", "", "")
	download = goflag.String("download", "", "")
)

func TestA(t *testing.T) {}
`)
	// A flag defined only in a non-test file of another module, and one a
	// test file outside the project defines, reached through a link.
	w("other/go.mod", "module example.com/other\n")
	w("other/lib/lib.go", "package lib\n\nimport \"flag\"\n\nvar X = flag.Bool(\"other\", false, \"\")\n")
	w("pkg/b/b_test.go", "package b\n\nimport (\n\t\"testing\"\n\n\t_ \"example.com/other/lib\"\n)\n\nfunc TestB(t *testing.T) {}\n")
	fixture.Write(t, filepath.Join(outside, "evil_test.go"), "package c\n\nimport \"flag\"\n\nvar E = flag.Bool(\"evil\", false, \"\")\n", 0o644)
	w("pkg/c/c.go", "package c\n")
	if err := os.Symlink(filepath.Join(outside, "evil_test.go"), filepath.Join(root, "pkg", "c", "evil_test.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "pkg", "out")); err != nil {
		t.Fatal(err)
	}
	sync := filepath.Join(root, "fs", "sync")
	for _, c := range []struct {
		dir, line, want string // want: "" approved, else a part of the reason
	}{
		{sync, "go test -v -verbose", ""},
		{sync, "go test -v -remote local", ""},
		{sync, "go test -v --remote=local", ""},
		{"", "go test ./fs/sync -remote local", ""},
		{"", "go test ./fs/... -verbose", ""},
		{"", "go test ./... -verbose", ""},
		{"", "go test example.com/m/fs/sync -verbose", ""},
		{"", "go test -run TestA ./pkg/a -update -wait=2s -golden testdata/x", ""},
		{sync, "go test -v -remote TestDrive:", "may name a remote or a network address"},
		{sync, "go test -remote=https://evil.example", "may name a remote or a network address"},
		{sync, "go test -remote=/etc/passwd", "outside the project"},
		{sync, "go test -remote ../../../x", "outside the project"},
		{"", "go test ./pkg/a -golden=/tmp/x", "outside the project"},
		{sync, "go test -v -remot x", "not an option Memo knows"},
		{"", "go test ./pkg/a -verbose", "not an option Memo knows"}, // defined for another package
		{"", "go test -verbose", "not an option Memo knows"},         // the root tests no package that defines it
		{"", "go test ./pkg/b -other", "not an option Memo knows"},   // another module's
		{"", "go test ./pkg/c -evil", "not an option Memo knows"},    // a link out of the project
		{"", "go test ./pkg/out -evil", "not an option Memo knows"},
		{"", "go test ./pkg/a -undefined", "not an option Memo knows"},
		// A flag whose name says its value names a program, a plugin or
		// where code comes from: the tests would run or load it.
		{"", "go test ./pkg/a -gitbin=curl", "may name a program or code the project's tests would run or load with `-gitbin`"},
		{"", "go test ./pkg/a -gitbin curl", "may name a program or code"},
		{"", "go test ./pkg/a --gitbin=git", "may name a program or code"},
		{"", "go test ./pkg/a -plugin=x.so", "may name a program or code"},
		{"", "go test ./pkg/a -exec-cmd=sh", "may name a program or code"},
		{"", "go test ./pkg/a -shell sh", "may name a program or code"},
		{"", "go test ./pkg/a -helper=./evil", "may name a program or code"},
		{"", "go test ./pkg/a -db-driver=sqlite", "may name a program or code"},
		{"", "go test ./pkg/a -download=x", "may name a program or code"},
		{"", "go test ./pkg/a -update -golden testdata/x", ""},
		// After -args the words go to the test binary as they are: the
		// same flags ask there, whoever defines them.
		{"", "go test ./pkg/a -args -gitbin=curl", "may name a program or code"},
		{"", "go test ./pkg/a -args -shell sh", "may name a program or code"},
		{"", "go test ./pkg/a -args -update", ""},
		{"", "go test ./pkg/a -args -test.run=TestA", ""},
		{sync, "go test -verbose -exec=sh", "runs another program"},
		{sync, "go test -remote x -toolexec /tmp/x", "runs another program"},
		{sync, "go test -vettool=/tmp/x -verbose", "runs another program"},
		{sync, "go test -verbose -test.coverprofile=/tmp/x", "not an option Memo knows"},
		{sync, "go test -verbose -test.coverprofile=c.out", "not an option Memo knows"},
	} {
		v := checkIn(root, c.dir, rules, c.line)
		wantVerdict(t, fmt.Sprintf("%q in %q", c.line, c.dir), v, c.want)
	}
	// A ./... of more folders than Memo reads counts for nothing; the
	// package named beside it still does.
	many := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(many, "go.mod"), "module example.com/many\n", 0o644)
	fixture.Write(t, filepath.Join(many, "a", "a_test.go"), "package a\n\nimport \"flag\"\n\nvar X = flag.Bool(\"deep\", false, \"\")\n", 0o644)
	for i := range 70 {
		fixture.Write(t, filepath.Join(many, "p", fmt.Sprint(i), "x.go"), "package x\n", 0o644)
	}
	wantVerdict(t, "go test ./... -deep (70 folders)", checkIn(many, "", rules, "go test ./... -deep"), "not an option Memo knows")
	wantVerdict(t, "go test ./a ./p/... -deep (70 folders)", checkIn(many, "", rules, "go test ./a ./p/... -deep"), "")
	wantVerdict(t, "go test ./a/... -deep", checkIn(many, "", rules, "go test ./a/... -deep"), "")
	// Checked alone, nothing is read: the flag asks.
	if v := NewChecker(rules).Check("go test -verbose", nil); v.Approved {
		t.Errorf("go test -verbose without a project is approved")
	}
}
