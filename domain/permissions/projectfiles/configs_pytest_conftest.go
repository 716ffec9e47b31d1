// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"strings"
)

// conftestFlag finds pytest_addoption's calls: parser.addoption("-I",
// "--integration", action="store_true", …) or group.addoption(…). Only
// options that take no value are read (store_true, store_false, count,
// store_const): a value would be a word Memo cannot place.
var (
	conftestCall  = regexp.MustCompile(`(?s)\baddoption\(\s*((?:(?:"[^"\n]*"|'[^'\n]*')\s*,\s*)+)([^()]*(?:\([^()]*\)[^()]*)*)\)`)
	conftestName  = regexp.MustCompile(`^--[A-Za-z0-9][A-Za-z0-9_-]*$`)
	conftestFlagA = regexp.MustCompile(`\baction\s*=\s*["'](store_true|store_false|count|store_const)["']`)
	conftestQuote = regexp.MustCompile(`"[^"\n]*"|'[^'\n]*'`)
)

// PytestConftestFlags are the switches the project's initial conftest.py
// files add to pytest (pytest_addoption): those in the folder the line
// runs in and its parents up to the project's root, and in its test*
// folders, as pytest loads them before it reads the command line. The
// option goes to the project's own code, which pytest runs anyway; a file
// that cannot be read adds nothing. Long names only, each exactly.
func (p *Project) PytestConftestFlags() map[string]bool {
	return p.Memo("conftest", "", func(q *Project) any { return q.conftestFlags() }).(map[string]bool)
}

func (p *Project) conftestFlags() map[string]bool {
	out := map[string]bool{}
	var files []string
	rel, ok := RelInside(p.Root, p.Dir)
	if !ok {
		return out
	}
	dir := p.Root
	files = append(files, filepath.Join(dir, "conftest.py"))
	if rel != "." {
		for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
			dir = filepath.Join(dir, part)
			files = append(files, filepath.Join(dir, "conftest.py"))
		}
	}
	if entries, err := p.fs.ReadDir(p.Dir); err == nil {
		for _, e := range entries {
			if e.IsDir() && strings.HasPrefix(e.Name(), "test") {
				files = append(files, filepath.Join(p.Dir, e.Name(), "conftest.py"))
			}
		}
	}
	for _, f := range files {
		e, err := p.Cached(f, maxConfigFile)
		if err != nil {
			continue
		}
		for name := range p.Cache.Parse(e, "conftest", func(b []byte) any { return parseConftestFlags(b) }).(map[string]bool) {
			out[name] = true
		}
	}
	return out
}

func parseConftestFlags(b []byte) map[string]bool {
	out := map[string]bool{}
	for _, m := range conftestCall.FindAllSubmatch(b, -1) {
		if !conftestFlagA.Match(m[2]) {
			continue
		}
		for _, q := range conftestQuote.FindAll(m[1], -1) {
			if name := string(q[1 : len(q)-1]); conftestName.MatchString(name) {
				out[name] = true
			}
		}
	}
	return out
}
