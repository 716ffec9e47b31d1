// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"runtime"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
)

// npx NAME, bunx NAME and pnpm exec NAME run the program NAME that the
// project installed in node_modules/.bin; npx and bunx download and run a
// package of that name when it is not there. A rule names NAME as a plain
// bin name (no @version, no path, no option before it); a line is approved
// only while the project's node_modules/.bin/NAME exists and resolves
// inside the project, and the words after NAME are checked as NAME's own
// (its entry, or the options the rule spells).

// localBinRunner: the program runs a bin of the project by name (the
// subcommand that does, for a package manager).
func localBinRunner(name string, r reading) bool { return builtin().localBinRunner(name, r) }

// localBinRunner: local_bin in the program's entry (npx, bunx) or in the
// subcommand's (pnpm exec).
func (c *catalog) localBinRunner(name string, r reading) bool {
	e := c.entries[name]
	if e == nil {
		return false
	}
	if s, ok := e.subs[r.sub]; ok && r.sub != "" {
		return s.localBin
	}
	return e.localBin && r.sub == ""
}

// localBinName tells why NAME is not a plain bin name a rule may approve.
func (c *catalog) localBinName(runner, name string) domain.Text {
	plain := name != "" && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "-")
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			plain = false
		}
	}
	if !plain {
		return domain.T("`{{.Word}}` is not the plain name of a program the project installs; {{.Runner}} would fetch or run it from elsewhere", "Word", name, "Runner", runner)
	}
	if n := c.canonical(programName(name)); c.isInterpreter(n) || c.bare[n] {
		return domain.T("`{{.Runner}} {{.Word}}` runs a program that runs anything", "Runner", runner, "Word", name)
	}
	return domain.Text{}
}

// localBin tells why the project's node_modules/.bin does not hold name
// for certain: the nearest folder with a package.json, from the line's
// folder up to the root, is where the runner looks.
func (p *Project) localBin(runner, name string) domain.Text {
	missing := domain.T("{{.Name}} is not installed in the project's node_modules; {{.Runner}} would download it", "Name", name, "Runner", runner)
	if runner == "pnpm exec" {
		missing = domain.T("{{.Name}} is not installed in the project's node_modules; {{.Runner}} would run another program of that name", "Name", name, "Runner", runner)
	}
	if p == nil {
		return domain.T("Memo cannot tell whether {{.Name}} is installed in the project's node_modules: the line is checked without the project", "Name", name)
	}
	return p.memo("bin", runner+"\x00"+name, func(q *Project) any {
		dir := q.packageDir("package.json")
		for _, bin := range binFiles(name) {
			rel, ok := relInside(q.Root, filepath.Join(dir, "node_modules", ".bin", bin))
			if !ok {
				continue
			}
			real, ok := q.resolve(rel)
			if !ok {
				return domain.T("node_modules/.bin/{{.Name}} leads outside the project", "Name", name)
			}
			if protectedPart(real) {
				return protectedReason("node_modules/.bin/" + bin)
			}
			if kind, _, err := q.lstat(filepath.Join(q.Root, real)); err == nil && kind == filekind.File {
				return domain.Text{}
			}
		}
		return missing
	}).(domain.Text)
}

// binFiles are the files in node_modules/.bin the runner would start for
// name on this system: on Windows the .cmd or .exe shim (a file without an
// extension does not run there), elsewhere the file itself (a jest.cmd
// alone runs nothing, and npx would download jest).
func binFiles(name string) []string {
	if runtime.GOOS == "windows" {
		return []string{name + ".cmd", name + ".exe"}
	}
	return []string{name}
}
