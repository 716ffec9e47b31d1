// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"golang.org/x/sys/unix"

	"memo.dev/projects/internal/nobody"
)

// TestSetupFailureSaidInTurkish: in Turkish, setting up a folder Memo may not
// write in fails with a dialog that says so in Turkish — what could not be
// created and the system's reason — with the path kept as it is; the same
// error still prints its English sentence for the command line.
func TestSetupFailureSaidInTurkish(t *testing.T) {
	if nobody.Rerun(t) {
		return
	}
	useTurkish(t)
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	memo := filepath.Join(dir, ".memo")

	f.m.OpenFolder(dir)
	f.tap(f.m.win, lang.L("Set up"))
	if len(f.shown) == 0 {
		t.Fatal("setting up a read-only folder showed no error")
	}
	got := f.shown[len(f.shown)-1]
	// It says whose folder it is: the person's own, not writable.
	want := lang.L("Could not set up the project") + ": " + memo + " oluşturulamıyor: izin reddedildi; " + dir +
		" sizin klasörünüz ama yazılamıyor: kendiniz için yazılabilir yapın, sonra yeniden deneyin"
	if got != want {
		t.Errorf("the error dialog says %q, want %q", got, want)
	}
	for _, english := range []string{"cannot create", "permission denied", "your own folder"} {
		if strings.Contains(got, english) {
			t.Errorf("the error dialog says %q, with English %q in it", got, english)
		}
	}
	_, err := f.svc.Setup(dir)
	if want := "cannot create " + memo + ": permission denied; " + dir + " is your own folder but may not be written: make it writable for you, then try again"; err == nil || err.Error() != want {
		t.Errorf("Setup's error prints %v, want %q", err, want)
	}
}

// TestUnreadableRulesSaidInTurkish: in Turkish, the Overview says why a rules
// file Memo will not read (a named pipe, a file too large) cannot be read, in
// Turkish with the path kept, the kind of file worded too.
func TestUnreadableRulesSaidInTurkish(t *testing.T) {
	useTurkish(t)
	tests := []struct {
		name    string
		prepare func(t *testing.T, rules string)
		says    string
	}{
		{"named pipe", func(t *testing.T, rules string) {
			if err := unix.Mkfifo(rules, 0o644); err != nil {
				t.Fatal(err)
			}
		}, " düz bir dosya değil (adlandırılmış bir boru); Memo bir projeden yalnızca düz dosyaları okur"},
		{"too large", func(t *testing.T, rules string) {
			if err := os.WriteFile(rules, make([]byte, 1<<20+1), 0o644); err != nil {
				t.Fatal(err)
			}
		}, " 1 MiB boyutundan büyük, böyle bir dosyanın ihtiyaç duyacağından fazla; Memo onu okumadı"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, memoryOn)
			rules := showWithMemoItem(t, f, "AGENTS.md", tt.prepare)
			if !f.says(f.m.win, rules+tt.says) {
				t.Errorf("the Overview does not say %q; it shows %q", rules+tt.says, labels(f))
			}
			for _, english := range []string{"plain file", "Memo reads only", "larger than", "named pipe"} {
				if f.says(f.m.win, english) {
					t.Errorf("the Overview says %q in English: %q", english, labels(f))
				}
			}
		})
	}
}

// TestWrongKindSaidInOverview: a file where .memo/skills/ belongs is shown
// as wrong in the Overview, saying what it is, never "present"; in English
// and in Turkish, the path kept.
func TestWrongKindSaidInOverview(t *testing.T) {
	for _, tt := range []struct {
		turkish bool
		says    string
	}{
		{false, " is a file, where Memo keeps a folder; Memo leaves it alone"},
		{true, " bir dosya, Memo'nun orada bir klasör tuttuğu yerde; Memo ona dokunmaz"},
	} {
		t.Run(fmt.Sprintf("turkish=%v", tt.turkish), func(t *testing.T) {
			if tt.turkish {
				useTurkish(t)
			}
			f := newFixture(t, memoryOn)
			skills := showWithMemoItem(t, f, "skills", func(t *testing.T, p string) {
				if err := os.WriteFile(p, []byte("not a folder"), 0o644); err != nil {
					t.Fatal(err)
				}
			})
			if !f.says(f.m.win, skills+tt.says) {
				t.Errorf("the Overview does not say %q; it shows %q", skills+tt.says, labels(f))
			}
		})
	}
}

// showWithMemoItem sets up a project, puts what replace makes in place of its
// item .memo/name, and shows the project; it returns the item's path.
func showWithMemoItem(t *testing.T, f *fixture, name string, replace func(t *testing.T, p string)) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := f.svc.Setup(dir); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, ".memo", name)
	os.Remove(p)
	replace(t, p)
	f.m.list.reload(nil)
	f.m.list.list.Select(1)
	if f.m.view == nil || f.m.view.root != dir {
		t.Fatal("selecting the project did not show it")
	}
	return p
}

// labels are the texts of the visible labels, for a failure message.
func labels(f *fixture) []string {
	var out []string
	for _, o := range f.objects(f.m.win) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.Text != "" {
			out = append(out, l.Text)
		}
	}
	return out
}
