// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"memo.dev/projects/domain/filekind"
)

// go test hands a flag it does not know to the test binary, which reads it
// with Go's flag package: a flag the project's test code defines goes to
// the project's own code, which the rule runs anyway. GoTestFlags finds
// those definitions by reading Go source (go/parser, nothing is built or
// run): the .go files of each package the line tests (its operands, or the
// line's folder), _test.go files included, and the non-test files of the
// packages of the same module their _test.go files import, one step. Only
// regular files of the project are read (a link is not followed), each of
// at most maxGoFlagFile bytes, at most maxGoFlagFiles of a folder and
// maxGoFlagDirs folders in all; a pattern (./...) whose folders are more
// counts for nothing. A definition is a call of the flag package's
// String, Bool, Int … (the name its first argument) or StringVar, BoolVar,
// Var … (its second), the name a string literal.

const (
	maxGoFlagFile  = 1 << 20
	maxGoFlagFiles = 256
	maxGoFlagDirs  = 64
)

// goFlagFuncs are the flag package's functions that define a flag, with
// the place of the name among their arguments.
var goFlagFuncs = map[string]int{
	"String": 0, "Bool": 0, "Int": 0, "Int64": 0, "Uint": 0, "Uint64": 0, "Float64": 0, "Duration": 0,
	"Func": 0, "BoolFunc": 0,
	"StringVar": 1, "BoolVar": 1, "IntVar": 1, "Int64Var": 1, "UintVar": 1, "Uint64Var": 1,
	"Float64Var": 1, "DurationVar": 1, "Var": 1, "TextVar": 1,
}

// goFlagFile is what one Go file says: the flags it defines, the import
// paths it names.
type goFlagFile struct {
	flags   []string
	imports []string
}

// GoTestFlags are the names of the flags the project's code defines for
// the test binaries of the packages pkgs name (go test's operands; the
// line's folder when none). A name go test reads itself with its test.
// prefix (test.run) is never one.
func (p *Project) GoTestFlags(pkgs []string) map[string]bool {
	return p.Memo("gotestflags", strings.Join(pkgs, "\x00"), func(q *Project) any { return q.goTestFlags(pkgs) }).(map[string]bool)
}

func (p *Project) goTestFlags(pkgs []string) map[string]bool {
	out := map[string]bool{}
	var dirs []string
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	for _, pkg := range pkgs {
		ds, ok := p.goPackageDirs(pkg)
		if !ok {
			continue
		}
		dirs = append(dirs, ds...)
	}
	dirs = slices.Compact(dirs)
	if len(dirs) > maxGoFlagDirs {
		return out
	}
	imported := map[string]bool{}
	for _, dir := range dirs {
		for _, f := range p.goFlagFiles(dir, true) {
			for _, n := range f.file.flags {
				out[n] = true
			}
			if !strings.HasSuffix(f.name, "_test.go") {
				continue
			}
			for _, imp := range f.file.imports {
				if d, ok := p.goModuleDir(dir, imp); ok && d != dir {
					imported[d] = true
				}
			}
		}
	}
	if len(imported) > maxGoFlagDirs {
		return out
	}
	for d := range imported {
		for _, f := range p.goFlagFiles(d, false) {
			for _, n := range f.file.flags {
				out[n] = true
			}
		}
	}
	return out
}

// goPackageDirs are the project folders (absolute) a go test operand
// tests: ., ./x, ../x, an import path of the module the line's folder is
// in, each with /... for the folders below (go's own walk: no folder
// starting with . or _, no testdata or vendor, no nested module, no
// link). false for anything else (a .go file, a package of another
// module, a path outside the project).
func (p *Project) goPackageDirs(pkg string) ([]string, bool) {
	base, all := strings.CutSuffix(pkg, "/...")
	if pkg == "..." || strings.Contains(base, "...") || strings.HasSuffix(base, ".go") {
		return nil, false
	}
	var dir string
	switch {
	case base == "." || base == ".." || strings.HasPrefix(base, "./") || strings.HasPrefix(base, "../"):
		dir = filepath.Join(p.Dir, filepath.FromSlash(base))
	default:
		root, mod, ok := p.goModule(p.Dir)
		switch {
		case !ok:
			return nil, false
		case base == mod:
			dir = root
		case strings.HasPrefix(base, mod+"/"):
			dir = filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(base, mod+"/")))
		default:
			return nil, false
		}
	}
	d, ok := p.realDir(dir)
	if !ok {
		return nil, false
	}
	if !all {
		return []string{d}, true
	}
	out := []string{d}
	for i := 0; i < len(out); i++ {
		if len(out) > maxGoFlagDirs {
			return nil, false
		}
		entries, err := p.listDir(out[i])
		if err != nil {
			return nil, false
		}
		for _, e := range entries {
			if e.kind != filekind.Dir || strings.HasPrefix(e.name, ".") || strings.HasPrefix(e.name, "_") || e.name == "testdata" || e.name == "vendor" {
				continue
			}
			sub := filepath.Join(out[i], e.name)
			if _, err := p.Cached(filepath.Join(sub, "go.mod"), maxConfigFile); !isNotExist(err) {
				continue // another module's folder
			}
			out = append(out, sub)
		}
	}
	return out, true
}

// realDir is dir with the project's links along it followed, when it is
// a folder of the project outside .git and .memo.
func (p *Project) realDir(dir string) (string, bool) {
	if !p.PathProblem(dir).IsZero() {
		return "", false
	}
	rel, ok := RelInside(p.Root, filepath.Clean(dir))
	if !ok {
		return "", false
	}
	real, ok := p.resolve(rel)
	if !ok || ProtectedPart(real) {
		return "", false
	}
	return filepath.Join(p.Root, real), true
}

// goModule is the module the folder dir is in: the folder of the first
// go.mod from dir up to the project's root, and its module path.
func (p *Project) goModule(dir string) (string, string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, inside := RelInside(p.Root, d); !inside {
			return "", "", false
		}
		e, err := p.Cached(filepath.Join(d, "go.mod"), maxConfigFile)
		if err == nil {
			for _, g := range p.Cache.Parse(e, "gomod", func(b []byte) any { return ParseGoMod(string(b)) }).([]goDirective) {
				if g.Verb == "module" && len(g.Words) == 1 {
					return d, g.Words[0], true
				}
			}
			return "", "", false
		}
		if !isNotExist(err) || d == p.Root {
			return "", "", false
		}
	}
}

// goModuleDir is the project folder of the import path imp when it is a
// package of the module dir is in.
func (p *Project) goModuleDir(dir, imp string) (string, bool) {
	root, mod, ok := p.goModule(dir)
	if !ok || (imp != mod && !strings.HasPrefix(imp, mod+"/")) || path.Clean(imp) != imp {
		return "", false
	}
	return p.realDir(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(imp, mod), "/"))))
}

type namedGoFile struct {
	name string
	file goFlagFile
}

// goFlagFiles reads the .go files of dir (its _test.go files too when
// tests): regular files only, within the bounds.
func (p *Project) goFlagFiles(dir string, tests bool) []namedGoFile {
	entries, err := p.listDir(dir)
	if err != nil {
		return nil
	}
	var out []namedGoFile
	n := 0
	for _, e := range entries {
		if e.kind != filekind.File || !strings.HasSuffix(e.name, ".go") || (!tests && strings.HasSuffix(e.name, "_test.go")) {
			continue
		}
		if n++; n > maxGoFlagFiles {
			return out
		}
		c, err := p.Cached(filepath.Join(dir, e.name), maxGoFlagFile)
		if err != nil {
			continue
		}
		out = append(out, namedGoFile{name: e.name, file: p.Cache.Parse(c, "goflags", parseGoFlagFile).(goFlagFile)})
	}
	return out
}

// parseGoFlagFile reads a Go file's flag definitions and imports; a file
// that does not parse defines nothing.
func parseGoFlagFile(b []byte) any {
	var out goFlagFile
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", b, parser.SkipObjectResolution)
	if err != nil {
		return out
	}
	local := ""
	for _, s := range f.Imports {
		imp, err := strconv.Unquote(s.Path.Value)
		if err != nil {
			continue
		}
		out.imports = append(out.imports, imp)
		if imp == "flag" {
			local = "flag"
			if s.Name != nil {
				local = s.Name.Name
			}
		}
	}
	if local == "" || local == "_" || local == "." {
		return out
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		pkg, ok := sel.X.(*ast.Ident)
		at, known := goFlagFuncs[sel.Sel.Name]
		if !ok || pkg.Name != local || !known || len(call.Args) <= at {
			return true
		}
		lit, ok := call.Args[at].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if name, err := strconv.Unquote(lit.Value); err == nil && goFlagName(name) {
			out.flags = append(out.flags, name)
		}
		return true
	})
	return out
}

// goFlagName: a name the flag package accepts on a line (-name), not one
// go test takes for its own with the test. prefix.
func goFlagName(n string) bool {
	return n != "" && n[0] != '-' && !strings.ContainsAny(n, "= \t\n") && !strings.HasPrefix(n, "test.")
}
