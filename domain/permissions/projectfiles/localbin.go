// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"runtime"

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

// LocalBin tells why the project's node_modules/.bin does not hold name
// for certain: the nearest folder with a package.json, from the line's
// folder up to the root, is where the runner looks.
func (p *Project) LocalBin(runner, name string) domain.Text {
	missing := domain.T("{{.Name}} is not installed in the project's node_modules; {{.Runner}} would download it", "Name", name, "Runner", runner)
	if runner == "pnpm exec" {
		missing = domain.T("{{.Name}} is not installed in the project's node_modules; {{.Runner}} would run another program of that name", "Name", name, "Runner", runner)
	}
	if p == nil {
		return domain.T("Memo cannot tell whether {{.Name}} is installed in the project's node_modules: the line is checked without the project", "Name", name)
	}
	return p.Memo("bin", runner+"\x00"+name, func(q *Project) any {
		dir := q.packageDir("package.json")
		for _, bin := range binFiles(name) {
			rel, ok := RelInside(q.Root, filepath.Join(dir, "node_modules", ".bin", bin))
			if !ok {
				continue
			}
			real, ok := q.resolve(rel)
			if !ok {
				return domain.T("node_modules/.bin/{{.Name}} leads outside the project", "Name", name)
			}
			if ProtectedPart(real) {
				return ProtectedReason("node_modules/.bin/" + bin)
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
