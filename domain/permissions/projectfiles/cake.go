// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"strings"
)

// A Cake build (dotnet cake, the local tool cake.tool; docs/permissions.md
// §7, Cake and NUKE builds) runs the tasks its script defines, the
// one `--target=NAME` names, and reads the arguments the script asks for
// (`--configuration=Release` for `Argument("configuration", …)`). The
// script is pinned with the rule's trust, so the names it defines are the
// trusted ones; a word the script does not define stays unknown.

// CakeScriptWord is the script dotnet cake runs for args, the words after
// `cake`: its first operand ending in .cake, else build.cake in the
// line's folder (Cake's default).
func CakeScriptWord(args []string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") && strings.HasSuffix(strings.ToLower(a), ".cake") {
			return a
		}
	}
	return "build.cake"
}

// CakeScript is what a Cake script defines: its tasks (Task("Name")) and
// the arguments it reads (Argument("name", …), Argument<T>("name", …),
// HasArgument("name")). Exists is false when the project holds no such
// file, or it cannot be read (then nothing is defined).
type CakeScript struct {
	File             string
	Exists           bool
	Tasks, Arguments []string
}

var (
	cakeTask     = regexp.MustCompile(`\bTask\s*\(\s*"([A-Za-z0-9][A-Za-z0-9_.-]*)"\s*\)`)
	cakeArgument = regexp.MustCompile(`\b(?:Has)?Arguments?\s*(?:<[^>()]*>)?\s*\(\s*"([A-Za-z0-9][A-Za-z0-9_.-]*)"`)
)

// CakeScript reads the Cake script word names (CakeScriptWord), from the
// line's folder, when it is a file of the project.
func (p *Project) CakeScript(word string) CakeScript {
	if p == nil {
		return CakeScript{}
	}
	abs := filepath.Join(p.Dir, filepath.FromSlash(word))
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if !ok {
		return CakeScript{}
	}
	real, ok := p.resolve(rel)
	if !ok {
		return CakeScript{}
	}
	b, err := p.readDefinition(filepath.Join(p.Root, real))
	if err != nil {
		return CakeScript{File: filepath.ToSlash(real)}
	}
	s := CakeScript{File: filepath.ToSlash(real), Exists: true}
	text := string(b)
	for _, m := range cakeTask.FindAllStringSubmatch(text, -1) {
		s.Tasks = append(s.Tasks, m[1])
	}
	for _, m := range cakeArgument.FindAllStringSubmatch(text, -1) {
		s.Arguments = append(s.Arguments, m[1])
	}
	return s
}

// cakeDefs pins the Cake script a rule's dotnet cake runs (absent when the
// project holds none; one outside the project is the line's path check's).
func (p *Project) cakeDefs(rule string, args []string) []Definition {
	word := CakeScriptWord(args)
	rel, ok := RelInside(p.Root, filepath.Clean(filepath.Join(p.Dir, filepath.FromSlash(word))))
	if !ok {
		return nil
	}
	if real, ok := p.resolve(rel); ok {
		rel = real
	}
	d, _ := p.fileDefinition(rule, filepath.ToSlash(rel), "")
	if d.Hash != "" {
		d.Arguments = "cake " + d.File // for the rule's labels
	}
	return []Definition{d}
}
