// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/skills"
)

// downloadBar shows a download's progress: a bar when the total is known
// (else an endless one) and the bytes so far.
type downloadBar struct {
	bar    *widget.ProgressBar
	barAny *widget.ProgressBarInfinite
	got    *widget.Label
	box    *fyne.Container
}

func newDownloadBar() *downloadBar {
	b := &downloadBar{bar: widget.NewProgressBar(), barAny: widget.NewProgressBarInfinite(), got: widget.NewLabel("")}
	b.bar.TextFormatter = func() string { return "" }
	b.box = container.NewVBox(container.NewStack(b.bar, b.barAny), b.got)
	return b
}

// reset shows the bar before the first byte.
func (b *downloadBar) reset() {
	b.got.SetText(lang.L("Connecting…"))
	b.bar.SetValue(0)
	b.bar.Hide()
	b.barAny.Show()
}

func (b *downloadBar) progressed(done, total int64) {
	if total > 0 {
		b.barAny.Hide()
		b.bar.Show()
		b.bar.SetValue(min(float64(done)/float64(total), 1))
		b.got.SetText(lang.L("{{.Done}} of {{.Total}}", map[string]any{"Done": sizeText(done), "Total": sizeText(total)}))
		return
	}
	b.got.SetText(lang.L("{{.Done}} so far", map[string]any{"Done": sizeText(done)}))
}

// progress reports a download to the bar at most ten times a second (and
// always its first and last step), on the UI goroutine, while current says
// the download is still the one shown.
func (b *downloadBar) progress(current func() bool) skills.Progress {
	var last time.Time
	return func(done, total int64) {
		now := time.Now()
		if !last.IsZero() && now.Sub(last) < 100*time.Millisecond && done != total {
			return
		}
		last = now
		onUI(func() {
			if current() {
				b.progressed(done, total)
			}
		})
	}
}
