// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/strictjson"
)

// permissionsEditor writes a new version of the permissions file: as lists
// (ruleLists) or, for a file the lists cannot hold, as its JSON text,
// checked while typed. Save & Trust hands the file to submit; the tab asks
// and writes.
type permissionsEditor struct {
	submit func(content []byte) // Save & Trust with a valid file
	// closed: the editor was closed (Cancel, or the file saved).
	closed func()

	box      *fyne.Container
	lists    *ruleLists // the editor as lists; the JSON text is the fallback
	jsonBox  *fyne.Container
	jsonMode bool // the JSON text is being edited, not the lists
	asJSON   *focusButton
	start    string // the text the editor started from
	entry    *cancelableEntry
	verdict  *widget.Label // every problem with its place, or what the file approves
	stale    *widget.Label
	save     *focusButton
	cancel   *focusButton
	from     string // the hash of the file when editing started
	// askDiscard, when set, asks before Cancel throws edits away; discard
	// closes the editor.
	askDiscard func(discard func())
	// opened is the review the editor was opened on: Save & Trust pins,
	// of what the rules run, only what it showed.
	opened permissions.Status
}

func newPermissionsEditor(submit func(content []byte), closed func()) *permissionsEditor {
	e := &permissionsEditor{submit: submit, closed: closed}
	// The text wraps (a long rule stays in view); Ctrl+Tab leaves it.
	e.entry = newCancelableEntry(true)
	e.entry.Wrapping, e.entry.TextStyle, e.entry.OnChanged = fyne.TextWrapWord, fyne.TextStyle{Monospace: true}, e.onEdited
	e.verdict = &widget.Label{Wrapping: fyne.TextWrapWord}
	e.stale = &widget.Label{Text: lang.L("The file changed on disk while you were editing: Save & Trust replaces it with your text."), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	e.stale.Hide()
	e.save = newButton(lang.L("Save & Trust…"), theme.DocumentSaveIcon(), widget.HighImportance, e.onSave)
	e.cancel = newButton(lang.L("Cancel"), nil, widget.MediumImportance, e.onCancel)
	e.lists = newRuleLists(e.onListsEdited)
	e.jsonBox = container.NewVBox(container.New(&minHeightLayout{200}, e.entry))
	e.asJSON = newButton(lang.L("Edit as JSON…"), theme.FileTextIcon(), widget.MediumImportance, e.onSwitchMode)
	e.box = container.NewVBox(
		heading(lang.L("Edit the permissions file")),
		e.lists.body, e.jsonBox,
		e.verdict, e.stale,
		container.New(&wrapLayout{}, e.save, e.asJSON, e.cancel),
	)
	e.box.Hide()
	return e
}

// editing says the editor is open.
func (e *permissionsEditor) editing() bool { return e.box.Visible() }

// open opens the editor with the file as st has it (or the trusted version
// when the file cannot be read, or an empty file when there is none).
func (e *permissionsEditor) open(st permissions.Status) {
	start := emptyFile
	switch {
	case st.Bytes != nil:
		start = string(st.Bytes)
	case st.TrustedBytes != nil:
		start = string(st.TrustedBytes)
	}
	e.from, e.opened = st.Hash, st
	e.start = start
	e.stale.Hide()
	// A file the lists can hold opens as lists — with its refused rules
	// marked in their rows, so they can be fixed there; one they cannot
	// (not JSON, unknown keys, a tool that is not a file tool) opens as
	// its text, with every problem shown.
	if perms, ok := listsCanHold(start); ok {
		e.lists.set(perms)
		e.setMode(false)
	} else {
		e.entry.SetText(start)
		e.setMode(true)
	}
	e.box.Show()
	focusFirstIn(e.box) // Edit… hides: the editor has the keys
}

// unsaved says the editor holds edits: a file other than the one it opened.
func (e *permissionsEditor) unsaved() bool {
	now, start := e.fileContent(), []byte(e.start)
	if string(now) == e.start {
		return false
	}
	a, probs1 := permissions.Parse(now)
	b, probs2 := permissions.Parse(start)
	return len(probs1) > 0 || len(probs2) > 0 || !sameRules(a, b)
}

// onCancel closes the editor, asking first when that loses edits.
func (e *permissionsEditor) onCancel() {
	if e.unsaved() && e.askDiscard != nil {
		e.askDiscard(e.close)
		return
	}
	e.close()
}

// fileRead: the tab read the file again, now with hash (before: prev).
// A change made elsewhere while editing is said.
func (e *permissionsEditor) fileRead(hash, prev string) {
	if e.editing() && hash != prev && hash != e.from {
		e.stale.Show()
	}
}

func (e *permissionsEditor) close() {
	e.box.Hide()
	releaseHiddenFocusOf(e.box)
	if e.closed != nil {
		e.closed()
	}
}

// setMode shows the lists or the JSON text and checks what is shown.
func (e *permissionsEditor) setMode(json bool) {
	e.jsonMode = json
	e.lists.body.Hidden = json
	e.jsonBox.Hidden = !json
	if json {
		e.asJSON.SetText(lang.L("Edit as lists"))
		e.onEdited(e.entry.Text)
	} else {
		e.asJSON.SetText(lang.L("Edit as JSON…"))
		e.onListsEdited()
	}
	e.box.Refresh()
}

// onSwitchMode carries the edits over: the lists become the file's text
// (the text the editor started from while the rules are the same), and a
// valid text becomes the lists.
func (e *permissionsEditor) onSwitchMode() {
	if !e.jsonMode {
		perms := e.lists.permissions()
		text := string(fileText(perms))
		if start, probs := permissions.Parse([]byte(e.start)); len(probs) == 0 && sameRules(start, perms) {
			text = e.start
		}
		e.entry.SetText(text)
		e.setMode(true)
		return
	}
	perms, ok := listsCanHold(e.entry.Text)
	if !ok {
		return // the button is disabled: lists cannot hold this text
	}
	e.lists.set(perms)
	e.setMode(false)
}

// listsCanHold reads text as the lists would show it: a version 1 object
// of command rules (any, refused ones too: their rows say why) and file
// tools the checklist has. ok is false for anything else.
func listsCanHold(text string) (permissions.Permissions, bool) {
	if perms, probs := permissions.Parse([]byte(text)); len(probs) == 0 {
		return perms, true
	}
	// The strict reader Parse uses: keys exactly, once each, none unknown.
	var p permissions.Permissions
	if err := strictjson.Decode([]byte(text), &p); err != nil || p.Version != permissions.Version {
		return p, false
	}
	for _, tool := range p.AllowedTools {
		if !slices.Contains(permissions.FileTools, tool) {
			return p, false
		}
	}
	return p, true
}

// fileContent is the file the editor would save.
func (e *permissionsEditor) fileContent() []byte {
	if e.jsonMode {
		return []byte(e.entry.Text)
	}
	return fileText(e.lists.permissions())
}

// onListsEdited checks the file the lists make, as the JSON text is.
func (e *permissionsEditor) onListsEdited() {
	if !e.jsonMode {
		e.check(string(fileText(e.lists.permissions())))
	}
}

const emptyFile = "{\n  \"version\": 1,\n  \"allowed_commands\": [],\n  \"allowed_tools\": []\n}\n"

// onEdited validates the text while it is typed: every problem with its
// place, or what the file would approve.
func (e *permissionsEditor) onEdited(text string) {
	if e.jsonMode {
		e.check(text)
	}
}

// check shows every problem of the file text with its place, or what it
// would approve, and allows Save & Trust only for a valid file.
func (e *permissionsEditor) check(text string) {
	perms, probs := permissions.Parse([]byte(text))
	if len(text) > permissions.MaxFileSize {
		probs = append(probs, permissions.Problem{Where: "file", Problem: domain.T("the file is larger than {{.KiB}} KiB", "KiB", permissions.MaxFileSize>>10)})
	}
	if len(probs) > 0 {
		e.verdict.Importance = widget.DangerImportance
		e.verdict.SetText(problemList(probs))
		e.save.Disable()
		if _, ok := listsCanHold(text); e.jsonMode && !ok {
			e.asJSON.Disable() // the lists cannot hold this text
		} else {
			e.asJSON.Enable()
		}
		return
	}
	e.asJSON.Enable()
	e.verdict.Importance = widget.MediumImportance
	e.verdict.SetText(lang.L("Valid. Command rules: {{.Commands}}; file tools: {{.Tools}}.", map[string]any{"Commands": len(perms.AllowedCommands), "Tools": len(perms.AllowedTools)}))
	e.save.Enable()
}

func (e *permissionsEditor) onSave() { e.submit(e.fileContent()) }
