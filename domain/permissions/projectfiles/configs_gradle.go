// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// gradle reads gradle.properties in the project's folders (the root
// project's and the line's, up to the root; the user's GRADLE_USER_HOME is
// their own). Two of its keys choose what gradle itself runs:
// org.gradle.java.home, the JVM the daemon runs on (and
// org.gradle.java.installations.paths, the JVMs its toolchains may pick),
// and org.gradle.jvmargs (kotlin.daemon.jvmargs for the Kotlin daemon), its
// options, among which -javaagent: and -agentpath: load code into it and
// -XX:OnError= runs a command. A JVM inside the project is the project's
// own code (its label says so); one outside blocks gradle lines. JVM
// options pass when they only size or tune the JVM or set a harmless
// property (gradleJVMArg); any other blocks.

// gradlePropertiesKeys are the keys read, and whether each names folders.
var gradlePropertiesKeys = map[string]bool{
	"org.gradle.java.home": true, "org.gradle.java.installations.paths": true,
	"org.gradle.jvmargs": false, "kotlin.daemon.jvmargs": false,
}

// gradleBlock: gradle.properties runs a JVM from outside the project, or
// gives the JVM an option that loads code or runs a command.
func (p *Project) gradleBlock() *Block {
	for _, dir := range p.upTo(true) {
		path := filepath.Join(dir, "gradle.properties")
		kvs, b := p.properties(path)
		if b != nil {
			return b
		}
		for _, kv := range kvs {
			folders, ok := gradlePropertiesKeys[kv.Key]
			switch {
			case !ok || kv.value == "":
			case folders:
				for _, f := range strings.Split(kv.value, ",") {
					f = strings.TrimSpace(f)
					abs := f
					if !filepath.IsAbs(abs) {
						abs = filepath.Join(dir, f)
					}
					if f != "" && !p.PathProblem(abs).IsZero() {
						return &Block{File: p.Display(path), Key: kv.Key, Reason: domain.T("{{.Path}} sets {{.Key}} to {{.Value}}, a JVM outside the project, which gradle would run, so its lines ask", "Path", p.Display(path), "Key", kv.Key, "Value", f)}
					}
				}
			default:
				for _, a := range strings.Fields(kv.value) {
					if !catalog.GradleJVMArg(strings.Trim(a, `"'`)) {
						return &Block{File: p.Display(path), Key: kv.Key, Reason: domain.T("{{.Path}} gives the JVM the option {{.Value}} ({{.Key}}), which Memo does not know to be harmless (-javaagent: loads code, -XX:OnError= runs a command), so gradle lines ask", "Path", p.Display(path), "Key", kv.Key, "Value", a)}
					}
				}
			}
		}
	}
	return nil
}

// GradleNotes name a JVM the project holds, which gradle runs.
func (p *Project) GradleNotes() []domain.Text {
	var out []domain.Text
	for _, dir := range p.upTo(true) {
		path := filepath.Join(dir, "gradle.properties")
		kvs, _ := p.properties(path)
		for _, kv := range kvs {
			abs := kv.value
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(dir, abs)
			}
			if gradlePropertiesKeys[kv.Key] && kv.value != "" && p.PathProblem(abs).IsZero() {
				out = append(out, domain.T("runs the JVM the project holds ({{.Value}}), as {{.Path}} says ({{.Key}})", "Value", kv.value, "Path", p.Display(path), "Key", kv.Key))
			}
		}
	}
	return out
}

// properties reads a Java properties file loosely (key=value, key:value or
// key value; # and ! comments; a trailing backslash continues the value):
// nil when missing, a block when it cannot be read.
func (p *Project) properties(path string) ([]configKey, *Block) {
	e, err := p.Cached(path, maxConfigFile)
	if isNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, p.unreadable(path, err)
	}
	return p.Cache.Parse(e, "properties", func(b []byte) any { return ParseProperties(string(b)) }).([]configKey), nil
}

func ParseProperties(text string) []configKey {
	var out []configKey
	lines := strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(strings.TrimSuffix(lines[i], "\r"))
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(strings.TrimSuffix(lines[i], "\r"))
		}
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		end := strings.IndexAny(line, "=: \t")
		if end == 0 {
			continue // an empty key: none gradle reads
		}
		if end < 0 {
			out = append(out, configKey{Key: line})
			continue
		}
		key, value := line[:end], strings.TrimSpace(line[end:])
		if value != "" && (value[0] == '=' || value[0] == ':') {
			value = strings.TrimSpace(value[1:])
		}
		out = append(out, configKey{Key: key, value: value})
	}
	return out
}
