package ui

import (
	"context"
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// skillUpdateDialog is the review of a skill's update: the new version is
// downloaded (progress, Cancel) and shown against the installed one as a
// diff, with its warnings and the tools it declares; Update swaps it in
// only if it is still what was reviewed.
type skillUpdateDialog struct {
	*stagedDialog
	root, name string
	m          skillsManager
	done       func() // after an update: the tab lists again
}

func newSkillUpdateDialog(root, name string, m skillsManager, d *dialogs, r runner, done func()) *skillUpdateDialog {
	return &skillUpdateDialog{stagedDialog: newStagedDialog(lang.L("Update {{.Name}}", map[string]any{"Name": name}), d, r), root: root, name: name, m: m, done: done}
}

func (u *skillUpdateDialog) show() {
	u.d.Resize(reviewSize(u.parent.win))
	keysWhileShown(u.parent.win, u.d, u.close, nil)
	u.d.Show()
	u.review()
}

// start runs one Update with the download's progress and a cancel; then
// gets its answer unless it was cancelled meanwhile.
func (u *skillUpdateDialog) start(what string, opt skills.UpdateOptions, then func(skills.UpdateReview, error)) {
	u.showProgress(what)
	runStaged(u.stagedDialog, func(ctx context.Context, progress skills.Progress) (skills.UpdateReview, error) {
		opt.Progress = progress
		return u.m.Update(ctx, u.root, u.name, opt)
	}, then)
}

func (u *skillUpdateDialog) review() {
	u.start(lang.L("Downloading the new version of {{.Name}} to review it…", map[string]any{"Name": u.name}), skills.UpdateOptions{DryRun: true}, func(r skills.UpdateReview, err error) {
		if err != nil {
			u.close()
			u.parent.showError(lang.L("Could not review the update"), err)
			return
		}
		u.showReview(r)
	})
}

// showReview is the new version against the installed one.
func (u *skillUpdateDialog) showReview(r skills.UpdateReview) {
	head := container.NewVBox(
		&widget.Label{Text: lang.L("From {{.From}} to {{.To}}: {{.N}} files change. After the update the skill is off until you turn it on again.", map[string]any{"From": orUnknown(shortCommit(r.From)), "To": orUnknown(shortCommit(r.To)), "N": len(r.Changes)}), Wrapping: fyne.TextWrapWord},
	)
	for _, w := range r.Warnings {
		head.Add(&widget.Label{Text: capitalize(sayText(w)), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	head.Add(widget.NewSeparator())
	update := &widget.Button{Text: lang.L("Update"), Icon: theme.DownloadIcon(), Importance: widget.HighImportance, OnTapped: func() { u.apply(r) }}
	if len(r.Changes) == 0 {
		update.Disable()
	}
	u.setStage(container.NewBorder(head, nil, nil, nil, container.NewVScroll(changesView(r.Changes))), u.cancelButton(), update)
	if f := u.parent.shown; f != nil {
		var paths []string
		for _, c := range r.Changes {
			paths = append(paths, c.Path+" "+c.Change)
		}
		f(lang.L("Update {{.Name}}", map[string]any{"Name": u.name}), strings.Join(paths, "\n"))
	}
}

// apply downloads again and swaps in only what was reviewed.
func (u *skillUpdateDialog) apply(reviewed skills.UpdateReview) {
	same := func(r skills.UpdateReview) bool { return r.Hash == reviewed.Hash }
	u.start(lang.L("Downloading the new version of {{.Name}} to install it…", map[string]any{"Name": u.name}), skills.UpdateOptions{Confirm: same}, func(_ skills.UpdateReview, err error) {
		switch {
		case errors.Is(err, skills.ErrDeclined):
			u.close()
			u.parent.showError(lang.L("Could not update the skill"), errors.New(lang.L("The skill changed on GitHub between the review and the update, so nothing changed. Review it again.")))
		case err != nil:
			u.close()
			u.parent.showError(lang.L("Could not update the skill"), err)
		default:
			u.close()
		}
		u.done()
	})
}

func orUnknown(commit string) string {
	if commit == "" {
		return lang.L("an unknown commit")
	}
	return commit
}
