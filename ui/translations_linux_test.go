// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"path"
	"strings"
	"testing"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/assets"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
)

// TestTranslationsLoadTurkish loads tr.json into Fyne's lang package and checks
// that lang.L answers in Turkish. Fyne picks the language from the system
// locale each time translations are added, which on Linux and the BSDs comes
// from LANGUAGE / LC_ALL; elsewhere the locale can't be forced from a test, so
// that part is skipped (TestTranslationsMatchSource still checks the JSON).
func TestTranslationsLoadTurkish(t *testing.T) {
	file, _ := translationFile(t, "tr.json")
	want := file["Set up"]["other"]
	if want == "" || want == "Set up" {
		t.Fatalf(`tr.json: "Set up" should have a Turkish translation, has %q`, want)
	}
	useTurkish(t)
	if got := lang.L("Set up"); got != want {
		t.Errorf(`with tr.json loaded, lang.L("Set up") = %q, want %q`, got, want)
	}

	// Every plain message, with its placeholders filled in, comes out as tr.json says.
	msgs, _ := sourceMessages(t)
	for key, m := range msgs {
		tr, ok := file[key]
		if !ok || m.plural || len(tr) != 1 {
			continue
		}
		data := map[string]any{}
		for _, p := range placeholders(key) {
			if name, ok := strings.CutPrefix(strings.Trim(p, "{}"), "."); ok && !strings.ContainsAny(name, " .") {
				data[name] = "«" + name + "»"
			}
		}
		var exp strings.Builder
		if tmpl, err := template.New(key).Parse(tr["other"]); err != nil || tmpl.Execute(&exp, data) != nil {
			continue // reported by TestTranslationsMatchSource
		}
		var got string
		if len(data) > 0 {
			got = lang.L(key, data)
		} else {
			got = lang.L(key)
		}
		if got != exp.String() {
			t.Errorf("lang.L(%q) in Turkish = %q, want %q", key, got, exp.String())
		}
	}
}

// useTurkish loads tr.json with the locale forced to Turkish until the test
// ends.
func useTurkish(t *testing.T) {
	t.Helper()
	useLanguage(t, "tr", "tr_TR.UTF-8")
}

// useEnglish is useTurkish for English: en.json loaded (its plural forms
// with it) and Fyne speaking English.
func useEnglish(t *testing.T) {
	t.Helper()
	useLanguage(t, "en", "en_US.UTF-8")
}

// useLanguage loads <code>.json and makes Fyne pick it, with LC_ALL set to
// posix, until the test ends.
func useLanguage(t *testing.T, code, posix string) {
	t.Helper()
	data, err := assets.Translations.ReadFile(path.Join(translationsDir, code+".json"))
	if err != nil {
		t.Fatal(err)
	}
	enData, err := assets.Translations.ReadFile(path.Join(translationsDir, "en.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Registered before t.Setenv, so it runs after the environment is restored:
	// adding translations again makes Fyne re-pick the real system locale.
	t.Cleanup(func() { _ = lang.AddTranslationsForLocale(enData, fyne.Locale("en")) })
	t.Setenv("LC_ALL", posix)
	t.Setenv("LANGUAGE", code)
	if err := lang.AddTranslationsForLocale(data, fyne.Locale(code)); err != nil {
		t.Fatalf("lang.AddTranslationsForLocale(%s.json): %v", code, err)
	}
	if loc := lang.SystemLocale(); !strings.HasPrefix(string(loc), code) {
		t.Fatalf("LC_ALL=%s did not make Fyne pick %s (it sees %q)", posix, code, loc)
	}
}

// TestGuardReasonsWorded: the window words every guard reason code itself, in
// English exactly as the guard's sentence, in Turkish with the same values;
// the Fyne folder dialog's places and every badge are Turkish too.
func TestGuardReasonsWorded(t *testing.T) {
	args := map[string]string{guard.ArgFolder: "/X/.memo", guard.ArgEntries: "bin, data", guard.ArgError: "E-42"}
	english := map[guard.Code]string{}
	for _, c := range guard.Codes() {
		st := project.Status{Reason: "unworded", ReasonCode: c, ReasonArgs: args}
		want := guard.Sentence(c, args)
		if got := reasonText(st); got != want {
			t.Errorf("reasonText(%q) in English = %q, want the guard's %q", c, got, want)
		}
		english[c] = want
	}
	useTurkish(t)
	for _, c := range guard.Codes() {
		got := reasonText(project.Status{Reason: "unworded", ReasonCode: c, ReasonArgs: args})
		if got == english[c] || got == "unworded" {
			t.Errorf("reasonText(%q) in Turkish = %q: not translated", c, got)
		}
		for _, v := range args {
			if strings.Contains(english[c], v) && !strings.Contains(got, v) {
				t.Errorf("reasonText(%q) in Turkish = %q lacks the value %q", c, got, v)
			}
		}
		if usableHint(c) == "" {
			t.Errorf("usableHint(%q) is empty", c)
		}
	}
	for _, b := range []project.Badge{project.BadgeSetUp, project.BadgeNotSetUp, project.BadgeNever,
		project.BadgeNotAllowed, project.BadgeMissing, badgeNeedsAttention} {
		if got := badgeText(b); got == string(b) || got == "" {
			t.Errorf("badge %q in Turkish = %q", b, got)
		}
	}
	for _, s := range []string{stateNotYet, project.StatePresent, project.StateMissing, project.StateSkipped,
		project.StateEdited, project.StateOutdated} {
		if got := fileStateText(s); got == s || got == "" {
			t.Errorf("file state %q in Turkish = %q", s, got)
		}
	}
}

// TestFolderDialogInTurkish: the fallback folder dialog speaks Turkish.
func TestFolderDialogInTurkish(t *testing.T) {
	useTurkish(t)
	f := newFixture(t, memoryOn)
	f.m.chooser.showFyne("Bir proje klasörü açın", "", func(string) {})
	for _, want := range []string{"Aç", "Vazgeç", "Üst klasör", "Ev klasörü"} {
		if f.button(f.m.win, want) == nil {
			t.Errorf("the folder dialog has no %q button", want)
		}
	}
	if f.button(f.m.win, "Open") != nil || f.button(f.m.win, "Parent folder") != nil {
		t.Error("the folder dialog still shows English buttons")
	}
}
