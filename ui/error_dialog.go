// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// say is err's sentence in the reader's language: the domain's template
// worded, a library's error said by its class, else the error's own
// sentence (plainError).
func say(err error) string {
	text, _ := plainError(err)
	return text
}

// sayText is a domain sentence in the reader's language: its English
// template is the translation key (assets/translations). The backticks a
// template quotes a command with are drawn as quotation marks (plainQuotes);
// the values put into it are shown exactly as they are.
func sayText(t domain.Text) string {
	if t.Template == "" {
		return ""
	}
	// The key is not a literal here: the translation test checks each
	// template where domain.T is called.
	localize := lang.L
	if len(t.Args) == 0 {
		return plainQuotes(localize(t.Template))
	}
	// A value that is itself a Text (a reason within a sentence: "refused:
	// {{.Reason}}"), or a list of them, is worded too, not printed in English.
	// Each value goes into the sentence as a token first, so that only the
	// template's own backticks become quotation marks: a rule from a project
	// file keeps every character it has.
	args := make(map[string]any, len(t.Args))
	var values []string
	token := func(s string) string {
		values = append(values, s)
		return fmt.Sprintf("\x00%d\x00", len(values)-1)
	}
	for k, v := range t.Args {
		switch inner := v.(type) {
		case domain.Text:
			v = token(sayText(inner))
		case []domain.Text:
			said := make([]string, len(inner))
			for i, x := range inner {
				said[i] = token(sayText(x))
			}
			v = said
		case string:
			v = token(inner)
		}
		args[k] = v
	}
	out := plainQuotes(localize(t.Template, args))
	for i, s := range values {
		out = strings.ReplaceAll(out, fmt.Sprintf("\x00%d\x00", i), s)
	}
	return out
}

// plainQuotes draws each pair of backticks of a sentence as quotation
// marks: “go test” reads as a quote, `go test` as markup left in.
func plainQuotes(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	var b strings.Builder
	open := true
	for _, r := range s {
		if r == '`' {
			if open {
				r = '“'
			} else {
				r = '”'
			}
			open = !open
		}
		b.WriteRune(r)
	}
	return b.String()
}

// showError tells what failed (title, e.g. "Could not open the folder") and
// why, in the error's own plain sentence (translated where the domain kept
// its template: say).
func (d *dialogs) showError(title string, err error) {
	text, detail := plainError(err)
	var md *messageDialog
	details := detailsOf(detail, func() { md.fit() })
	md = d.message(title, text, details, choice{text: lang.L("Close"), importance: widget.HighImportance})
}

// detailsOf is a Details button that shows detail (the error's own text,
// for a report) under the sentence, then calls toggled; nil when there is
// no detail.
func detailsOf(detail string, toggled func()) fyne.CanvasObject {
	if detail == "" {
		return nil
	}
	text := &widget.Label{Text: detail, Wrapping: fyne.TextWrapWord, Selectable: true, SizeName: theme.SizeNameCaptionText}
	text.Hide()
	var toggle *focusButton
	toggle = newButton(lang.L("Details"), theme.MenuDropDownIcon(), widget.LowImportance, func() {
		text.Hidden = !text.Hidden
		toggle.SetIcon(theme.MenuDropDownIcon())
		if text.Visible() {
			toggle.SetIcon(theme.MenuDropUpIcon())
		}
		text.Refresh()
		toggled()
	})
	return container.NewVBox(container.NewHBox(toggle), text)
}

// showFolderError tells why the folder at path could not be opened. The
// causes a person meets (the folder is gone, may not be read, or is a file)
// are worded in the reader's language; others keep the error's own sentence.
func (d *dialogs) showFolderError(path string, err error) {
	text := say(err)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		text = lang.L("{{.Folder}} is not there: it was moved, renamed or deleted.", map[string]any{"Folder": path})
	case errors.Is(err, fs.ErrPermission):
		text = lang.L("Memo may not read {{.Folder}}: permission denied.", map[string]any{"Folder": path})
	case errors.Is(err, project.ErrNotFolder):
		text = lang.L("{{.Folder}} is a file; open the folder that holds the project.", map[string]any{"Folder": path})
	}
	d.message(lang.L("Could not open the folder"), text, nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
}

// folderUnreachable: the folder is gone or may not be read, not refused
// by the guard (which gives a reason code of its own).
func folderUnreachable(st project.Status, err error) bool {
	return st.ReasonCode == "" && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.Is(err, project.ErrNotFolder))
}

// showRefused tells why a folder cannot be a project and what would make it
// usable; there is no way to set it up from here, and it has no id to show.
func (d *dialogs) showRefused(st project.Status, reason string) {
	if st.ReasonCode != "" {
		reason = reasonText(st)
	}
	text := reason + "\n\n" + usableHint(st.ReasonCode)
	if st.Root != "" {
		text += "\n\n" + st.Root
	}
	d.message(lang.L("Memo can't use this folder"), text, nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
}
