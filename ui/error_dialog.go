package ui

import (
	"errors"
	"io/fs"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/project"
)

// say is err's sentence in the reader's language where the domain made it
// from a template (domain.Text), else the error's own English sentence.
func say(err error) string {
	if t, ok := domain.TextOf(err); ok {
		return sayText(t)
	}
	return err.Error()
}

// sayText is a domain sentence in the reader's language: its English
// template is the translation key (assets/translations).
func sayText(t domain.Text) string {
	if t.Template == "" {
		return ""
	}
	// The key is not a literal here: the translation test checks each
	// template where domain.T is called.
	localize := lang.L
	if len(t.Args) == 0 {
		return localize(t.Template)
	}
	// A value that is itself a Text (a reason within a sentence: "refused:
	// {{.Reason}}"), or a list of them, is worded too, not printed in English.
	args := make(map[string]any, len(t.Args))
	for k, v := range t.Args {
		switch inner := v.(type) {
		case domain.Text:
			v = sayText(inner)
		case []domain.Text:
			said := make([]string, len(inner))
			for i, x := range inner {
				said[i] = sayText(x)
			}
			v = said
		}
		args[k] = v
	}
	return localize(t.Template, args)
}

// showError tells what failed (title, e.g. "Could not open the folder") and
// why, in the error's own plain sentence (translated where the domain kept
// its template: say).
func (d *dialogs) showError(title string, err error) {
	d.message(title, say(err), nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
}

// showFolderError tells why the folder at path could not be opened. The
// causes a person meets (the folder is gone, may not be read, or is a file)
// are worded in the reader's language; others keep the error's own sentence.
func (d *dialogs) showFolderError(path string, err error) {
	text := err.Error()
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
