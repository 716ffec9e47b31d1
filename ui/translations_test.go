// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"

	"memo.dev/projects/assets"
)

// The translation files live in assets/translations and are embedded as
// assets.Translations. Each key is the English text the source passes to
// lang.L (or the key passed to lang.X); en.json maps it to the English text,
// every other file to its translation.
//
// MEMO_UPDATE_TRANSLATIONS=1 go test -run Translations ./ui/ rewrites en.json
// from the source and drops stale keys from the other files; new keys still
// have to be translated by hand.

const translationsDir = "translations"

// langFuncs are the lang functions whose first argument is a message key, and
// whether the second argument is the English fallback (the *Key variants).
var langFuncs = map[string]bool{
	"L": false, "Localize": false,
	"N": false, "LocalizePlural": false,
	"X": true, "LocalizeKey": true,
	"XN": true, "LocalizePluralKey": true,
}

// textFuncs are domain's functions whose first argument is an English
// template the window translates (domain.T).
var textFuncs = map[string]bool{"T": false}

// sourceMessage is one key used by the ui source.
type sourceMessage struct {
	english string   // the English text: the key itself, or lang.X's fallback
	plural  bool     // used with lang.N / lang.XN
	uses    []string // file:line of each call
}

// sourceMessages parses ui/*.go, domain/... and persistence/... (not tests;
// every build tag) and returns each literal key passed to the lang package,
// and each English template given to domain.T (the window words those
// sentences with lang.L), plus a problem for each call whose key is not a string literal (it could
// not be checked).
func sourceMessages(t *testing.T) (map[string]*sourceMessage, []string) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	// The packages whose errors and states the window words with sayText.
	for _, dir := range []string{"domain", "persistence"} {
		err = filepath.WalkDir(filepath.Join("..", dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	fset := token.NewFileSet()
	msgs := map[string]*sourceMessage{}
	var problems []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		// locals maps the names the lang package (and, for domain.T, the
		// domain package) have in this file to their functions taking a
		// message key; "." where those functions are called bare.
		locals := map[string]map[string]bool{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			local, funcs := "", langFuncs
			switch p {
			case "fyne.io/fyne/v2/lang":
				local = "lang"
			case "memo.dev/projects/domain":
				local, funcs = "domain", textFuncs
			default:
				continue
			}
			if imp.Name != nil {
				local = imp.Name.Name
			}
			if local != "_" {
				locals[local] = funcs
			}
		}
		if f.Name.Name == "domain" && filepath.Base(filepath.Dir(name)) == "domain" {
			locals["."] = textFuncs
		}
		if len(locals) == 0 {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			fn, funcs := "", map[string]bool(nil)
			switch fun := call.Fun.(type) {
			case *ast.SelectorExpr:
				if id, ok := fun.X.(*ast.Ident); ok && locals[id.Name] != nil {
					fn, funcs = fun.Sel.Name, locals[id.Name]
				}
			case *ast.Ident:
				fn, funcs = fun.Name, locals["."]
			}
			withFallback, known := funcs[fn]
			if !known {
				return true
			}
			pos := fset.Position(call.Pos())
			at := fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
			key, ok := stringConst(call.Args[0])
			if !ok {
				problems = append(problems, fmt.Sprintf("%s: the key of lang.%s is not a string literal, so its translations can't be checked", at, fn))
				return true
			}
			english := key
			if withFallback {
				if len(call.Args) < 2 {
					return true
				}
				if english, ok = stringConst(call.Args[1]); !ok {
					problems = append(problems, fmt.Sprintf("%s: the fallback of lang.%s(%q) is not a string literal", at, fn, key))
					return true
				}
			}
			plural := fn == "N" || fn == "LocalizePlural" || fn == "XN" || fn == "LocalizePluralKey"
			m := msgs[key]
			if m == nil {
				m = &sourceMessage{english: english, plural: plural}
				msgs[key] = m
			} else if m.english != english {
				problems = append(problems, fmt.Sprintf("%s: key %q has English %q here but %q at %s", at, key, english, m.english, m.uses[0]))
			}
			m.uses = append(m.uses, at)
			return true
		})
	}
	return msgs, problems
}

// stringConst evaluates a string literal or a concatenation of them.
func stringConst(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.ParenExpr:
		return stringConst(e.X)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := stringConst(e.X)
		b, ok2 := stringConst(e.Y)
		return a + b, ok1 && ok2
	}
	return "", false
}

// translation is one entry of a translation file: a plain string is stored as
// the "other" form; plural messages have one entry per CLDR plural form.
type translation map[string]string

var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// reservedKey reports whether go-i18n (behind Fyne's lang) reads key as a
// message field ("id", "description", "other", ... in any case) when its value
// is a plain string. One such key makes the whole file fail to load
// ("reserved keys mixed with unreserved keys"), so it must be written in the
// object form {"other": "..."}.
func reservedKey(key string) bool {
	switch strings.ToLower(key) {
	case "id", "description", "hash", "leftdelim", "rightdelim", "translation",
		"zero", "one", "two", "few", "many", "other":
		return true
	}
	return false
}

// translationFile reads translations/<name> from assets.Translations, keeping
// the key order and reporting duplicate keys (encoding/json would hide them).
func translationFile(t *testing.T, name string) (map[string]translation, []string) {
	t.Helper()
	data, err := assets.Translations.ReadFile(path.Join(translationsDir, name))
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s: want a JSON object of key → translation (%v)", name, err)
	}
	out := map[string]translation{}
	var order []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		key := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatalf("%s: value of %q: %v", name, key, err)
		}
		if _, dup := out[key]; dup {
			t.Errorf("%s: key %q appears twice", name, key)
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			if reservedKey(key) {
				t.Errorf(`%s: %q is a reserved word for go-i18n, so as a plain string it stops the whole file from loading; write it as {"other": %q}`, name, key, s)
			}
			out[key] = translation{"other": s}
		} else {
			var forms translation
			if err := json.Unmarshal(raw, &forms); err != nil {
				t.Fatalf("%s: value of %q is neither a string nor an object of plural forms: %v", name, key, err)
			}
			out[key] = forms
		}
		order = append(order, key)
	}
	if _, err := dec.Token(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out, order
}

// translationFiles lists the *.json files of assets.Translations.
func translationFiles(t *testing.T) []string {
	t.Helper()
	entries, err := assets.Translations.ReadDir(translationsDir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			names = append(names, e.Name())
		}
	}
	for _, must := range []string{"en.json", "tr.json"} {
		if !slices.Contains(names, must) {
			t.Errorf("assets/%s/%s is missing", translationsDir, must)
		}
	}
	return names
}

var placeholderRE = regexp.MustCompile(`\{\{-?\s*(.*?)\s*-?\}\}`)

// placeholders returns the sorted, distinct template actions of s, spacing normalised.
func placeholders(s string) []string {
	var out []string
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		out = append(out, "{{"+strings.Join(strings.Fields(m[1]), " ")+"}}")
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// fyneKeys are the words of Fyne's own widgets and dialogs that the app shows
// (the text boxes' context menu, Fyne's dialogs), with their English text
// from Fyne's lang/translations/base.en.json. Fyne ships no Turkish, so the
// app's files must supply them.
var fyneKeys = map[string]string{
	"Open": "Open", "Cancel": "Cancel",
	"Cut": "Cut", "Copy": "Copy", "Paste": "Paste", "Select all": "Select all",
	"Undo": "Undo", "Redo": "Redo",
	"OK": "OK", "Yes": "Yes", "No": "No", "Error": "Error",
}

func addFyneMessages(msgs map[string]*sourceMessage) {
	for k, en := range fyneKeys {
		if m, ok := msgs[k]; ok {
			m.uses = append(m.uses, "Fyne")
			continue
		}
		msgs[k] = &sourceMessage{english: en, uses: []string{"Fyne"}}
	}
}

// sameInTurkish are the keys whose Turkish is the English word itself (or,
// for a sentence joined by punctuation alone, its English form).
var sameInTurkish = map[string]bool{"API": true, "{{.What}}: {{.Error}}": true, "{{.What}}: {{.Reason}}": true, "{{.Reason}} {{.Advice}}": true,
	"{{.Item}} ({{range $i, $k := .Kinds}}{{if $i}}, {{end}}{{$k}}{{end}})": true, "{{.Item}} ({{.Detail}})": true, "{{.First}}; {{.Rest}}": true}

func TestTranslationsMatchSource(t *testing.T) {
	msgs, problems := sourceMessages(t)
	for _, p := range problems {
		t.Error(p)
	}
	if len(msgs) == 0 {
		t.Fatal("found no lang.L calls in ui/*.go; is the parser looking at the right files?")
	}
	addFyneMessages(msgs)
	keys := make([]string, 0, len(msgs))
	for k := range msgs {
		keys = append(keys, k)
	}
	slices.Sort(keys)

	if os.Getenv("MEMO_UPDATE_TRANSLATIONS") != "" {
		updateTranslationFiles(t, msgs)
	}

	for _, name := range translationFiles(t) {
		file, order := translationFile(t, name)
		isEnglish := name == "en.json"
		for _, k := range keys {
			m := msgs[k]
			tr, ok := file[k]
			if !ok {
				t.Errorf("%s: missing %q (used at %s)", name, k, strings.Join(m.uses, ", "))
				continue
			}
			if !isEnglish && !sameInTurkish[k] && tr["other"] == m.english {
				t.Errorf("%s: %q is not translated (it repeats the English)", name, k)
			}
			want := placeholders(m.english)
			forms := 0
			for _, form := range pluralForms {
				v, ok := tr[form]
				if !ok {
					continue
				}
				forms++
				if strings.TrimSpace(v) == "" {
					t.Errorf("%s: %q has an empty %s translation", name, k, form)
					continue
				}
				if _, err := template.New(k).Parse(v); err != nil {
					t.Errorf("%s: %q: translation %q is not a valid template: %v", name, k, v, err)
				}
				if got := placeholders(v); !slices.Equal(got, want) {
					t.Errorf("%s: %q: translation %q has placeholders %v, the source has %v", name, k, v, got, want)
				}
				if isEnglish && !m.plural && v != m.english {
					t.Errorf("%s: %q maps to %q; the English file should repeat the source text", name, k, v)
				}
			}
			if _, ok := tr["other"]; !ok || forms == 0 {
				t.Errorf("%s: %q has no \"other\" form", name, k)
			}
		}
		for _, k := range order {
			if _, used := msgs[k]; !used {
				t.Errorf("%s: stale key %q: no lang call in ui/*.go uses it any more", name, k)
			}
		}
	}
}

// updateTranslationFiles rewrites en.json from the source and drops stale keys
// from the other files (on disk; the embedded copy in this test binary is
// unchanged, so re-run the test afterwards).
func updateTranslationFiles(t *testing.T, msgs map[string]*sourceMessage) {
	t.Helper()
	dir := filepath.Join("..", "assets", translationsDir)
	for _, name := range translationFiles(t) {
		file, _ := translationFile(t, name)
		out := map[string]any{}
		for k, m := range msgs {
			switch tr, ok := file[k]; {
			case name == "en.json" && !m.plural && reservedKey(k):
				out[k] = translation{"other": m.english}
			case name == "en.json" && !m.plural:
				out[k] = m.english
			case ok && len(tr) == 1 && tr["other"] != "" && !reservedKey(k):
				out[k] = tr["other"]
			case ok:
				out[k] = tr
			case name == "en.json":
				out[k] = translation{"one": m.english, "other": m.english}
			}
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", filepath.Join(dir, name))
	}
}

// translationWords reads every translation file as key → value.
func translationWords(t *testing.T) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, name := range translationFiles(t) {
		data, err := assets.Translations.ReadFile(path.Join(translationsDir, name))
		if err != nil {
			t.Fatal(err)
		}
		var words map[string]any
		if err := json.Unmarshal(data, &words); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = words
	}
	return out
}

// mustDiffer are keys whose words sit where one could be read as the other:
// the Minimal Mode banner's "Turn off" beside dialogs' "Close" (Turkish
// "Kapat" for both read as "dismiss the banner").
var mustDiffer = [][2]string{{"Turn off", "Close"}}

func TestTranslationsKeepDistinctActionsApart(t *testing.T) {
	for name, words := range translationWords(t) {
		for _, pair := range mustDiffer {
			if a, b := words[pair[0]], words[pair[1]]; a == b {
				t.Errorf("%s: %q and %q are both %q", name, pair[0], pair[1], a)
			}
		}
	}
}
