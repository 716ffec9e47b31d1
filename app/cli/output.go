// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// print writes a command's answer: one JSON object, or with --text lines
// for people.
func (f *Factory) print(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if f.text {
		return writeText(f.IO.Out, b)
	}
	_, err = fmt.Fprintf(f.IO.Out, "%s\n", b)
	return err
}

type errorOut struct {
	// Error is the sentence in the person's words; Detail the library's or
	// the system's own text behind it, when there is one (docs/cli.md §3).
	Error  string      `json:"error"`
	Kind   domain.Kind `json:"kind"`
	Detail string      `json:"detail,omitempty"`
	// ReasonCode and ReasonArgs name a refusal's rule and its values, as
	// status does (docs/folders.md §3).
	ReasonCode string            `json:"reason_code,omitempty"`
	ReasonArgs map[string]string `json:"reason_args,omitempty"`
	// Problems lists every problem of an invalid permissions file, each
	// with its place (docs/cli.md §3).
	Problems []permissions.Problem `json:"problems,omitempty"`
}

// Fail reports err (as JSON on stdout, or with --text a sentence on stderr,
// its detail on a second line) and returns the exit status of its kind; the
// window reports what stops it from opening so too.
func (f *Factory) Fail(err error) int {
	kind := domain.KindOf(err)
	sentence, detail := err.Error(), domain.DetailOf(err)
	if f.text {
		fmt.Fprintf(f.IO.ErrOut, "memo-projects: %s\n", terminalText(sentence, false))
		if detail != "" {
			fmt.Fprintf(f.IO.ErrOut, "memo-projects: detail: %s\n", terminalText(detail, false))
		}
	} else {
		out := errorOut{Error: sentence, Kind: kind, Detail: detail}
		out.ReasonCode, out.ReasonArgs = domain.ReasonOf(err)
		if fe := (*permissions.FileError)(nil); errors.As(err, &fe) {
			out.Problems = fe.Problems
		}
		b, _ := json.Marshal(out)
		fmt.Fprintf(f.IO.Out, "%s\n", b)
	}
	return exitCode(kind)
}

// exitCode is the exit status (docs/cli.md §3) for a kind of failure.
func exitCode(k domain.Kind) int {
	switch k {
	case "":
		return 0
	case domain.KindInvalid:
		return 2
	case domain.KindForbidden:
		return 3
	case domain.KindConflict:
		return 4
	case domain.KindNotFound:
		return 5
	}
	return 1
}

// writeText renders a JSON document as indented "key: value" lines in the
// JSON's own field order: lists as "- item" lines, nested objects indented
// under their key, null as "(unknown)" and an empty list as "(none)".
func writeText(w io.Writer, doc []byte) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return err
	}
	var lines []string
	switch v := v.(type) {
	case object:
		lines = objectLines(v)
	case []any:
		lines = listLines(v, false)
	default:
		lines = scalarLines(v, false)
	}
	_, err = io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

// object is a decoded JSON object that keeps its fields in order.
type object []field

type field struct {
	key string
	val any
}

// decodeOrdered decodes one JSON value: object, []any, or a scalar
// (string, json.Number, bool, nil).
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch delim {
	case '{':
		o := object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			o = append(o, field{fmt.Sprint(k), v})
		}
		_, err = dec.Token() // }
		return o, err
	case '[':
		list := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err = dec.Token() // ]
		return list, err
	}
	return nil, errors.New("malformed JSON")
}

// textFields hold text of several lines (a memory, a diff): their line
// breaks are kept. Every other string (a name, a path, a reason) is one line.
var textFields = map[string]bool{"content": true, "diff": true}

func objectLines(o object) []string {
	var out []string
	for _, f := range o {
		key := terminalText(f.key, false)
		sub := valueLines(f.val, textFields[f.key])
		switch f.val.(type) {
		case object, []any:
			if len(sub) == 0 {
				out = append(out, key+": (none)")
				continue
			}
			out = append(out, key+":")
			out = append(out, indent(sub, "  ", "  ")...)
		default:
			out = append(out, strings.TrimSuffix(key+": "+sub[0], " "))
			out = append(out, indent(sub[1:], "  ", "  ")...)
		}
	}
	return out
}

func listLines(list []any, lines bool) []string {
	var out []string
	for _, v := range list {
		sub := valueLines(v, lines)
		if len(sub) == 0 {
			sub = []string{"(none)"}
		}
		out = append(out, indent(sub, "- ", "  ")...)
	}
	return out
}

// valueLines renders v; lines says its strings may hold line breaks.
func valueLines(v any, lines bool) []string {
	switch v := v.(type) {
	case object:
		return objectLines(v)
	case []any:
		return listLines(v, lines)
	}
	return scalarLines(v, lines)
}

func scalarLines(v any, lines bool) []string {
	switch v := v.(type) {
	case nil:
		return []string{"(unknown)"}
	case string:
		return strings.Split(terminalText(v, lines), "\n")
	}
	return []string{fmt.Sprint(v)}
}

// terminalText escapes what a terminal would act on instead of showing: the
// C0 controls (ESC starts sequences that recolour, move the cursor or retitle
// the window; CR returns to overwrite a line; BEL rings), DEL and the C1
// controls, as \x1b, \x7f, \u009b. A folder name or a file from a cloned
// repository can hold any of them. With lines, line feeds and tabs stay.
func terminalText(s string, lines bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case lines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\x%02x", r)
		case r >= 0x80 && r <= 0x9f:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// indent prefixes the first line with first and the others with rest.
func indent(lines []string, first, rest string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		out[i] = p + l
	}
	return out
}

// answer opens the services (read-only for a command that writes nothing),
// runs do and prints its answer.
func (f *Factory) answer(readOnly bool, do func(*datahome.Services) (any, error)) error {
	s, err := f.Services(readOnly)
	if err != nil {
		return err
	}
	defer s.Close()
	out, err := do(s)
	if err != nil {
		return err
	}
	return f.print(out)
}
