// SPDX-License-Identifier: Apache-2.0

// Package assets holds the files embedded in the binary: setup templates and icons.
package assets

import (
	"embed"
	"strings"
)

//go:embed templates
var templates embed.FS

// Icon is the window icon: a 128 px copy of ../icon.png (the 512 px master the
// desktop bundle uses), small enough to decode at start-up for free.
//
//go:embed icon.png
var Icon []byte

// Template returns the named file of templates/.
func Template(name string) []byte {
	b, err := templates.ReadFile("templates/" + name)
	if err != nil {
		panic("assets: missing template " + name) // a build defect, caught by tests
	}
	return b
}

// RulesFile returns .memo/AGENTS.md, pointing at the project's knowledge
// files: "AGENTS.md", "CLAUDE.md", or both when both exist.
func RulesFile(knowledge ...string) []byte {
	quoted := make([]string, len(knowledge))
	for i, k := range knowledge {
		quoted[i] = "`" + k + "`"
	}
	return []byte(strings.ReplaceAll(string(Template("memo-AGENTS.md")), "{{KNOWLEDGE}}", strings.Join(quoted, " and ")))
}
