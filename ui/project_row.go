// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/project"
)

// projectRow is one entry of the list: icon, name, path and a state badge.
type projectRow struct {
	widget.BaseWidget
	icon  *widget.Icon
	name  *widget.Label
	path  *pathLabel
	badge *stateBadge
	// review marks a permissions file that waits for review.
	review *stateBadge
	// onSecondary opens the row's context menu (right click).
	onSecondary func(at fyne.Position)
	// onTapped selects the row. Being SecondaryTappable, the row receives
	// the primary clicks too (Fyne's driver picks the deepest object that
	// handles any tap), so it passes them on to the list.
	onTapped func()
}

var (
	_ fyne.Widget            = (*projectRow)(nil)
	_ fyne.Tappable          = (*projectRow)(nil)
	_ fyne.SecondaryTappable = (*projectRow)(nil)
)

// Tapped implements fyne.Tappable.
func (r *projectRow) Tapped(*fyne.PointEvent) {
	if r.onTapped != nil {
		r.onTapped()
	}
}

// TappedSecondary implements fyne.SecondaryTappable.
func (r *projectRow) TappedSecondary(ev *fyne.PointEvent) {
	if r.onSecondary != nil {
		r.onSecondary(ev.AbsolutePosition)
	}
}

func newProjectRow() *projectRow {
	r := &projectRow{
		icon:   widget.NewIcon(theme.FolderIcon()),
		name:   &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		path:   newPathLabel(),
		badge:  newStateBadge(),
		review: newStateBadge(),
	}
	r.review.set(badgeReview)
	r.review.Hide()
	r.ExtendBaseWidget(r)
	return r
}

// setReview shows the marker of a permissions file to review or invalid
// (badgeReview, badgeInvalid), or hides it ("").
func (r *projectRow) setReview(marker project.Badge) {
	on := marker != ""
	if on {
		r.review.set(marker)
	}
	if r.review.Visible() != on {
		r.review.Hidden = !on
		r.Refresh()
	}
}

// set shows an entry; unchanged parts are not refreshed (rows are rebound often).
func (r *projectRow) set(name, path string, badge project.Badge, icon fyne.Resource) {
	if r.icon.Resource != icon {
		r.icon.SetResource(icon)
	}
	if r.name.Text != name {
		r.name.SetText(name)
	}
	r.path.setText(path)
	r.badge.set(badge)
}

func (r *projectRow) CreateRenderer() fyne.WidgetRenderer {
	// The label brings its own inner padding; the path sits right under its text.
	path := container.New(&padLayout{theme.InnerPadding(), 0}, r.path)
	texts := container.New(layout.NewCustomPaddedVBoxLayout(-theme.InnerPadding()), r.name, path)
	// The marker sits under the state, so a narrow list keeps the name readable.
	// Both pills keep to the right edge, where every other row's state is.
	badges := container.New(layout.NewCustomPaddedVBoxLayout(2), container.NewHBox(layout.NewSpacer(), r.badge), r.review)
	badge := container.New(&padLayout{theme.Padding(), 0}, container.NewCenter(badges))
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.icon, badge, texts))
}

// stateBadge shows a project state as a small colored pill.
type stateBadge struct {
	widget.BaseWidget
	text *canvas.Text
	bg   *canvas.Rectangle
}

func newStateBadge() *stateBadge {
	b := &stateBadge{text: canvas.NewText("", color.White), bg: canvas.NewRectangle(color.Transparent)}
	b.text.TextSize = theme.CaptionTextSize()
	b.text.TextStyle = fyne.TextStyle{Bold: true}
	b.bg.CornerRadius = 6
	b.ExtendBaseWidget(b)
	return b
}

func (b *stateBadge) set(badge project.Badge) {
	if b.text.Text == badgeText(badge) {
		return
	}
	b.text.Text = badgeText(badge)
	b.bg.FillColor = badgeColor(badge)
	b.Refresh()
}

func (b *stateBadge) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(b.bg, container.New(&padLayout{6, 2}, b.text)))
}

func badgeText(b project.Badge) string {
	switch b {
	case project.BadgeSetUp:
		return lang.L("set up")
	case project.BadgeNotSetUp:
		return lang.L("not set up")
	case project.BadgeNever:
		return lang.L("declined")
	case project.BadgeNotAllowed:
		return lang.L("not allowed")
	case project.BadgeMissing:
		return lang.L("folder missing")
	case badgeNeedsAttention:
		return lang.L("needs attention")
	case badgeReview:
		return lang.L("permissions to review")
	case badgeInvalid:
		return lang.L("permissions invalid")
	}
	return ""
}

func badgeColor(b project.Badge) color.Color {
	switch b {
	case project.BadgeSetUp:
		return color.NRGBA{0x2e, 0x7d, 0x32, 0xff} // green
	case project.BadgeNotSetUp:
		return color.NRGBA{0x1f, 0x5f, 0xd9, 0xff} // blue
	case project.BadgeNever:
		return color.NRGBA{0x75, 0x75, 0x75, 0xff} // grey
	case project.BadgeNotAllowed, badgeInvalid:
		return color.NRGBA{0xc6, 0x28, 0x28, 0xff} // red
	case project.BadgeMissing, badgeNeedsAttention, badgeReview:
		return color.NRGBA{0x9a, 0x5b, 0x00, 0xff} // amber, dark enough for white text
	}
	return color.Transparent
}
