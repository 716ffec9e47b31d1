// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"encoding/json"
	"path"
	"regexp"
	"strings"
	"testing"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
)

// TestNoBackticksInAnySentence: every sentence of every translation, as
// the window shows it, quotes with quotation marks, never with literal
// backticks (the Markdown of a template); the values put into a sentence
// (a rule from a project file) keep their own characters.
func TestNoBackticksInAnySentence(t *testing.T) {
	field := regexp.MustCompile(`{{\s*\.(\w+)`)
	for _, lng := range []struct {
		name string
		use  func(*testing.T)
	}{{"en", useEnglish}, {"tr", useTurkish}} {
		t.Run(lng.name, func(t *testing.T) {
			lng.use(t)
			data, err := assets.Translations.ReadFile(path.Join(translationsDir, lng.name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var messages map[string]any // a plural's value is an object
			if err := json.Unmarshal(data, &messages); err != nil {
				t.Fatal(err)
			}
			quoted := 0
			for key := range messages {
				args := map[string]any{}
				for _, m := range field.FindAllStringSubmatch(key, -1) {
					args[m[1]] = "v"
				}
				// Count and N are numbers in plurals.
				for _, n := range []string{"Count", "N"} {
					if _, ok := args[n]; ok {
						args[n] = 2
					}
				}
				txt := domain.Text{Template: key, Args: args}
				if len(args) == 0 {
					txt.Args = nil
				}
				got := sayText(txt)
				if strings.Contains(got, "`") {
					t.Errorf("%q is shown as %q, with backticks", key, got)
				}
				if strings.Contains(key, "`") {
					quoted++
				}
			}
			if quoted == 0 {
				t.Fatal("no sentence quotes anything: the test checks nothing")
			}
		})
	}
	// A value keeps its backticks: it is the project's, shown as it is.
	rule := "echo `id`"
	if got := sayText(domain.T("`{{.Rule}}` is not in allowed_tools", "Rule", rule)); got != "“echo `id`” is not in allowed_tools" {
		t.Errorf("a rule with backticks is shown as %q", got)
	}
}
