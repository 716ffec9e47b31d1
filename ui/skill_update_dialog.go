// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"

	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/domain/skills"
)

// skillUpdateDialog is the review of a skill's update (Review update…):
// the new version is downloaded (progress, Cancel), staged and shown
// against the installed one as a diff, with its warnings, the tools it
// declares, its files and its SKILL.md; Update swaps in exactly what was
// reviewed (stagedDialog).
type skillUpdateDialog struct {
	*stagedDialog
	name string
}

func newSkillUpdateDialog(root, name string, m skillsManager, d *dialogs, r runner, done func()) *skillUpdateDialog {
	return &skillUpdateDialog{stagedDialog: newStagedDialog(lang.L("Update {{.Name}}", map[string]any{"Name": name}), root, m, d, r, done), name: name}
}

func (u *skillUpdateDialog) show() {
	u.d.Resize(reviewSize(u.parent.win))
	keysWhileShown(u.parent.win, u.d, u.close, nil)
	u.d.Show()
	u.review()
}

func (u *skillUpdateDialog) review() {
	u.showProgress(lang.L("Downloading the new version of {{.Name}} to review it…", map[string]any{"Name": u.name}))
	runStaged(u.stagedDialog, func(ctx context.Context, progress skills.Progress) (skills.Staged, error) {
		return u.m.StageUpdate(ctx, u.root, u.name, progress)
	}, func(st skills.Staged, err error) {
		if err != nil {
			u.close()
			u.parent.showError(lang.L("Could not review the update"), err)
			return
		}
		u.showStaged(st)
	})
}

func orUnknown(commit string) string {
	if commit == "" {
		return lang.L("an unknown commit")
	}
	return commit
}
