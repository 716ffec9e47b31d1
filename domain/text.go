// SPDX-License-Identifier: Apache-2.0

package domain

import (
	"errors"
	"strings"
	"text/template"
)

// Text is a sentence for a person with its values kept apart, so that an
// interface can say it in its reader's language: Template is the English
// sentence in text/template form ("{{.Path}} does not exist"), which is also
// the key a translation is looked up by, and Args its values. String is the
// English sentence: what the command line and the HTTP API print.
type Text struct {
	Template string
	Args     map[string]any
}

// T makes a Text from its English template and name/value pairs:
// T("{{.Path}} does not exist", "Path", p).
func T(template string, pairs ...any) Text {
	t := Text{Template: template}
	if len(pairs) > 0 {
		t.Args = make(map[string]any, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			name, _ := pairs[i].(string)
			t.Args[name] = pairs[i+1]
		}
	}
	return t
}

// String renders the sentence in English. A template that does not parse
// or run (a programming error) is returned as it is, values unfilled.
func (t Text) String() string {
	if !strings.Contains(t.Template, "{{") {
		return t.Template
	}
	tmpl, err := template.New("").Parse(t.Template)
	if err != nil {
		return t.Template
	}
	var b strings.Builder
	if err := tmpl.Execute(&b, t.Args); err != nil {
		return t.Template
	}
	return b.String()
}

// IsZero reports an empty Text (for `json:",omitzero"`).
func (t Text) IsZero() bool { return t.Template == "" }

// MarshalText gives the English sentence, so a Text field prints in JSON as
// the plain string it was before it carried its template.
func (t Text) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a sentence back as a Text without values.
func (t *Text) UnmarshalText(b []byte) error {
	*t = Text{Template: string(b)}
	return nil
}

// Err is an error of kind whose sentence is t.
func (t Text) Err(kind error) error { return &Error{Kind: kind, Msg: t.String(), Text: t} }

// Wrap is an error of kind whose sentence is t, with cause kept for errors.Is.
func (t Text) Wrap(kind, cause error) error {
	return &Error{Kind: kind, Msg: t.String(), Text: t, Cause: cause}
}

// Because is an error of kind whose sentence is t, with cause, a library's
// or the system's error, kept for errors.Is and its words as the Detail.
func (t Text) Because(kind, cause error) error {
	return &Error{Kind: kind, Msg: t.String(), Text: t, Cause: cause, Detail: detailText(cause)}
}

// TextOf is the Text an error was made with, if it carries one (a Text's Err
// or Wrap, anywhere in the chain).
func TextOf(err error) (Text, bool) {
	var e *Error
	if errors.As(err, &e) && e.Text.Template != "" {
		return e.Text, true
	}
	return Text{}, false
}

// Sentence is err's sentence as a Text, for a value of another sentence or
// a reason shown on its own: the Text err was made with when that is its
// whole sentence (so the window words it in its reader's language), else its
// own words, unchanged in every language and never read as a template (a
// library's or the system's sentence, or a Text with more said around it).
func Sentence(err error) Text {
	if t, ok := TextOf(err); ok && t.String() == err.Error() {
		return t
	}
	return Text{Template: "{{.Text}}", Args: map[string]any{"Text": err.Error()}}
}
