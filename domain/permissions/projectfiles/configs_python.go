// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/permissions/catalog"
)

// pytest reads its options from the first config file it finds walking up
// from the folders it is given: pytest.toml, pytest.ini, pyproject.toml's
// [tool.pytest.ini_options], tox.ini's [pytest], setup.cfg's [tool:pytest].
// Their addopts are checked as if they were on the line; the paths they set
// (pythonpath, testpaths, cache_dir, and log_file, which pytest writes) must stay in the project.

// pytestFiles in pytest's own order, with the section each must hold to
// count ("" for the file itself).
var pytestFiles = []struct{ name, section string }{
	{"pytest.toml", ""}, {".pytest.toml", ""}, {"pytest.ini", ""}, {".pytest.ini", ""},
	{"pyproject.toml", "tool.pytest.ini_options"}, {"tox.ini", "pytest"}, {"setup.cfg", "tool:pytest"},
}

// pytestConfig is what one file sets: its options by name.
type pytestConfig struct {
	found bool // the file counts as pytest's config
	opts  map[string][]string
	err   error
}

func (p *Project) pytestBlock(r catalog.Reading) *Block {
	starts := []string{p.Dir}
	for _, op := range r.Operands {
		if abs := filepath.Join(p.Dir, op); !strings.HasPrefix(op, "-") {
			if rel, ok := RelInside(p.Root, abs); ok && rel != "." {
				// pytest starts at a folder it is given, at a file's folder.
				if kind, _, err := p.lstat(abs); err != nil || kind != filekind.Dir && kind != filekind.Link {
					abs = filepath.Dir(abs)
				}
				starts = append(starts, abs)
			}
		}
	}
	seen := map[string]bool{}
	for _, start := range starts {
		q := *p
		q.Dir = start
		for _, dir := range q.upTo(false) {
			found, b := p.pytestDir(dir, seen)
			if b != nil {
				return b
			}
			if found {
				break // pytest stops at the first config it finds
			}
		}
	}
	return nil
}

func (p *Project) pytestDir(dir string, seen map[string]bool) (bool, *Block) {
	for _, f := range pytestFiles {
		path := filepath.Join(dir, f.name)
		if seen[path] {
			return true, nil
		}
		e, err := p.Cached(path, maxConfigFile)
		if isNotExist(err) {
			continue
		}
		if err != nil {
			return true, p.unreadable(path, err)
		}
		seen[path] = true
		c := p.Cache.Parse(e, "pytest", func(b []byte) any { return parsePytestConfig(f.name, f.section, b) }).(pytestConfig)
		if c.err != nil {
			return true, p.unreadable(path, c.err)
		}
		if !c.found {
			continue
		}
		return true, p.pytestOptions(path, c)
	}
	return false, nil
}

func (p *Project) pytestOptions(path string, c pytestConfig) *Block {
	show := p.Display(path)
	if words := c.opts["addopts"]; len(words) > 0 {
		line := append([]string{"pytest"}, words...)
		if reason := p.configWords(line); !reason.IsZero() {
			return &Block{File: show, Key: "addopts", Reason: domain.T("{{.Path}} sets {{.Key}} to `{{.Value}}`: {{.Reason}}", "Path", show, "Key", "addopts", "Value", strings.Join(words, " "), "Reason", reason)}
		}
	}
	q := *p
	q.Dir = filepath.Dir(path)
	for _, key := range []string{"pythonpath", "testpaths", "cache_dir", "log_file"} {
		for _, w := range c.opts[key] {
			if reason := q.PathProblem(w); !reason.IsZero() {
				return &Block{File: show, Key: key, Reason: domain.T("{{.Path}} sets {{.Key}} to `{{.Value}}`: {{.Reason}}", "Path", show, "Key", key, "Value", w, "Reason", reason)}
			}
		}
	}
	return nil
}

// parsePytestConfig reads the options of one file. A file named for pytest
// counts whatever it holds; the others only with their section.
func parsePytestConfig(name, section string, b []byte) pytestConfig {
	c := pytestConfig{opts: map[string][]string{}, found: section == ""}
	table := section
	if table == "" {
		table = "pytest"
	}
	if strings.HasSuffix(name, ".toml") {
		var m map[string]any
		if _, err := toml.Decode(string(b), &m); err != nil {
			return pytestConfig{err: err}
		}
		t, ok := lookupDotted(m, table)
		if !ok && name == "pyproject.toml" {
			t, ok = lookupDotted(m, "tool.pytest") // pytest 9's native table
		}
		tab, _ := t.(map[string]any)
		c.found = c.found || (ok && tab != nil)
		for k, v := range tab {
			c.opts[k] = tomlWords(v)
		}
		return c
	}
	sec, found := iniSection(string(b), table)
	c.found = c.found || found
	for k, v := range sec {
		// Only the keys read as words are split so: markers, filterwarnings
		// and the like are lists of lines, whose apostrophes are text.
		if !pytestWordKeys[k] {
			continue
		}
		words, ok := shellSplit(v)
		if !ok {
			return pytestConfig{err: domain.T("the value of {{.Key}} has an unbalanced quote", "Key", k).Err(domain.ErrInvalid)}
		}
		c.opts[k] = words
	}
	return c
}

// pytestWordKeys are the ini keys of pytest's config Memo reads, each as
// words (pytestOptions).
var pytestWordKeys = map[string]bool{"addopts": true, "pythonpath": true, "testpaths": true, "cache_dir": true, "log_file": true}

// tomlWords is a TOML value as words: a string split as the shell would,
// a list as its items.
func tomlWords(v any) []string {
	switch v := v.(type) {
	case string:
		w, _ := shellSplit(v)
		return w
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, fmtValue(x))
		}
		return out
	}
	return []string{fmtValue(v)}
}

// iniSection reads one [section] of an ini file the way Python's
// configparser does: key = value or key: value, values continued on
// indented lines, # and ; comments.
func iniSection(text, section string) (map[string]string, bool) {
	out := map[string]string{}
	in, found, last := false, false, ""
	for _, line := range strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n") {
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || trimmed[0] == '#' || trimmed[0] == ';':
			continue
		case strings.HasPrefix(trimmed, "["):
			name := strings.TrimSpace(strings.Trim(trimmed, "[]"))
			in = name == section
			found = found || in
			last = ""
			continue
		case !in:
			continue
		case line[0] == ' ' || line[0] == '\t':
			if last != "" {
				out[last] += " " + trimmed
			}
			continue
		}
		i := strings.IndexAny(trimmed, "=:")
		if i < 0 {
			continue
		}
		last = strings.ToLower(strings.TrimSpace(trimmed[:i]))
		out[last] = strings.TrimSpace(trimmed[i+1:])
	}
	return out, found
}

// shellSplit splits a value into words as Python's shlex.split does:
// quotes and backslashes, nothing expanded.
func shellSplit(s string) ([]string, bool) {
	var words []string
	var b strings.Builder
	inWord, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote == '\'':
			b.WriteByte(c)
		case c == '\\' && i+1 < len(s) && quote == 0:
			i++
			b.WriteByte(s[i])
			inWord = true
		case quote == '"':
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, b.String())
				b.Reset()
				inWord = false
			}
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	if inWord {
		words = append(words, b.String())
	}
	return words, true
}
