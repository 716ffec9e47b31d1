// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// A rule may name the project file bun runs (bun ./scripts/x.ts), as a
// node rule names its script: that file alone, inside the project; the
// words after it are the script's arguments, path-checked. A file the rule
// does not name still asks, and so does a rule naming a file outside.
func TestBunFileRules(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"scripts": {"build": "tsc"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, "scripts", "x.ts"), "console.log(1)\n", 0o644)
	fixture.Write(t, filepath.Join(root, "scripts", "y.ts"), "console.log(2)\n", 0o644)
	if err := os.Symlink(t.TempDir(), filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rule, line string
		want       string // "" approved, else a part of the reason
	}{
		{"bun ./scripts/x.ts", "bun ./scripts/x.ts", ""},
		{"bun ./scripts/x.ts", "bun ./scripts/x.ts src", ""},
		{"bun scripts/x.ts", "bun scripts/x.ts", ""},
		// bun run FILE: the rule's definitions read the word as a script's
		// name, so the file would not be pinned: it asks as before.
		{"bun run ./scripts/x.ts", "bun run ./scripts/x.ts", "no allowed rule starts this line"},
		{"bun ./scripts/x.ts", "bun ./scripts/y.ts", "no allowed rule starts this line"},
		{"bun ./scripts/x.ts", "bun ./scripts/x.ts /etc/passwd", "outside the project"},
		{"bun ./scripts/x.ts", "bun ./scripts/x.ts --x=../../etc", "outside the project"},
		{"bun run", "bun run ./scripts/x.ts", "names a file, which bun would run"},
		{"bun ./out/x.ts", "bun ./out/x.ts", "names a file, which bun would run"},
		{"bun ./scripts/x.ts", "bun --preload=/tmp/p.ts ./scripts/x.ts", "no allowed rule starts this line"},
	} {
		wantVerdict(t, c.line+" under "+c.rule, checkIn(root, "", []string{c.rule}, c.line), c.want)
	}
	// The trust pins the file the rule names, by its bytes.
	for _, rule := range []string{"bun ./scripts/x.ts", "bun scripts/x.ts"} {
		defs, reason := NewProject(root, root, projectfiles.OSGitFS(""), nil).Definitions(rule)
		if !reason.IsZero() || !slices.ContainsFunc(defs, func(d projectfiles.Definition) bool { return d.File == "scripts/x.ts" && d.Hash != "" }) {
			t.Errorf("Definitions(%q) = %+v (%s), want scripts/x.ts pinned", rule, defs, reason)
		}
	}
	for rule, want := range map[string]string{
		"bun ./scripts/x.ts":     "",
		"bun ../x.ts":            "names a file, which bun would run",
		"bun /tmp/x.ts":          "names a file, which bun would run",
		"bun run":                "",
		"bun run ./scripts/x.ts": "names a file, which bun would run",
		"bun ./.git/x.ts":        ".git",
	} {
		got := AcceptRule(rule)
		if want == "" && !got.IsZero() || want != "" && !strings.Contains(got.String(), want) {
			t.Errorf("AcceptRule(%q) = %q, want %q", rule, got, want)
		}
	}
}

// cmake's CMAKE_INSTALL_PREFIX and CMAKE_PREFIX_PATH name a folder cmake
// writes to or loads CMake scripts from: one inside the project passes,
// glued or as the next word; one outside (also through a link), a list or
// another type asks.
func TestCmakeProjectPaths(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "CMakeLists.txt"), "project(x)\n", 0o644)
	if err := os.Symlink(t.TempDir(), filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]string{
		"cmake -S . -B build -D CMAKE_INSTALL_PREFIX=install-prefix":                    "",
		"cmake -S . -B build -DCMAKE_INSTALL_PREFIX=install-prefix":                     "",
		"cmake -S . -B b -D CMAKE_BUILD_TYPE=Debug -D CMAKE_PREFIX_PATH=install-prefix": "",
		"cmake -S . -B build -D CMAKE_INSTALL_PREFIX=out":                               "outside the project",
		"cmake -S . -B build -D CMAKE_INSTALL_PREFIX=out/x":                             "outside the project",
		"cmake -S . -B build -D CMAKE_PREFIX_PATH=/opt/x":                               "outside the project",
		"cmake -S . -B build -D CMAKE_PREFIX_PATH=.git/x":                               ".git",
		"cmake -S . -B build -D CMAKE_INSTALL_PREFIX=-x":                                "runs another program",
		"cmake -S . -B build -D CMAKE_INSTALL_PREFIX:INTERNAL=x":                        "runs another program",
		"cmake -S . -B build -D CMAKE_TOOLCHAIN_FILE=install-prefix":                    "runs another program",
		"cmake -S . -B build -D":                                                        "runs another program",
	} {
		wantVerdict(t, line, checkIn(root, "", []string{"cmake"}, line), want)
	}
}

// A `#` inside a word is literal to bash (a comment starts only at a
// word's start), so such a word passes where the program reads text it
// only matches or prints, as a quoted `#` does; anywhere else, and a `#`
// after a space, ask.
func TestHashInsideAWord(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	rules := []string{"git log", "go test", "make", "rg"}
	for line, want := range map[string]string{
		"git log --grep=issue#12":       "",
		"git log --grep issue#12":       "",
		"rg fix#12 src":                 "",
		"go test -run Test#1 ./...":     "",
		"go test ./... #comment":        "`#` starts a comment",
		"go test -run x #y":             "`#` starts a comment",
		"make X=a#b":                    "`#` starts a comment",
		"go test ./pkg#x":               "`#` starts a comment",
		"git log --grep=a#b; id":        "no allowed rule starts",
		"git log --format=%h#x":         "`%` is not among the allowed characters",
		"git log --grep=issue#12 --foo": "`#` starts a comment",
	} {
		wantVerdict(t, line, checkIn(root, "", rules, line), want)
	}
}
