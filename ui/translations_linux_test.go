package ui

import (
	"path"
	"strings"
	"testing"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/assets"
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
	trData, err := assets.Translations.ReadFile(path.Join(translationsDir, "tr.json"))
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
	t.Setenv("LC_ALL", "tr_TR.UTF-8")
	t.Setenv("LANGUAGE", "tr")

	if err := lang.AddTranslationsForLocale(trData, fyne.Locale("tr")); err != nil {
		t.Fatalf("lang.AddTranslationsForLocale(tr.json): %v", err)
	}
	if loc := lang.SystemLocale(); !strings.HasPrefix(string(loc), "tr") {
		t.Fatalf("LC_ALL=tr_TR.UTF-8 did not make Fyne pick Turkish (it sees %q)", loc)
	}
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
