// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"strings"

	"memo.dev/projects/domain/filekind"
)

// A NUKE build (dotnet nuke, the local tool nuke.globaltool;
// docs/permissions.md §7, Cake and NUKE builds) is a C# project of the repository,
// build/_build.csproj beside a .nuke folder, whose targets are properties
// (`Target Compile => _ => _ …`) and whose parameters are fields marked
// [Parameter] (`readonly Configuration Configuration`, given as
// --configuration). Its .cs files are pinned with the rule's trust, so the
// names they define are the trusted ones.

// nukeBuildDir is where NUKE's setup puts the build project.
const nukeBuildDir = "build"

// maxNukeFiles bounds the .cs files of a NUKE build Memo reads; a larger
// build is not read (its lines ask as before).
const maxNukeFiles = 200

// NukeBuild is what a NUKE build defines; Exists is false when the
// project holds none Memo can read whole.
type NukeBuild struct {
	Exists              bool
	Targets, Parameters []string
}

var (
	nukeTarget = regexp.MustCompile(`\bTarget\s+([A-Za-z_][A-Za-z0-9_]*)\s*=>`)
	// [Parameter], [Parameter("…")], then other attributes ([Secret]),
	// modifiers and a type, then the field's or property's name.
	nukeParameter = regexp.MustCompile(`\[Parameter\b[^\]]*\]\s*(?:\[[^\]]*\]\s*)*(?:(?:readonly|public|private|protected|internal|static)\s+)*[A-Za-z_][A-Za-z0-9_.<>?,\[\] ]*?\s+([A-Za-z_][A-Za-z0-9_]*)\s*[;={]`)
)

// nukeFiles are the .cs files of the project's NUKE build (bin and obj
// left out), and whether Memo read the folder whole.
func (p *Project) nukeFiles() ([]string, bool) {
	return p.nukeFilesIn(nukeBuildDir, "_build.csproj")
}

// nukeFilesIn are the .cs files of the NUKE build project file csproj in
// the folder dir (relative to the root, slash separated), beside the
// root's .nuke folder.
func (p *Project) nukeFilesIn(dir, csproj string) ([]string, bool) {
	if p == nil {
		return nil, false
	}
	if _, _, err := p.lstat(filepath.Join(p.Root, ".nuke")); err != nil {
		return nil, false
	}
	if kind, _, err := p.lstat(filepath.Join(p.Root, filepath.FromSlash(dir))); err != nil || kind != filekind.Dir {
		return nil, false // none, or a link Memo does not follow
	}
	if kind, _, err := p.lstat(filepath.Join(p.Root, filepath.FromSlash(dir), csproj)); err != nil || kind != filekind.File {
		return nil, false
	}
	var files []string
	var walk func(rel string, depth int) bool
	walk = func(rel string, depth int) bool {
		entries, err := p.listDir(filepath.Join(p.Root, filepath.FromSlash(rel)))
		if err != nil || depth > 4 {
			return false
		}
		for _, e := range entries {
			child := rel + "/" + e.name
			switch {
			case e.kind == filekind.Dir && (e.name == "bin" || e.name == "obj" || strings.HasPrefix(e.name, ".")):
			case e.kind == filekind.Dir:
				if !walk(child, depth+1) {
					return false
				}
			case e.kind != filekind.File:
				return false // a link or a device: Memo does not read the build
			case strings.HasSuffix(e.name, ".cs"):
				files = append(files, child)
				if len(files) > maxNukeFiles {
					return false
				}
			}
		}
		return true
	}
	if !walk(dir, 0) {
		return nil, false
	}
	return files, true
}

// NukeBuild reads the project's NUKE build, from the project's root.
func (p *Project) NukeBuild() NukeBuild {
	files, ok := p.nukeFiles()
	if !ok {
		return NukeBuild{}
	}
	return p.readNukeBuild(files)
}

// NukeProject is the NUKE build project a `dotnet run --project WORD`
// runs (WORD from the line's folder): a .csproj file of the project that
// references Nuke.Common, in a project with a .nuke folder at its root
// (Bogus's Source/Builder/Builder.csproj, which its build.sh runs). It is
// the project file relative to the root, slash separated; ok is false
// for any other project.
func (p *Project) NukeProject(word string) (string, bool) {
	if p == nil || !strings.EqualFold(filepath.Ext(word), ".csproj") {
		return "", false
	}
	abs := word
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(p.Dir, filepath.FromSlash(strings.ReplaceAll(word, `\`, "/")))
	}
	rel, ok := RelInside(p.Root, filepath.Clean(abs))
	if !ok {
		return "", false
	}
	real, ok := p.resolve(rel)
	if !ok || real != rel {
		return "", false // through a link: Memo does not follow it
	}
	rel = filepath.ToSlash(rel)
	if pathDir(rel) == "." {
		return "", false // a build project in its own folder, not the root
	}
	if _, ok := p.nukeFilesIn(pathDir(rel), pathBase(rel)); !ok {
		return "", false
	}
	data, err := p.readDefinition(filepath.Join(p.Root, filepath.FromSlash(rel)))
	if err != nil || !nukeReference.Match(data) {
		return "", false
	}
	return rel, true
}

// nukeReference is a project file's reference to NUKE's library.
var nukeReference = regexp.MustCompile(`(?i)<PackageReference\s+Include\s*=\s*"Nuke\.Common"`)

func pathDir(rel string) string {
	if i := strings.LastIndex(rel, "/"); i >= 0 {
		return rel[:i]
	}
	return "."
}

func pathBase(rel string) string {
	return rel[strings.LastIndex(rel, "/")+1:]
}

// NukeBuildOf reads the NUKE build whose project file is csproj (as
// NukeProject gives it).
func (p *Project) NukeBuildOf(csproj string) NukeBuild {
	files, ok := p.nukeFilesIn(pathDir(csproj), pathBase(csproj))
	if !ok {
		return NukeBuild{}
	}
	return p.readNukeBuild(files)
}

func (p *Project) readNukeBuild(files []string) NukeBuild {
	b := NukeBuild{Exists: true}
	for _, rel := range files {
		data, err := p.readDefinition(filepath.Join(p.Root, filepath.FromSlash(rel)))
		if err != nil {
			return NukeBuild{}
		}
		text := string(data)
		for _, m := range nukeTarget.FindAllStringSubmatch(text, -1) {
			b.Targets = append(b.Targets, m[1])
		}
		for _, m := range nukeParameter.FindAllStringSubmatch(text, -1) {
			b.Parameters = append(b.Parameters, m[1])
		}
	}
	return b
}

// nukeDefs pins the NUKE build a rule's dotnet nuke runs: its project file
// and .cs files (a file added later is a new definition, which asks).
func (p *Project) nukeDefs(rule string) []Definition {
	files, ok := p.nukeFiles()
	if !ok {
		return nil
	}
	return p.nukeDefsOf(rule, nukeBuildDir+"/_build.csproj", files)
}

// nukeRunDefs pins the NUKE build a rule's `dotnet run --project WORD`
// runs, when it is one (NukeProject).
func (p *Project) nukeRunDefs(rule, word string) []Definition {
	csproj, ok := p.NukeProject(word)
	if !ok {
		return nil
	}
	files, ok := p.nukeFilesIn(pathDir(csproj), pathBase(csproj))
	if !ok {
		return nil
	}
	return p.nukeDefsOf(rule, csproj, files)
}

func (p *Project) nukeDefsOf(rule, csproj string, files []string) []Definition {
	d, _ := p.fileDefinition(rule, csproj, "")
	d.Arguments = "nuke " + csproj // for the rule's labels
	out := []Definition{d}
	for _, rel := range files {
		d, _ := p.fileDefinition(rule, rel, "")
		out = append(out, d)
	}
	return out
}
