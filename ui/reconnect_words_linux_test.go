// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The question about a lost project, and the refusal of a path that is not
// UTF-8, in Turkish: every word of the dialog, with the project's name and
// the path kept as they are.
func TestReconnectQuestionInTurkish(t *testing.T) {
	useTurkish(t)
	f := newFixture(t, memoryOn)
	dir, _ := lostProject(t, f)
	f.m.OpenFolder(dir)
	f.tap(f.m.win, "Kur")
	for _, want := range []string{"Bu klasörde eskiden alpha adlı bir proje vardı", "Son açılış", "Bellek kayıtları", "sıfırdan başlayın"} {
		if !f.says(f.m.win, want) {
			t.Errorf("the question does not say %q in Turkish", want)
		}
	}
	for _, b := range []string{"Sıfırdan başla", "Belleğine yeniden bağla"} {
		if f.button(f.m.win, b) == nil {
			t.Errorf("no button %q", b)
		}
	}
	f.tap(f.m.win, "Sıfırdan başla")

	bad := filepath.Join(t.TempDir(), "caf\xe9")
	if err := os.Mkdir(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	f.m.OpenFolder(bad)
	if last := f.shown[len(f.shown)-1]; !strings.Contains(last, "geçerli UTF-8 değil") || !strings.Contains(last, `caf\xe9`) {
		t.Errorf("a path that is not UTF-8, in Turkish: %q", last)
	}
}
