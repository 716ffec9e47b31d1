// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// A make line under a rule that does not spell its -C DIR or -f FILE, or
// that sets variables (make X=1), runs what the rule's trust pinned only
// when every makefile the line reads, and all they reach, is among the
// rule's pinned definitions (docs/permissions.md §7): the root makefile's
// `$(MAKE) -C lib` pins lib's makefiles for the rule `make`, so
// `make -C lib libzstd` runs nothing the trust did not pin.

// MakeRun is what one make command reads and runs, read against the
// definitions a rule's trust pins.
type MakeRun struct {
	// Problem says why the line's makefiles are not all pinned by the rule.
	Problem domain.Text
	// makefiles are the files make reads first (those of its folder or -f,
	// and what they include); texts the makefiles (of every folder) the
	// run reaches; scripts the other texts it reaches.
	makefiles []Definition
	texts     []Definition
	scripts   []Definition
	// cwds are the folders the texts' recipes run in, by file, relative
	// to the project.
	cwds map[string]string
}

// MakeRunOf reads the make command words (the program first; only the
// words choosing the folder and the makefiles matter) under rule.
func (p *Project) MakeRunOf(rule string, words []string) *MakeRun {
	if p.pinned == nil || p.pinned.byID == nil {
		return &MakeRun{Problem: domain.T("the permissions file is not trusted, so nothing pins the makefiles")}
	}
	return p.Memo("makerun", rule+"\x00"+strings.Join(words, "\x00"), func(q *Project) any {
		return q.makeRun(rule, words)
	}).(*MakeRun)
}

func (p *Project) makeRun(rule string, words []string) *MakeRun {
	run := &MakeRun{cwds: map[string]string{}}
	dir, files := makeFolder(p.Dir, words)
	if reason := p.makeFolderInside(dir, files); !reason.IsZero() {
		run.Problem = reason
		return run
	}
	w := newDefWalk(rule)
	first, problem := p.makefileDefs(w, words)
	if !problem.IsZero() {
		run.Problem = problem
		return run
	}
	reached := p.followDefinitions(w, first)
	pinned := map[string]string{}
	ruleDefs, _ := p.definitions(rule)
	for _, d := range ruleDefs {
		pinned[d.ID()] = d.Hash
	}
	for _, d := range reached {
		if hash, ok := pinned[d.ID()]; !ok || hash != d.Hash {
			run.Problem = domain.T("{{.File}}, which this make line runs, is not among what the trust of `{{.Rule}}` pins", "File", d.File, "Rule", rule)
			return run
		}
	}
	firstIDs := map[string]bool{}
	for _, d := range first {
		firstIDs[d.ID()] = true
	}
	for _, d := range reached {
		o, followed := w.origin[d.ID()]
		switch {
		case d.Hash == "":
		case followed && o.kind == "make":
			if firstIDs[d.ID()] {
				run.makefiles = append(run.makefiles, d)
			}
			run.texts = append(run.texts, d)
			cwd, _ := RelInside(p.Root, o.cwd)
			run.cwds[d.File] = cwd
		default:
			run.scripts = append(run.scripts, d)
		}
	}
	return run
}

// makeFolderInside: make's folder and the makefiles -f names are the
// project's, through the links they pass.
func (p *Project) makeFolderInside(dir string, files []string) domain.Text {
	rel, inside := RelInside(p.Root, dir)
	if !inside {
		return outsideReason(dir)
	}
	real, ok := p.resolve(rel)
	if !ok {
		return outsideReason(dir)
	}
	kind, _, err := p.lstat(filepath.Join(p.Root, real))
	if err != nil || kind != filekind.Dir {
		return domain.T("`{{.Dir}}` is not a folder of the project", "Dir", filepath.ToSlash(rel))
	}
	for _, f := range files {
		frel, inside := RelInside(p.Root, filepath.Join(dir, f))
		if !inside {
			return outsideReason(f)
		}
		if _, ok := p.resolve(frel); !ok {
			return outsideReason(f)
		}
	}
	return domain.Text{}
}

// Defines reports whether the makefiles make reads first define target
// by name (an explicit rule; a pattern rule or .DEFAULT does not count).
func (m *MakeRun) Defines(target string) bool {
	for _, d := range m.makefiles {
		if d.Text == "" {
			continue
		}
		mf := parseMakefile(d.Text)
		vars := makeVars(nil, mf)
		for _, t := range mf.targets {
			for _, name := range makeWords(MakeExpand(t, vars)) {
				if name == target {
					return true
				}
			}
		}
	}
	return false
}

// Makefiles are the files the line's make reads first, as the review
// names them.
func (m *MakeRun) Makefiles() []string {
	var out []string
	for _, d := range m.makefiles {
		out = append(out, d.File)
	}
	return out
}
