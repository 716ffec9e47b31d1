package ui

import (
	"context"
	"errors"
	"fmt"
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
	f.m.add = func(context.Context, string, skills.AddOptions) (skills.Added, error) { return skills.Added{}, failed }
	f.tap(f.w, lang.L("Add…"))
	test.Type(find[*cancelableEntry](f), "o/repo")
	f.tap(f.w, lang.L("Review"))
	want := fmt.Sprintf("%s: codeload.github.com adresinden indirilemiyor: no route", lang.L("Could not review the skill"))
	if len(f.host.errors) != 1 || f.host.errors[0] != want {
		t.Errorf("errors %q, want %q", f.host.errors, want)
	}
	if failed.Error() != "cannot download from codeload.github.com: no route" || !errors.Is(failed, cause) || domain.KindOf(failed) != domain.KindForbidden {
		t.Errorf("the error lost its English sentence, cause or kind: %q", failed)
	}
}
