// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// ruleLists is the permissions editor as lists: a row per command rule with
// its verdict beside it, updated while typing, and the file tools as a
// checklist of the names a file may approve.
type ruleLists struct {
	onChange func() // any row or check changed

	rows  []*ruleRow
	box   *fyne.Container // the rows
	add   *focusButton
	tools []*focusCheck // in permissions.FileTools order
	body  *fyne.Container
}

// ruleRow is one command rule: its text, its verdict and a remove button.
type ruleRow struct {
	entry   *cancelableEntry
	icon    *widget.Icon
	verdict *widget.Label
	remove  *focusButton
	obj     fyne.CanvasObject
}

func newRuleLists(onChange func()) *ruleLists {
	l := &ruleLists{onChange: onChange, box: container.NewVBox()}
	l.add = newButton(lang.L("Add a command"), theme.ContentAddIcon(), widget.MediumImportance, func() {
		r := l.addRow("")
		l.changed()
		if c := fyne.CurrentApp().Driver().CanvasForObject(l.box); c != nil {
			c.Focus(r.entry)
		}
	})
	checks := container.NewGridWithColumns(3)
	for _, name := range permissions.FileTools {
		c := newCheck(name, func(bool) { l.changed() })
		l.tools = append(l.tools, c)
		checks.Add(c)
	}
	l.body = container.NewVBox(
		heading(lang.L("Allowed commands")),
		&widget.Label{Text: lang.L("One command per row; a rule approves that command with any further arguments. Blank rows are left out."), Wrapping: fyne.TextWrapWord},
		l.box,
		container.NewHBox(l.add),
		heading(lang.L("File tools the agent may use without asking")),
		checks,
	)
	return l
}

func (l *ruleLists) changed() {
	if l.onChange != nil {
		l.onChange()
	}
}

// set shows perms in the lists (no change is reported).
func (l *ruleLists) set(perms permissions.Permissions) {
	l.rows = nil
	l.box.Objects = nil
	for _, r := range perms.AllowedCommands {
		l.addRow(r)
	}
	l.box.Refresh()
	on := map[string]bool{}
	for _, t := range perms.AllowedTools {
		on[t] = true
	}
	for _, c := range l.tools {
		f := c.OnChanged
		c.OnChanged = nil
		c.SetChecked(on[c.Text])
		c.OnChanged = f
	}
}

func (l *ruleLists) addRow(text string) *ruleRow {
	r := &ruleRow{
		icon:    widget.NewIcon(nil),
		verdict: &widget.Label{Wrapping: fyne.TextWrapWord},
	}
	r.entry = newCancelableEntry(false)
	r.entry.Text, r.entry.PlaceHolder = text, lang.L("e.g. go test")
	r.entry.OnChanged = func(string) {
		r.judge()
		l.changed()
	}
	r.remove = newButton("", theme.ContentRemoveIcon(), widget.LowImportance, func() { l.removeRow(r) })
	// The entry keeps its height when a long verdict wraps beside it.
	r.judge()
	r.obj = container.NewBorder(nil, nil, nil, r.remove,
		container.NewGridWithColumns(2, container.NewVBox(r.entry), container.NewBorder(nil, nil, besideText(r.icon), nil, r.verdict)))
	l.rows = append(l.rows, r)
	l.box.Add(r.obj)
	return r
}

func (l *ruleLists) removeRow(r *ruleRow) {
	for i, o := range l.rows {
		if o == r {
			l.rows = append(l.rows[:i], l.rows[i+1:]...)
			break
		}
	}
	l.box.Remove(r.obj)
	l.changed()
}

// judge shows the row's verdict: a valid rule, or why it is refused.
func (r *ruleRow) judge() {
	switch refused := permissions.AcceptRule(r.entry.Text); {
	case strings.TrimSpace(r.entry.Text) == "":
		r.icon.SetResource(nil)
		r.verdict.SetText(lang.L("blank: left out"))
	case !refused.IsZero():
		r.icon.SetResource(theme.NewErrorThemedResource(theme.CancelIcon()))
		r.verdict.SetText(lang.L("refused: {{.Reason}}", map[string]any{"Reason": sayText(refused)}))
	default:
		r.icon.SetResource(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
		r.verdict.SetText(lang.L("valid rule"))
	}
}

// permissions is what the lists say: the rules of the non-blank rows as
// typed, and the checked tools in their canonical order.
func (l *ruleLists) permissions() permissions.Permissions {
	p := permissions.Permissions{Version: permissions.Version, AllowedCommands: []string{}, AllowedTools: []string{}}
	for _, r := range l.rows {
		if strings.TrimSpace(r.entry.Text) != "" {
			p.AllowedCommands = append(p.AllowedCommands, r.entry.Text)
		}
	}
	for _, c := range l.tools {
		if c.Checked {
			p.AllowedTools = append(p.AllowedTools, c.Text)
		}
	}
	return p
}

// fileText is the permissions file for p, indented as a person writes it.
func fileText(p permissions.Permissions) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a rule reads as typed, not as \u003e
	enc.SetIndent("", "  ")
	_ = enc.Encode(p) // strings and an int always encode
	return b.Bytes()
}

// sameRules says whether two permissions approve the same things in the
// same order (the text may differ).
func sameRules(a, b permissions.Permissions) bool {
	return a.Version == b.Version && slices.Equal(a.AllowedCommands, b.AllowedCommands) && slices.Equal(a.AllowedTools, b.AllowedTools)
}
