// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// reviewBody is what a staged skill is, before anything is installed, in
// the order a reviewer needs it: what it is and what installing does; the
// warnings (dropped tools, scripts, LFS pointers, hidden Unicode); for an
// update what changes; its files, each of which opens (scripts first in
// mind); then its SKILL.md, rendered, which is what enters the prompt.
func reviewBody(st skills.Staged, open func(rel string)) fyne.CanvasObject {
	rev := st.Review
	box := container.NewVBox(
		&widget.Label{Text: rev.Name, TextStyle: fyne.TextStyle{Bold: true}},
		&widget.Label{Text: rev.Description, Wrapping: fyne.TextWrapWord},
		&widget.Label{Text: reviewSummary(st), Wrapping: fyne.TextWrapWord},
	)
	warn := func(text string) {
		box.Add(&widget.Label{Text: text, Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	if st.InstalledFrom != "" {
		warn(lang.L("The installed {{.Name}} came from {{.From}}; this one comes from {{.Source}}. Updating replaces it, and the lock then names the new source.", map[string]any{"Name": rev.Name, "From": st.InstalledFrom, "Source": rev.Source.String()}))
	}
	for _, w := range rev.Warnings {
		warn(capitalize(sayText(w)))
	}
	if st.Update != nil {
		box.Add(heading(lang.L("What changes")))
		box.Add(changesView(st.Update.Changes))
	}
	box.Add(heading(lang.L("Files")))
	box.Add(fileRows(rev.Files, open))
	box.Add(heading("SKILL.md"))
	box.Add(skillMarkdown(st.Markdown))
	return newPageScroll(box)
}

// reviewTitle names a review: the skill, and whether it is an update.
func reviewTitle(st skills.Staged) string {
	if st.Update != nil {
		return lang.L("Update {{.Name}}", map[string]any{"Name": st.Review.Name})
	}
	return st.Review.Name
}

// reviewSummary says in one line what installing (or updating) does.
func reviewSummary(st skills.Staged) string {
	rev := st.Review
	switch {
	case st.Conflict != "":
		return lang.L("A skill named {{.Name}} is installed in the way: remove it first to install this one.", map[string]any{"Name": st.Conflict})
	case st.Update != nil:
		r := st.Update
		return lang.N("{{.Name}} is installed. From {{.From}} to {{.To}}: {{.N}} files change. After the update the skill is off until you turn it on again.", len(r.Changes), map[string]any{"Name": rev.Name, "From": orUnknown(shortCommit(r.From)), "To": orUnknown(shortCommit(r.To)), "N": len(r.Changes)})
	}
	return lang.N("{{.N}} files, {{.Size}}, into .memo/skills/{{.Name}}. It stays off until you switch it on.", len(rev.Files), map[string]any{"N": len(rev.Files), "Size": sizeText(rev.Size), "Name": rev.Name})
}

// fileRows lists a skill's files, each with its size, what the review
// knows of it (a script, an archive holding scripts or one Memo cannot
// read, an LFS pointer, hidden characters) and Open,
// which shows it inside the window.
func fileRows(files []skills.File, open func(rel string)) fyne.CanvasObject {
	box := container.NewVBox()
	for _, f := range files {
		rel := f.Path
		var marks []string
		switch {
		case len(f.ArchiveScripts) > 0:
			marks = append(marks, lang.L("archive holding scripts"))
		case f.ArchiveUnreadable:
			marks = append(marks, lang.L("archive Memo cannot read"))
		case f.Script:
			marks = append(marks, lang.L("script"))
		}
		if f.LFS {
			marks = append(marks, lang.L("Git LFS pointer"))
		}
		if f.Hidden != "" {
			marks = append(marks, lang.L("hidden characters"))
		}
		name := fyne.CanvasObject(&widget.Label{Text: f.Path, Truncation: fyne.TextTruncateEllipsis})
		if len(marks) > 0 {
			name = container.NewBorder(nil, nil, nil, &widget.Label{Text: strings.Join(marks, ", "), Importance: widget.WarningImportance, SizeName: theme.SizeNameCaptionText}, name)
		}
		openButton := newButton(lang.L("Open"), theme.FileTextIcon(), widget.LowImportance, func() { open(rel) })
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewLabel(sizeText(f.Size)), openButton), name))
	}
	return box
}

// skillMarkdown renders a SKILL.md with each character that hides in it
// written as its code point, as the warnings write them.
func skillMarkdown(md string) fyne.CanvasObject {
	var b strings.Builder
	for _, p := range skills.RevealHidden(md) {
		b.WriteString(p.Text)
	}
	return markdownView(b.String())
}
