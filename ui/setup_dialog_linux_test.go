// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
)

// TestSetupQuestionFitsAt800x600InTurkish: the longest question (a folder
// of checkouts, files left alone, the git note) in Turkish keeps its
// buttons inside an 800×600 window.
func TestSetupQuestionFitsAt800x600InTurkish(t *testing.T) {
	useTurkish(t)
	f := newFixture(t, memoryOn)
	f.m.win.Resize(fyne.NewSize(800, 600))
	root := t.TempDir()
	for _, d := range []string{".git", "a/.git", "b/.git", "c/.git", "d/.git", "e/.git", "f/.git", "g/.git"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, "CLAUDE.md"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(root, "handoff.md"), []byte("log"), 0o644)
	f.m.OpenFolder(root)
	for _, name := range []string{"Kur", "Şimdi değil", "Bu klasörde bir daha sorma"} {
		b := f.focusable(f.m.win, name).(fyne.CanvasObject)
		if !inWindow(f.m.win, b) {
			t.Errorf("%q is outside the 800×600 window", name)
		}
	}
}
