// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

const goModWithTools = "module example.com/app\n\ngo 1.24\n\ntool (\n\tmvdan.cc/gofumpt\n\tgolang.org/x/tools/cmd/stringer\n\tgithub.com/golangci/golangci-lint/v2/cmd/golangci-lint\n)\n\nrequire (\n\tgolang.org/x/tools v0.30.0 // indirect\n\tmvdan.cc/gofumpt v0.8.0 // indirect\n\tgithub.com/golangci/golangci-lint/v2 v2.1.0 // indirect\n)\n"

// go tool NAME runs a tool go.mod declares: its line is read with the
// tool's own table, the distribution's own tools ask (but cover), and the
// trust pins the declaration — the tool's module, version and replacement.
func TestGoToolRunsTheDeclaredTool(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "go.mod"), goModWithTools, 0o644)
	fixture.Write(t, filepath.Join(root, "main.go"), "package main\n", 0o644)
	for _, tc := range []struct {
		rule, line, want string // want: "" approved, else a part of the reason
	}{
		{"go tool gofumpt", "go tool gofumpt -l -w .", ""},
		{"go tool gofumpt", "go tool gofumpt -d main.go", ""},
		{"go tool golangci-lint run", "go tool golangci-lint run ./...", ""},
		{"go tool cover", "go tool cover -func coverage.out", ""},
		{"go tool cover", "go tool cover -func=coverage.out", ""},
		{"go tool gofumpt", "go tool gofumpt -l -w /etc", "outside the project"},
		{"go tool gofumpt", "go tool gofumpt --frob", "not an option"},
		{"go tool stringer", "go tool stringer -type=Pill", "not an option the rule spells"},
		{"go tool cover", "go tool cover -html=coverage.out", "opens a web browser"},
		{"go tool cover", "go tool cover -html coverage.out", "opens a web browser"},
		{"go tool gofumpt", "go tool stringer", "no allowed rule starts this line"},
		{"go tool gofumpt", "go tool gofumpt & id", "can chain commands"},
		// go tool alone lists the tools; it names none to run.
		{"go tool", "go tool", ""},
		{"go tool", "go tool gofumpt -l .", "runs a program the rule does not name"},
		{"go tool", "go tool compile x.go", "runs another program"},
	} {
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		rules := []string{tc.rule}
		v := NewChecker(rules).CheckIn(tc.line, p.WithPinned(p.AllDefinitions(rules)))
		wantVerdict(t, fmt.Sprintf("rule %q, %q", tc.rule, tc.line), v, tc.want)
	}
	for _, rule := range []string{"go tool compile", "go tool link", "go tool pprof", "go tool trace", "go tool vet",
		"go tool asm", "go tool dist", "go tool gofumpt -l /etc"} {
		if r := AcceptRule(rule); r.IsZero() {
			t.Errorf("rule %q accepted, want it refused", rule)
		}
	}
	for _, rule := range []string{"go tool gofumpt", "go tool stringer", "go tool cover", "go tool cover -func"} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused (%s), want it accepted", rule, r)
		}
	}

	// Trusted, then go.mod changes what the tool is.
	rules := []string{"go tool gofumpt"}
	trusted := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	pins := trusted.AllDefinitions(rules)
	for _, tc := range []struct {
		name, gomod string
		approved    bool
	}{
		{"as trusted", goModWithTools, true},
		{"another dependency added", goModWithTools + "require example.com/other v1.0.0\n", true},
		{"another version", strings.Replace(goModWithTools, "gofumpt v0.8.0", "gofumpt v0.9.0", 1), false},
		{"replaced by a folder", goModWithTools + "replace mvdan.cc/gofumpt => ./evil\n", false},
		{"replaced by a fork", goModWithTools + "replace mvdan.cc/gofumpt v0.8.0 => example.com/evil v1.0.0\n", false},
		{"another module of that name", strings.Replace(goModWithTools, "\tmvdan.cc/gofumpt\n\tgolang", "\texample.com/evil/gofumpt\n\tgolang", 1) + "require example.com/evil v1.0.0\n", false},
		{"the declaration dropped", strings.Replace(goModWithTools, "\tmvdan.cc/gofumpt\n", "", 1), false},
	} {
		fixture.Write(t, filepath.Join(root, "go.mod"), tc.gomod, 0o644)
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pins)
		if v := NewChecker(rules).CheckIn("go tool gofumpt -l .", p); v.Approved != tc.approved {
			t.Errorf("%s: approved=%v (%s), want %v", tc.name, v.Approved, v.Reason, tc.approved)
		}
	}
}

// A go.mod Memo cannot read — a folder, a link leaving the project, a
// file too large to read — leaves go tool NAME without the declaration it
// would run: the line asks and says so.
func TestGoToolUnreadableGoMod(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "go.mod")
	fixture.Write(t, outside, goModWithTools, 0o644)
	for _, tc := range []struct {
		name, want string
		make       func(t *testing.T, gomod string)
	}{
		{"a folder", "cannot read go.mod", func(t *testing.T, gomod string) { mustDo(t, os.Mkdir(gomod, 0o755)) }},
		{"a link outside the project", "cannot read go.mod", func(t *testing.T, gomod string) { mustDo(t, os.Symlink(outside, gomod)) }},
		{"too large", "cannot read go.mod", func(t *testing.T, gomod string) {
			fixture.Write(t, gomod, goModWithTools+strings.Repeat("// padding\n", 400_000), 0o644)
		}},
		{"missing", "has no go.mod", func(t *testing.T, gomod string) {}},
	} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "main.go"), "package main\n", 0o644)
		tc.make(t, filepath.Join(root, "go.mod"))
		rules := []string{"go tool gofumpt"}
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		v := NewChecker(rules).CheckIn("go tool gofumpt -l .", p.WithPinned(p.AllDefinitions(rules)))
		wantVerdict(t, "go.mod "+tc.name, v, tc.want)
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// In a workspace go tool NAME runs a tool any module go.work uses may
// declare (go1.24+: `go tool stringer` at the root runs sub/go.mod's
// example.com/evil/stringer), so the pin of the main module's go.mod does
// not say what runs: the line asks, whether go.work was there at trust or
// came later, and also for a NAME go.mod does not declare.
func TestGoToolInAWorkspaceAsks(t *testing.T) {
	const work = "go 1.24\n\nuse (\n\t.\n\t./sub\n)\n"
	const sub = "module example.com/sub\n\ngo 1.24\n\ntool example.com/evil/stringer\n\nrequire example.com/evil v0.0.1\n"
	for _, tc := range []struct {
		name, rule, line string
		workAtTrust      bool
	}{
		{"declared, go.work added after trust", "go tool gofumpt", "go tool gofumpt -l .", false},
		{"not declared, go.work added after trust", "go tool stringer", "go tool stringer", false},
		{"declared, go.work at trust", "go tool gofumpt", "go tool gofumpt -l .", true},
		{"not declared, go.work at trust", "go tool stringer", "go tool stringer", true},
	} {
		root := fixture.Repo(t, fixture.CleanConfig)
		fixture.Write(t, filepath.Join(root, "go.mod"), goModWithTools, 0o644)
		fixture.Write(t, filepath.Join(root, "main.go"), "package main\n", 0o644)
		fixture.Write(t, filepath.Join(root, "sub", "go.mod"), sub, 0o644)
		if tc.workAtTrust {
			fixture.Write(t, filepath.Join(root, "go.work"), work, 0o644)
		}
		rules := []string{tc.rule}
		trusted := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		pins := trusted.AllDefinitions(rules)
		fixture.Write(t, filepath.Join(root, "go.work"), work, 0o644)
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pins)
		wantVerdict(t, fmt.Sprintf("%s: rule %q, %q", tc.name, tc.rule, tc.line), NewChecker(rules).CheckIn(tc.line, p), "go.work")
	}
}
