// SPDX-License-Identifier: Apache-2.0

package domain

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct {
		text Text
		want string
	}{
		{T("plain sentence"), "plain sentence"},
		{T("{{.Path}} does not exist", "Path", "/a b"), "/a b does not exist"},
		{T("{{.N}} of {{.Of}}", "N", 2, "Of", 3), "2 of 3"},
		{T("no {{.Missing}} value"), "no <no value> value"}, // as the window would show it
		{T("{{.Broken"), "{{.Broken"},                       // does not parse: shown as it is
		{T("<b>&{{.X}}</b>", "X", "<i>"), "<b>&<i></b>"},
	}
	for _, tt := range tests {
		if got := tt.text.String(); got != tt.want {
			t.Errorf("%q with %v = %q, want %q", tt.text.Template, tt.text.Args, got, tt.want)
		}
	}
}

func TestTextInJSONIsItsEnglishSentence(t *testing.T) {
	v := struct {
		Reason Text `json:"reason,omitzero"`
		None   Text `json:"none,omitzero"`
	}{Reason: T("{{.Rule}} is refused", "Rule", "rm -rf")}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"reason":"rm -rf is refused"}`; got != want {
		t.Errorf("JSON = %s, want %s", got, want)
	}
}

func TestTextErrors(t *testing.T) {
	tx := T("{{.Path}} is gone", "Path", "/p")
	err := fmt.Errorf("opening: %w", tx.Wrap(ErrNotFound, fs.ErrNotExist))
	if !errors.Is(err, ErrNotFound) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("errors.Is lost the kind or the cause of %v", err)
	}
	if got, ok := TextOf(err); !ok || got.Template != tx.Template || got.Args["Path"] != "/p" {
		t.Errorf("TextOf = %+v, %v; want the Text it was made with", got, ok)
	}
	if got := tx.Err(ErrInvalid).Error(); got != "/p is gone" {
		t.Errorf("Error() = %q, want the English sentence", got)
	}
	if KindOf(tx.Err(ErrRefused)) != KindForbidden {
		t.Error("a Text's error lost its kind")
	}
	if _, ok := TextOf(Invalid("no text")); ok {
		t.Error("TextOf found a Text in an error made without one")
	}
}

func TestSentence(t *testing.T) {
	gone := T("{{.Path}} is gone", "Path", "/p")
	tests := []struct {
		name     string
		err      error
		template string // the Text's template: the error's own, or its words kept as they are
		english  string
	}{
		{"a Text's error", gone.Err(ErrNotFound), gone.Template, "/p is gone"},
		{"wrapped, same sentence", gone.Wrap(ErrNotFound, fs.ErrNotExist), gone.Template, "/p is gone"},
		{"more said around it", fmt.Errorf("opening: %w", gone.Err(ErrNotFound)), "{{.Text}}", "opening: /p is gone"},
		{"the system's", fs.ErrPermission, "{{.Text}}", "permission denied"},
		{"braces in the words", errors.New("bad name {{.Path}} {{"), "{{.Text}}", "bad name {{.Path}} {{"},
		{"an error without a Text", Invalid("no text"), "{{.Text}}", "no text"},
	}
	for _, tt := range tests {
		got := Sentence(tt.err)
		if got.Template != tt.template || got.String() != tt.english {
			t.Errorf("Sentence(%s) = %q (%q), want %q (%q)", tt.name, got.Template, got.String(), tt.template, tt.english)
		}
		if got.String() != tt.err.Error() {
			t.Errorf("Sentence(%s) says %q, the error %q: no word may be lost", tt.name, got.String(), tt.err.Error())
		}
	}
}
