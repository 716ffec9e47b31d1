// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"

	"memo.dev/projects/domain"
)

// yarn runs the release a config's yarnPath (.yarnrc.yml) or yarn-path
// (.yarnrc) names in place of itself, and loads the plugins .yarnrc.yml
// lists, on every command. A file inside the project is the project's own
// code — a yarn berry project commits .yarn/releases/yarn-4.x.cjs — and is
// said in the rule's labels; one outside the project (or a config above it
// naming one) blocks yarn lines.

// yarnrcKeys are .yarnrc's keys that block: .npmrc's but yarn-path, which
// yarnCodeBlock reads.
var yarnrcKeys = func() map[string]bool {
	m := map[string]bool{}
	for k := range NpmrcKeys {
		if k != "yarn-path" {
			m[k] = true
		}
	}
	return m
}()

// yarnCode is one file yarn runs from a config of dir: the file, key and
// the path as written.
type yarnCode struct {
	file, key, path string
	bad             bool // a value Memo cannot read as a path
}

// yarnCodeFiles are the files the configs of dir make yarn run, or a
// block when a config cannot be read.
func (p *Project) yarnCodeFiles(dir string) ([]yarnCode, *Block) {
	var out []yarnCode
	yml := filepath.Join(dir, ".yarnrc.yml")
	if e, err := p.Cached(yml, maxConfigFile); err == nil {
		m, ok := p.Cache.Parse(e, "yaml", yamlMap).(map[string]any)
		if !ok {
			return nil, p.unreadable(yml, p.Cache.Parse(e, "yaml", yamlMap).(error))
		}
		if v, ok := m["yarnPath"]; ok && !emptyValue(v) {
			s, isStr := v.(string)
			out = append(out, yarnCode{file: yml, key: "yarnPath", path: s, bad: !isStr})
		}
		if v, ok := m["plugins"]; ok && !emptyValue(v) {
			list, isList := v.([]any)
			if !isList {
				out = append(out, yarnCode{file: yml, key: "plugins", bad: true})
			}
			for _, x := range list {
				switch x := x.(type) {
				case string:
					out = append(out, yarnCode{file: yml, key: "plugins", path: x})
				case map[string]any:
					s, isStr := x["path"].(string)
					out = append(out, yarnCode{file: yml, key: "plugins", path: s, bad: !isStr || s == ""})
				default:
					out = append(out, yarnCode{file: yml, key: "plugins", bad: true})
				}
			}
		}
	} else if !isNotExist(err) {
		return nil, p.unreadable(yml, err)
	}
	rc := filepath.Join(dir, ".yarnrc")
	if e, err := p.Cached(rc, maxConfigFile); err == nil {
		for _, kv := range p.Cache.Parse(e, "ini", func(b []byte) any { return parseINI(string(b)) }).([]configKey) {
			if kv.Key == "yarn-path" && kv.value != "" {
				out = append(out, yarnCode{file: rc, key: "yarn-path", path: kv.value})
			}
		}
	} else if !isNotExist(err) {
		return nil, p.unreadable(rc, err)
	}
	return out, nil
}

// inProject: a path a config in dir names, resolved from dir, is inside
// the project.
func (p *Project) inProject(dir, path string) bool {
	if path == "" {
		return false
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	return p.PathProblem(path).IsZero()
}

// yarnCodeBlock: a config of dir makes yarn run a file outside the project.
func (p *Project) yarnCodeBlock(dir string) *Block {
	files, b := p.yarnCodeFiles(dir)
	if b != nil {
		return b
	}
	for _, f := range files {
		if f.bad || !p.inProject(dir, f.path) {
			shown := f.path
			if f.bad {
				shown = "?"
			}
			return &Block{File: p.Display(f.file), Key: f.key, Reason: domain.T("{{.Path}} sets {{.Key}} to {{.Value}}, code outside the project that every yarn command would run, so yarn lines ask", "Path", p.Display(f.file), "Key", f.key, "Value", shown)}
		}
	}
	return nil
}

// YarnNotes name the project's own files yarn runs on every command.
func (p *Project) YarnNotes() []domain.Text {
	var out []domain.Text
	for _, dir := range p.upTo(false) {
		files, _ := p.yarnCodeFiles(dir)
		for _, f := range files {
			if !f.bad && p.inProject(dir, f.path) {
				out = append(out, domain.T("runs {{.Value}}, the project's own file that {{.Path}} names ({{.Key}}), on every yarn command", "Value", f.path, "Path", p.Display(f.file), "Key", f.key))
			}
		}
	}
	return out
}
