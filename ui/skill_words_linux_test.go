// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

// TestSkillAddSaysParseErrorsInTurkish: in Turkish, the Add-skill dialog words
// every kind of bad source in Turkish, the sentence a reason is embedded in
// (what was expected) included, with the values kept as typed.
func TestSkillAddSaysParseErrorsInTurkish(t *testing.T) {
	useTurkish(t)
	f := newSkillsFixture(t)
	f.tap(f.w, lang.L("Add…"))
	if !f.dialogOpen() {
		t.Fatal("Add… opened no dialog")
	}
	entry := find[*cancelableEntry](f)
	tests := []struct{ in, says string }{
		{"gitlab.com/o/r", "GitHub üzerinde değil"},
		{"./local/skill", "yerel bir klasöre benziyor"},
		{"repo", "bir depo belirtmiyor"},
		{"o/r/../x", "deponun içindeki bir klasörü gösterir"},
		{"o/r@", "beceri adı vermiyor"},
		{"o/r@*", "bütün becerileri seçer"},
		{"o/r/CON", "Windows'un bir aygıta ayırdığı bir ad"},
		{"o/r/a<b", "Windows'un adlarda izin vermediği bir karakter"},
		{"-bad/r", "bir GitHub hesap adı değil"},
		{"https://github.com/o/r/issues", "depo klasörü olmayan bir GitHub sayfası"},
		{"https://github.com/o/r/tree", "dal ya da etiket gelmiyor"},
		{"https://github.com/o/r/blob/main/x.md", "bir dosyaya bağlanıyor"},
		{"https://example.com/o/r", "bir github.com adresi değil"},
		{"npx skills add", "kaynak yok"},
		{"npx skills add o/r p/q", "birden çok kaynak var"},
		{"npx skills add o/r --skill a --skill b", "birden çok beceri adı veriyor"},
		{"npx skills add o/r --skill", "seçeneğinden sonra bir beceri adı gelmeli"},
		{"npx skills add o/r; rm -rf ~", "asla çalıştırmaz"},
		{`npx skills add "o/r`, "kapatılmamış bir tırnak"},
	}
	for _, tt := range tests {
		_, err := skills.ParseSource(tt.in)
		if err == nil {
			t.Errorf("ParseSource(%q) parsed; the test wants a bad source", tt.in)
			continue
		}
		txt, ok := domain.TextOf(err)
		if !ok {
			t.Errorf("ParseSource(%q) = %q carries no Text, so the window cannot word it", tt.in, err)
			continue
		}
		entry.SetText("")
		test.Type(entry, tt.in)
		got := dangerText(f)
		english := capitalize(err.Error()) + "."
		switch {
		case got == "":
			t.Errorf("%q: the dialog shows no error", tt.in)
		case got == english || strings.Contains(got, "Memo installs") || strings.Contains(got, "expected a GitHub source"):
			t.Errorf("%q: the dialog says %q, in English", tt.in, got)
		case !strings.Contains(got, tt.says):
			t.Errorf("%q: the dialog says %q; want it to say %q", tt.in, got, tt.says)
		}
		for name, v := range txt.Args {
			switch v := v.(type) {
			case string:
				if !strings.Contains(got, v) {
					t.Errorf("%q: the dialog says %q without the value %s = %q", tt.in, got, name, v)
				}
			case domain.Text:
				if !strings.Contains(got, sayText(v)) || strings.Contains(got, v.String()) {
					t.Errorf("%q: the dialog says %q; the embedded %s is not worded in Turkish", tt.in, got, name)
				}
			}
		}
	}
}

// dangerText is the visible error line of the open dialog.
func dangerText(f *skillsFixture) string {
	for _, o := range f.objects(f.w) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.Importance == widget.DangerImportance {
			return l.Text
		}
	}
	return ""
}

// TestSkillsSayFailuresInTurkish: a failed review (the download's sentence,
// its kind and cause kept) and a skill's problem in the list are worded in
// Turkish in the window, while the error still reads in English for the CLI.
func TestSkillsSayFailuresInTurkish(t *testing.T) {
	link := pdfListed
	link.Name, link.Problem = "linked", domain.T("the skill's folder is a link; Memo uses only real folders")
	useTurkish(t)
	f := newSkillsFixture(t)
	f.tab.show([]skills.Listed{link}, nil)
	if !f.says(f.w, lang.L("Cannot be used:")+" becerinin klasörü bir bağlantı; Memo yalnızca gerçek klasörleri kullanır") {
		t.Error("a skill's problem is not shown in Turkish")
	}

	cause := errors.New("no route")
	failed := domain.T("cannot download from {{.Host}}: {{.Error}}", "Host", "codeload.github.com", "Error", cause.Error()).Wrap(domain.ErrRefused, cause)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		return skills.Staged{}, failed
	}
	f.tap(f.w, lang.L("Add…"))
	test.Type(find[*cancelableEntry](f), "o/repo")
	f.tap(f.w, lang.L("Review"))
	want := fmt.Sprintf("%s: codeload.github.com adresinden indirilemiyor: no route", lang.L("Could not review the skill"))
	if len(f.host.shown) != 1 || f.host.shown[0] != want {
		t.Errorf("errors %q, want %q", f.host.shown, want)
	}
	if failed.Error() != "cannot download from codeload.github.com: no route" || !errors.Is(failed, cause) || domain.KindOf(failed) != domain.KindForbidden {
		t.Errorf("the error lost its English sentence, cause or kind: %q", failed)
	}
}

// TestSkillSentencesNestWordedInTurkish: a sentence whose values are
// sentences themselves (a list of refused entries, each with its problem)
// is worded in Turkish all the way down; the review's warnings too.
func TestSkillSentencesNestWordedInTurkish(t *testing.T) {
	useTurkish(t)
	entry := func(path string, problem domain.Text) domain.Text {
		return domain.T("{{.Path}} {{.Problem}}", "Path", path, "Problem", problem)
	}
	refused := domain.T("the skill {{.Name}} ({{.Folder}}) cannot be installed, its archive has entries Memo refuses: {{range $i, $p := .Problems}}{{if $i}}; {{end}}{{$p}}{{end}}{{.More}}; nothing was installed",
		"Name", "pdf", "Folder", domain.T("the repository root"),
		"Problems", []domain.Text{entry(`"a"`, domain.T("is a symbolic link")), entry(`"b/c"`, domain.T("has a part {{.Part}} that {{.Problem}}", "Part", `"c"`, "Problem", domain.T("is empty")))},
		"More", domain.T(" … ({{.Count}} in all)", "Count", 7)).Err(domain.ErrRefused)
	if want := `the skill pdf (the repository root) cannot be installed, its archive has entries Memo refuses: "a" is a symbolic link; "b/c" has a part "c" that is empty … (7 in all); nothing was installed`; refused.Error() != want {
		t.Errorf("English: %q\nwant     %q", refused.Error(), want)
	}
	want := `pdf becerisi (` + lang.L("the repository root") + `) kurulamıyor, arşivinde Memo'nun kabul etmediği girdiler var: "a": sembolik bir bağlantı; "b/c": içindeki "c" parçası boş … (toplam 7); hiçbir şey kurulmadı`
	if got := say(refused); got != want {
		t.Errorf("Turkish: %q\nwant     %q", got, want)
	}

	f := newSkillsFixture(t)
	f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
		rev := pdfReview
		rev.Warnings = []domain.Text{domain.T("scripts (executable in the archive or starting with #!, installed as plain files): {{.Files}}", "Files", "run.sh")}
		return skills.Staged{ID: "s1", Review: rev}, nil
	}
	f.tap(f.w, lang.L("Add…"))
	test.Type(find[*cancelableEntry](f), "o/repo")
	f.tap(f.w, lang.L("Review"))
	if !f.says(f.w, "Betikler (arşivde çalıştırılabilir ya da #! ile başlayan; düz dosya olarak kurulur): run.sh") {
		t.Error("the review's warning is not worded in Turkish")
	}
}

// TestSkillCountsSayOneAndMany: a count of one reads in the singular and
// any other count in the plural, in English and in Turkish (which keeps
// the noun singular after a number): sizes, a review's files, an update's
// changes and a source's skills.
func TestSkillCountsSayOneAndMany(t *testing.T) {
	files := func(n int) skills.Staged {
		rev := skills.Review{Name: "pdf", Size: int64(n)}
		for i := range n {
			rev.Files = append(rev.Files, skills.File{Path: fmt.Sprintf("f%d", i), Size: 1})
		}
		return skills.Staged{Review: rev}
	}
	changes := func(n int) skills.Staged {
		st := files(1)
		st.Update = &skills.UpdateReview{Changes: make([]skills.Change, n)}
		return st
	}
	intro := func(t *testing.T, n int) string {
		f := newSkillsFixture(t)
		f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
			e := &skills.ChoiceError{Source: skills.Source{Owner: "o", Repo: "repo"}}
			for i := range n {
				e.Candidates = append(e.Candidates, skills.Candidate{Name: fmt.Sprintf("s%d", i), Folder: fmt.Sprintf("skills/s%d", i)})
			}
			return skills.Staged{}, e
		}
		f.tap(f.w, lang.L("Add…"))
		test.Type(find[*cancelableEntry](f), "o/repo")
		f.tap(f.w, lang.L("Review"))
		for _, o := range f.objects(f.w) {
			if l, ok := o.(*widget.Label); ok && strings.HasSuffix(l.Text, ":") {
				return l.Text
			}
		}
		return ""
	}
	tests := []struct {
		turkish bool
		what    string
		got     func(t *testing.T) string
		want    string
	}{
		{false, "1 byte", func(*testing.T) string { return "[" + sizeText(1) + "]" }, "[1 byte]"},
		{false, "2 bytes", func(*testing.T) string { return "[" + sizeText(2) + "]" }, "[2 bytes]"},
		{false, "0 bytes", func(*testing.T) string { return "[" + sizeText(0) + "]" }, "[0 bytes]"},
		{false, "1 file", func(*testing.T) string { return reviewSummary(files(1)) }, "1 file, 1 byte, into"},
		{false, "2 files", func(*testing.T) string { return reviewSummary(files(2)) }, "2 files, 2 bytes, into"},
		{false, "1 change", func(*testing.T) string { return reviewSummary(changes(1)) }, ": 1 file changes."},
		{false, "3 changes", func(*testing.T) string { return reviewSummary(changes(3)) }, ": 3 files change."},
		{false, "1 skill", func(t *testing.T) string { return intro(t, 1) }, "This source holds 1 skill."},
		{false, "2 skills", func(t *testing.T) string { return intro(t, 2) }, "This source holds 2 skills."},
		{true, "1 byte", func(*testing.T) string { return "[" + sizeText(1) + "]" }, "[1 bayt]"},
		{true, "2 bytes", func(*testing.T) string { return "[" + sizeText(2) + "]" }, "[2 bayt]"},
		{true, "1 file", func(*testing.T) string { return reviewSummary(files(1)) }, "1 dosya, 1 bayt,"},
		{true, "2 files", func(*testing.T) string { return reviewSummary(files(2)) }, "2 dosya, 2 bayt,"},
		{true, "1 change", func(*testing.T) string { return reviewSummary(changes(1)) }, ": 1 dosya değişiyor."},
		{true, "3 changes", func(*testing.T) string { return reviewSummary(changes(3)) }, ": 3 dosya değişiyor."},
		{true, "1 skill", func(t *testing.T) string { return intro(t, 1) }, "Bu kaynakta 1 beceri var."},
		{true, "2 skills", func(t *testing.T) string { return intro(t, 2) }, "Bu kaynakta 2 beceri var."},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("turkish=%v/%s", tt.turkish, tt.what), func(t *testing.T) {
			if tt.turkish {
				useTurkish(t)
			} else {
				useEnglish(t)
			}
			if got := tt.got(t); !strings.Contains(got, tt.want) {
				t.Errorf("%s reads %q, want it to hold %q", tt.what, got, tt.want)
			}
		})
	}
}

// TestAddSkillHintIsAllTurkish: in Turkish the Add a skill dialog's
// sentence and the source box's hint say owner, repository, skill and name
// in Turkish (the command and its --skill option stay as typed).
func TestAddSkillHintIsAllTurkish(t *testing.T) {
	useTurkish(t)
	f := newSkillsFixture(t)
	f.tap(f.w, lang.L("Add…"))
	entry := find[*cancelableEntry](f)
	texts := []string{entry.PlaceHolder}
	for _, o := range f.objects(f.w) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "GitHub") {
			texts = append(texts, l.Text)
		}
	}
	if len(texts) < 2 {
		t.Fatalf("the dialog shows no sentence about GitHub: %q", texts)
	}
	english := regexp.MustCompile(`owner|repo\b|@skill|--skill name|\bname\b|path`)
	for _, text := range texts {
		if w := english.FindString(text); w != "" {
			t.Errorf("the Turkish hint %q still says %q", text, w)
		}
	}
}

// TestAddProgressNamesTheSource: the download's progress line names the
// source read from a pasted line (owner/repo and the skill), not the line.
func TestAddProgressNamesTheSource(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"npx skills add o/repo --skill pdf", "Downloading o/repo@pdf to review it…"},
		{"$ npx -y skills add https://github.com/o/repo/tree/main/skills/pdf", "Downloading o/repo/skills/pdf (main) to review it…"},
		{"o/repo", "Downloading o/repo to review it…"},
	} {
		f := newSkillsFixture(t)
		var shown []string
		f.m.stage = func(context.Context, string, skills.StageOptions) (skills.Staged, error) {
			for _, o := range f.objects(f.w) {
				if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "Downloading") {
					shown = append(shown, l.Text)
				}
			}
			return pdfStaged(), nil
		}
		f.openAdd(tc.typed)
		f.tap(f.w, "Review")
		if len(shown) != 1 || shown[0] != tc.want {
			t.Errorf("adding %q: the progress line says %q, want %q", tc.typed, shown, tc.want)
		}
	}
}
