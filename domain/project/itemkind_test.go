// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain/project"
)

// TestItemOfTheWrongKind: a setup item that exists but is not what Memo
// keeps there (a file where .memo/skills/ belongs, a folder or a pipe where
// a file does) is reported as wrong, with what it is, by Files (the
// Overview), Plan and Setup, and left alone; never "present" or "exists".
// A link counts as what it leads to (AGENTS.md is often a link to CLAUDE.md).
func TestItemOfTheWrongKind(t *testing.T) {
	type maker func(t *testing.T, p string)
	file := func(t *testing.T, p string) { os.WriteFile(p, []byte("mine\n"), 0o644) }
	folder := func(t *testing.T, p string) { os.Mkdir(p, 0o755) }
	links := runtime.GOOS != "windows" // Windows makes links only when elevated
	linkTo := func(target maker) maker {
		return func(t *testing.T, p string) {
			target(t, p+".target")
			if err := os.Symlink(filepath.Base(p)+".target", p); err != nil {
				t.Fatal(err)
			}
		}
	}
	type itemCase struct {
		item, name string
		make       maker
		says       string // "": not wrong
	}
	cases := []itemCase{
		{project.ItemSkills, "a file", file, "is a file, where Memo keeps a folder"},
		{project.ItemNotes, "a folder", folder, "is a folder, where Memo keeps a file"},
		{project.ItemIgnore, "a folder", folder, "is a folder, where Memo keeps a file"},
		{project.ItemAgents, "a folder", folder, "is a folder, where Memo keeps a file"},
		{project.ItemHandoff, "a folder", folder, "is a folder, where Memo keeps a file"},
	}
	if links {
		cases = append(cases,
			itemCase{project.ItemSkills, "a link to a file", linkTo(file), "is a file, where Memo keeps a folder"},
			itemCase{project.ItemAgents, "a link to a folder", linkTo(folder), "is a folder, where Memo keeps a file"},
			itemCase{project.ItemAgents, "a link to a file", linkTo(file), ""},
			itemCase{project.ItemSkills, "a link to a folder", linkTo(folder), ""},
		)
	}
	for _, tt := range cases {
		for _, setUp := range []bool{true, false} {
			name := tt.item + " as " + tt.name
			if setUp {
				name += " (set up)"
			}
			if strings.HasPrefix(tt.item, ".memo/") && !setUp {
				continue // a .memo Memo did not make is foreign: refused as a whole
			}
			s, _ := newTestService(t)
			dir := t.TempDir()
			p := filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(tt.item, "/")))
			if setUp {
				if _, err := s.Setup(dir); err != nil {
					t.Fatal(err)
				}
				os.RemoveAll(p)
			}
			tt.make(t, p)
			before := tree(t, dir)

			files, err := s.Files(dir)
			if err != nil {
				t.Fatalf("%s: Files: %v", name, err)
			}
			i := slices.IndexFunc(files, func(f project.FileState) bool { return f.Path == tt.item })
			got := files[i]
			if tt.says == "" {
				if got.State != project.StatePresent {
					t.Errorf("%s: Files says %+v, want present", name, got)
				}
				continue
			}
			if got.State != project.StateWrongKind || !strings.Contains(got.Reason.String(), p+" "+tt.says) {
				t.Errorf("%s: Files says %+v, want %q saying %q", name, got, project.StateWrongKind, p+" "+tt.says)
			}
			plan, err := s.Plan(dir)
			if j := slices.IndexFunc(plan, func(pi project.PlanItem) bool { return pi.Path == tt.item }); err != nil || plan[j].Create || !strings.Contains(plan[j].Reason, tt.says) {
				t.Errorf("%s: Plan = %+v, %v; want it left alone saying %q", name, plan, err, tt.says)
			}
			res, err := s.Setup(dir)
			j := slices.Index(res.Skipped, tt.item)
			if err != nil || j < 0 || !strings.Contains(res.Details[j].Reason, tt.says) {
				t.Errorf("%s: Setup = %+v, %v; want it skipped saying %q", name, res, err, tt.says)
			}
			after := tree(t, dir)
			for k, v := range before {
				if after[k] != v {
					t.Errorf("%s: setup changed %s", name, k)
				}
			}
		}
	}
}
