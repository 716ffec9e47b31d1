// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

func TestSkillAddChoosesAmongSeveral(t *testing.T) {
	f := newSkillsFixture(t)
	f.m.stage = func(_ context.Context, source string, opt skills.StageOptions) (skills.Staged, error) {
		if source == "o/repo" {
			return skills.Staged{}, &skills.ChoiceError{Source: skills.Source{Owner: "o", Repo: "repo"}, Candidates: []skills.Candidate{
				{Name: "pdf", Folder: "skills/pdf", Description: "Work with PDF files.", Installed: true},
				{Name: "docx", Folder: "skills/docx", Description: "Word files."},
				{Name: "mirror", Folder: ".tools/mirror", Problem: domain.T("its SKILL.md is a link")},
			}}
		}
		st := pdfStaged()
		st.Review.Name = "docx"
		return st, nil
	}
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	if !f.says(f.w, "This source holds 3 skills") || !f.says(f.w, "its SKILL.md is a link") {
		t.Fatal("the choice does not list the skills")
	}
	pick := find[*skillPickList](f)
	var names []string
	for _, r := range pick.rows {
		names = append(names, r.c.Name)
	}
	if want := []string{"pdf", "docx"}; !slices.Equal(names, want) {
		t.Errorf("choices %v, want %v (one that cannot be installed is not offered)", names, want)
	}
	for _, want := range []string{"Work with PDF files.", "Word files.", "skills/docx", "installed: its review is an update"} {
		if !f.says(f.w, want) {
			t.Errorf("the list does not say %q", want)
		}
	}
	marks := 0
	for _, o := range f.objects(f.w) {
		if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "installed") {
			marks++
		}
	}
	if marks != 1 {
		t.Errorf("%d skills marked installed, want pdf alone", marks)
	}
	// The list has the focus, its first skill chosen: Down, then Enter reviews docx.
	if f.w.Canvas().Focused() != pick || pick.chosen != 0 || f.button(f.w, "Review").Disabled() {
		t.Fatalf("the list is not focused with its first skill chosen (chosen %d)", pick.chosen)
	}
	press(f.w, fyne.KeyDown)
	press(f.w, fyne.KeyDown) // stays on the last
	press(f.w, fyne.KeyReturn)
	if want := []string{"o/repo", "o/repo/skills/docx"}; !slices.Equal(f.m.sources, want) {
		t.Errorf("Stage called with %v, want %v", f.m.sources, want)
	}
	if f.button(f.w, "Install") == nil {
		t.Error("the picked skill is not reviewed")
	}
	// A click chooses, a double click reviews.
	f.tap(f.w, "Cancel")
	f.openAdd("o/repo")
	f.tap(f.w, "Review")
	pick = find[*skillPickList](f)
	test.Tap(pick.rows[1])
	if pick.chosen != 1 {
		t.Errorf("a click chose %d, want 1", pick.chosen)
	}
	test.DoubleTap(pick.rows[0])
	if got := f.m.sources[len(f.m.sources)-1]; got != "o/repo/skills/pdf" {
		t.Errorf("a double click reviewed %q, want o/repo/skills/pdf", got)
	}
}

// TestPickListRadioShowsTheChosenRow: the highlighted row's radio is drawn
// chosen (its dot shown, in the primary colour) and every other row's is
// not, whether the row was chosen by a click, by the keyboard or on focus.
func TestPickListRadioShowsTheChosenRow(t *testing.T) {
	test.NewTempApp(t)
	l := newSkillPickList([]skills.Candidate{{Name: "pdf"}, {Name: "docx"}, {Name: "xlsx"}})
	w := test.NewTempWindow(t, l)
	w.Resize(fyne.NewSize(500, 300))
	check := func(how string, want int) {
		t.Helper()
		for i, r := range l.rows {
			rr := test.WidgetRenderer(r).(*pickRowRenderer)
			highlighted, dot := !rr.bg.Hidden, rr.dot.Visible() && rr.dot.Resource != nil
			if highlighted != (i == want) || dot != (i == want) {
				t.Errorf("after %s: row %d (%s) highlighted=%v, radio chosen=%v; want both %v", how, i, r.c.Name, highlighted, dot, i == want)
			}
			if dot && !strings.Contains(rr.dot.Resource.Name(), "primary") {
				t.Errorf("after %s: the chosen radio's dot is %q, not in the primary colour", how, rr.dot.Resource.Name())
			}
		}
	}
	w.Canvas().Focus(l)
	check("the focus", 0)
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	check("Down", 1)
	test.Tap(l.rows[2])
	check("a click on the third", 2)
	l.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	check("Home", 0)
}
