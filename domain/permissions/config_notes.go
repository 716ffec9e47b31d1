// SPDX-License-Identifier: Apache-2.0

package permissions

import "memo.dev/projects/domain"

// configNotes say what the project's configuration makes a rule's program
// run beyond itself, where it does not block (docs/permissions.md §7): the
// yarn release and plugins the project holds, the JVM it holds, the Go
// release a toolchain line downloads. They join the rule's labels.
func (p *Project) configNotes(rule string) []domain.Text {
	words, reason := Words(rule)
	if !reason.IsZero() {
		return nil
	}
	name, _ := resolveProgram(words)
	switch name {
	case "go":
		return p.goNotes()
	case "yarn":
		return p.yarnNotes()
	case "gradle", "gradlew":
		return p.gradleNotes()
	}
	return nil
}

// RuleLabels are the labels of an accepted rule (RuleLabels) and what the
// project's configuration makes it run (Notes).
func (st Status) RuleLabels(rule string) []domain.Text {
	return append(RuleLabels(rule, st.Definitions), st.Notes[rule]...)
}
