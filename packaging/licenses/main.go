// SPDX-License-Identifier: Apache-2.0

// Command licenses lists the Go modules compiled into Memo Projects with
// the licence of each, read from the module's own licence files and named
// by github.com/google/licensecheck (the classifier pkg.go.dev uses):
//
//	go run ./packaging/licenses list >packaging/licenses.md
//	go run ./packaging/licenses copyright BINARY >debian/copyright
//
// list covers the Linux and the Windows program (their modules differ:
// the portal and D-Bus on Linux, w32 on Windows); copyright writes the
// Debian copyright file (DEP-5) for one built binary, from the modules its
// build information names. Both fail when a licence is not one of those
// allowed for an Apache-2.0 program shipped as a binary.
package main

import (
	"bytes"
	"debug/buildinfo"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/google/licensecheck"

	"memo.dev/projects/packaging"
)

// allowed are the licences whose terms let Memo Projects ship these
// modules compiled into an Apache-2.0 binary: the permissive ones (keep
// the notice, which the copyright file and licenses.md do), and MPL-2.0,
// whose files stay under it unchanged.
var allowed = map[string]bool{
	"Apache-2.0": true, "MIT": true, "BSD-2-Clause": true, "BSD-3-Clause": true,
	"ISC": true, "Zlib": true, "MPL-2.0": true, "Unlicense": true, "CC0-1.0": true,
	// Fonts Fyne embeds: both licences allow fonts bundled with software.
	"OFL-1.1": true, "Bitstream-Vera": true,
}

// reviewed names the licence of files licensecheck cannot name, each read
// by hand: key "module path/file". A new version of the module is read
// again (the key has no version, but a changed text would name the file
// "unknown" only if licensecheck still fails on it: the list shows it).
var reviewed = map[string]string{
	// Bitstream Vera's licence, DejaVu's changes in the public domain.
	"fyne.io/fyne/v2 theme/font/LICENSE_DejaVu-Powerline.txt": "Bitstream-Vera",
}

// module is one module compiled in, with its licence files.
type module struct {
	Path, Version, Dir string
	Files              []licenceFile
	std                bool // Go's standard library and runtime: GOROOT's own licence only
}

// licenceFile is one licence or notice file of a module.
type licenceFile struct {
	Name, ID string // ID: the SPDX identifier, "" for a notice
	Text     []byte
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	switch {
	case len(args) == 1 && args[0] == "list":
		mods, err := listed()
		if err != nil {
			return err
		}
		return writeList(out, mods)
	case len(args) == 2 && args[0] == "copyright":
		mods, err := compiledInto(args[1])
		if err != nil {
			return err
		}
		return writeCopyright(out, mods)
	}
	return errors.New("usage: licenses list | licenses copyright BINARY")
}

// listed returns the modules the program's packages come from, on Linux
// and on Windows, with their licences.
func listed() ([]module, error) {
	seen := map[string]module{}
	for _, goos := range []string{"linux", "windows"} {
		cmd := exec.Command("go", "list", "-deps", "-tags", "no_emoji",
			"-f", "{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Version}}\t{{with .Replace}}{{.Dir}}{{else}}{{.Dir}}{{end}}{{end}}{{end}}", ".")
		cmd.Dir = moduleRoot()
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=1")
		cmd.Stderr = os.Stderr
		b, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s: %w", goos, err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Split(line, "\t")
			if len(f) == 3 && f[0] != "" {
				seen[f[0]] = module{Path: f[0], Version: f[1], Dir: f[2]}
			}
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	version, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOVERSION: %w", err)
	}
	seen[stdPath] = module{Path: stdPath, Version: strings.TrimSpace(string(version)), Dir: strings.TrimSpace(string(goroot)), std: true}
	return classify(seen)
}

// stdPath names Go's standard library and runtime among the modules.
const stdPath = "std"

// compiledInto returns the modules a built binary names, found in the
// module cache.
func compiledInto(bin string) ([]module, error) {
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOMODCACHE: %w", err)
	}
	seen := map[string]module{}
	for _, d := range info.Deps {
		m := d
		if d.Replace != nil {
			m = d.Replace
		}
		dir := filepath.Join(strings.TrimSpace(string(cache)), escape(m.Path)+"@"+m.Version)
		seen[d.Path] = module{Path: d.Path, Version: m.Version, Dir: dir}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	seen[stdPath] = module{Path: stdPath, Version: info.GoVersion, Dir: strings.TrimSpace(string(goroot)), std: true}
	return classify(seen)
}

// escape spells a module path as the module cache does: a capital letter
// as '!' and the letter in lower case.
func escape(path string) string {
	var b strings.Builder
	for _, r := range path {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// classify reads each module's licence files and names their licences,
// sorted by module path; a module without a licence, or with one not
// allowed, is an error naming it.
func classify(seen map[string]module) ([]module, error) {
	var mods []module
	var problems []string
	for _, m := range seen {
		// Licence files anywhere in the module: a module can hold code
		// under another licence in a folder of its own (glfw's C sources
		// beside the Go binding).
		err := filepath.WalkDir(m.Dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if m.std && path != m.Dir {
					return filepath.SkipDir
				}
				if d.Name() == "testdata" || (d.Name() != "." && strings.HasPrefix(d.Name(), ".") && path != m.Dir) {
					return filepath.SkipDir
				}
				return nil
			}
			lower := strings.ToLower(d.Name())
			if !licenceName(lower) {
				return nil
			}
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(m.Dir, path)
			f := licenceFile{Name: filepath.ToSlash(rel), Text: text}
			if !strings.HasPrefix(lower, "notice") {
				f.ID = identify(text)
				if id, ok := reviewed[m.Path+" "+f.Name]; ok && f.ID == "unknown" {
					f.ID = id
				}
				for _, id := range strings.Split(f.ID, " AND ") {
					if !allowed[id] {
						problems = append(problems, fmt.Sprintf("%s %s: %s is %q, not a licence allowed here", m.Path, m.Version, rel, f.ID))
					}
				}
			}
			m.Files = append(m.Files, f)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w (is the module downloaded?)", m.Path, m.Version, err)
		}
		if len(m.Files) == 0 {
			problems = append(problems, fmt.Sprintf("%s %s: no licence file", m.Path, m.Version))
		}
		mods = append(mods, m)
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })
	sort.Strings(problems)
	if len(problems) > 0 {
		return mods, errors.New(strings.Join(problems, "; "))
	}
	return mods, nil
}

// licenceName: a file name (in lower case) that licence files have:
// LICENSE, COPYING, NOTICE and their variants (LICENSE-GO, LICENSE.md,
// LICENSE_Inter.txt), never source code such as license.go.
func licenceName(lower string) bool {
	if !(strings.HasPrefix(lower, "licen") || strings.HasPrefix(lower, "copying") || strings.HasPrefix(lower, "notice")) {
		return false
	}
	switch filepath.Ext(lower) {
	case "", ".txt", ".md", ".rst":
		return true
	}
	return false
}

// identify names the licences of text: each that covers a twentieth of it
// or more (a file can hold two, as yaml.v3's MIT and Apache-2.0), joined
// with " AND "; "unknown" when most of it is no licence licensecheck knows.
func identify(text []byte) string {
	cov := licensecheck.Scan(text)
	if cov.Percent < 50 {
		return "unknown"
	}
	var ids []string
	for _, m := range cov.Match {
		if !m.IsURL && float64(m.End-m.Start) >= 0.05*float64(len(text)) && !contains(ids, m.ID) {
			ids = append(ids, m.ID)
		}
	}
	if len(ids) == 0 {
		return "unknown"
	}
	return strings.Join(ids, " AND ")
}

// ids is the module's licences, joined.
func (m module) ids() string {
	var ids []string
	for _, f := range m.Files {
		for _, id := range strings.Split(f.ID, " AND ") {
			if id != "" && !contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return strings.Join(ids, " AND ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func writeList(out io.Writer, mods []module) error {
	var b bytes.Buffer
	b.WriteString("# The Go modules compiled into Memo Projects\n\n")
	b.WriteString("Generated by `go run ./packaging/licenses list` (the Linux and the Windows\n")
	b.WriteString("program); `packaging/licenses`' test fails when it is out of date. Memo\n")
	b.WriteString("Projects' own code is under the Apache License 2.0 (`LICENSE`).\n\n")
	b.WriteString("| module | version | licence | file |\n|---|---|---|---|\n")
	for _, m := range mods {
		var names []string
		for _, f := range m.Files {
			names = append(names, f.Name)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", m.Path, m.Version, m.ids(), strings.Join(names, ", "))
	}
	_, err := out.Write(b.Bytes())
	return err
}

// moduleRoot is the folder of the project's go.mod.
func moduleRoot() string {
	b, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return "."
	}
	return filepath.Dir(strings.TrimSpace(string(b)))
}

// commonLicences are the licences Debian ships in /usr/share/common-licenses:
// the copyright file points there instead of repeating them (lintian asks
// for it).
var commonLicences = map[string]bool{"Apache-2.0": true, "MPL-2.0": true, "CC0-1.0": true}

// writeCopyright writes the Debian copyright file in the machine-readable
// format (DEP-5): packaging/deb/copyright (the header and Memo Projects'
// own stanza), then a Files stanza per module compiled in, named by where
// `go mod vendor` would put its files, with its copyright lines and its
// licence text.
func writeCopyright(out io.Writer, mods []module) error {
	root := moduleRoot()
	head, err := packaging.FillFile(filepath.Join(root, "packaging", "deb", "copyright"), filepath.Join(root, "FyneApp.toml"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.Write(bytes.TrimRight(head, "\n"))
	b.WriteString("\n")
	common := map[string]bool{"Apache-2.0": true} // our own stanza names it
	for _, m := range mods {
		if m.std {
			b.WriteString("\nFiles: go/*\n")
		} else {
			fmt.Fprintf(&b, "\nFiles: vendor/%s/*\n", m.Path)
		}
		holders := copyrightLines(m)
		b.WriteString("Copyright:")
		for i, h := range holders {
			if i > 0 {
				b.WriteString("\n          ")
			}
			b.WriteString(" " + h)
		}
		b.WriteString("\n")
		var texts []licenceFile
		for _, f := range m.Files {
			if f.ID == "" || commonLicences[f.ID] {
				if commonLicences[f.ID] {
					common[f.ID] = true
				}
				continue
			}
			texts = append(texts, f)
		}
		fmt.Fprintf(&b, "License: %s\n", strings.ReplaceAll(m.ids(), " AND ", " and "))
		for i, f := range texts {
			if i > 0 {
				b.WriteString(" .\n")
			}
			b.WriteString(indent(withoutApacheText(f.Text)))
		}
		what := m.Path + " " + m.Version
		if m.std {
			what = "Go " + strings.TrimPrefix(m.Version, "go") + ", the standard library and runtime"
		}
		fmt.Fprintf(&b, "Comment: %s, compiled into /usr/bin/memo-projects.\n", what)
	}
	for _, id := range []string{"Apache-2.0", "MPL-2.0", "CC0-1.0"} {
		if common[id] {
			fmt.Fprintf(&b, "\nLicense: %s\n On Debian systems the full text of this licence is in\n /usr/share/common-licenses/%s.\n", id, id)
		}
	}
	_, err = out.Write(b.Bytes())
	return err
}

// withoutApacheText replaces the terms of the Apache License 2.0 inside a
// file that holds more (klauspost/compress's: BSD, then Apache) with where
// Debian keeps them: lintian refuses the full text in a copyright file.
func withoutApacheText(text []byte) []byte {
	const start, end = "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION", "END OF TERMS AND CONDITIONS"
	i, j := bytes.Index(text, []byte(start)), bytes.Index(text, []byte(end))
	if i < 0 || j < i {
		return text
	}
	var b bytes.Buffer
	b.Write(text[:i])
	b.WriteString("[The terms of the Apache License, Version 2.0: on Debian systems in\n/usr/share/common-licenses/Apache-2.0.]")
	b.Write(text[j+len(end):])
	return b.Bytes()
}

// copyrightLines are the Copyright lines of a module's licence files, or
// its authors where the files name none.
func copyrightLines(m module) []string {
	var lines []string
	for _, f := range m.Files {
		for _, l := range strings.Split(string(f.Text), "\n") {
			l = strings.TrimSpace(l)
			lower := strings.ToLower(l)
			if !strings.HasPrefix(lower, "copyright") || strings.Contains(lower, "copyright notice") ||
				strings.Contains(lower, "copyright holder") || strings.Contains(lower, "copyright owner") ||
				strings.HasPrefix(lower, "copyright license") || strings.HasPrefix(lower, "copyright [yyyy]") {
				continue
			}
			l = strings.TrimSpace(l[len("copyright"):])
			for _, p := range []string{"(c)", "(C)", "©"} {
				l = strings.TrimSpace(strings.TrimPrefix(l, p))
			}
			if l != "" && !contains(lines, l) {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) == 0 {
		lines = []string{"the authors of " + m.Path}
	}
	return lines
}

// indent lays text out as a DEP-5 field's continuation lines: each line
// after one space, an empty line as " .".
func indent(text []byte) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n"), "\n") {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			b.WriteString(" .\n")
			continue
		}
		b.WriteString(" " + l + "\n")
	}
	return b.String()
}
