// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// configNotes say what the project's configuration makes a rule's program
// run beyond itself, where it does not block (docs/permissions.md §7): the
// yarn release and plugins the project holds, the JVM it holds, the Go
// release a toolchain line downloads. They join the rule's labels.
func configNotes(p *projectfiles.Project, rule string) []domain.Text {
	words, reason := cmdline.Words(rule)
	if !reason.IsZero() {
		return nil
	}
	name, _ := catalog.ResolveProgram(words)
	switch name {
	case "go":
		return p.GoNotes()
	case "yarn":
		return p.YarnNotes()
	case "gradle", "gradlew":
		return p.GradleNotes()
	}
	return nil
}

// RuleLabels are the labels of an accepted rule (RuleLabels) and what the
// project's configuration makes it run (Notes).
func (st Status) RuleLabels(rule string) []domain.Text {
	return append(verdict.RuleLabels(rule, st.Definitions), st.Notes[rule]...)
}
