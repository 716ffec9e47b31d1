// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/memory"
)

// memoryProblem words the memory database's state for the window, the one
// place that does: "" when pools can be counted (project pools when
// projectPool), else the sentence to show and how loudly. opening says that
// memory.db is still being opened (nothing went wrong yet).
func memoryProblem(st memory.State, projectPool bool) (text string, importance widget.Importance, opening bool) {
	switch {
	case !st.Ready && st.Reason == "":
		return lang.L("Opening the memory database…"), widget.MediumImportance, true
	case !st.Ready:
		return lang.L("The memory database could not be opened: {{.Reason}}", map[string]any{"Reason": memoryReason(st)}), widget.DangerImportance, false
	case projectPool && !st.ProjectMemory:
		return lang.L("Project memory is off: {{.Reason}}", map[string]any{"Reason": memoryReason(st)}), widget.WarningImportance, false
	}
	return "", widget.MediumImportance, false
}

// memoryReason is the state's reason in the reader's language where the
// store kept its template (ReasonText), else its English sentence.
func memoryReason(st memory.State) string {
	if st.ReasonText != nil {
		return sayText(*st.ReasonText)
	}
	return st.Reason
}

// upgradeNotice is the one-time word that memory.db was changed, with where
// the copy of the old one is; "" when nothing was changed at this launch.
func upgradeNotice(st memory.State) string {
	if st.Backup == "" {
		return ""
	}
	return lang.L("The memory database was upgraded for project memory; a verified copy of the old one is in {{.Backup}}.", map[string]any{"Backup": st.Backup})
}
