// SPDX-License-Identifier: Apache-2.0

// Package strictjson reads JSON that comes from outside Memo (a project's
// files, API bodies, files in the data home) so that what Memo uses is what
// a person reads: keys are matched exactly, a key may appear once in each
// object at every level, two keys of one object may not differ only in
// case, and, with Decode, a key the target does not name is refused.
//
// Why json/v2 and not encoding/json: encoding/json matches keys without
// regard to case and lets a later duplicate win, and its Decoder has no
// option to change either. The typed reading is done by
// github.com/go-json-experiment/json, the mirror of encoding/json/v2 (an
// experiment in Go 1.25 and 1.26, stable in Go 1.27, which this module
// aliases when the experiment is on). It matches names exactly and refuses
// duplicates by default, and rejects unknown members when asked, inside the
// one parser that also fills the values, so no pre-check can disagree with
// the reading. Building with GOEXPERIMENT=jsonv2 is not required. What
// json/v2 does not refuse, two keys that differ only in case, is checked
// here over the same bytes with the same tokenizer (jsontext).
//
// Every error is of kind domain.ErrInvalid, with a sentence naming the key
// and its place and without the library's words; the library's error is
// kept as the cause.
package strictjson

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"memo.dev/projects/domain"
)

// ErrEmpty is the cause of the error for input that holds no JSON value
// (nothing, or only white space), so a reader can say what is missing in
// its own words ("the request has no JSON body").
var ErrEmpty = errors.New("no JSON value")

// Check reports whether b is exactly one JSON value in which no object
// has a key twice or two keys that differ only in case, at any depth.
func Check(b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return domain.T("there is no JSON value").Wrap(domain.ErrInvalid, ErrEmpty)
	}
	dec := jsontext.NewDecoder(bytes.NewReader(b))
	// Each open object or array: its place, and for an object the keys
	// seen so far by their case-folded form; for an array the next index.
	type level struct {
		place  []string
		keys   map[string]string
		index  int
		object bool
	}
	var stack []*level
	var pending string // the key whose value comes next
	values := 0        // top-level values begun
	placeOfValue := func() []string {
		if len(stack) == 0 {
			return nil
		}
		top := stack[len(stack)-1]
		p := append([]string(nil), top.place...)
		if top.object {
			return append(p, pending)
		}
		p = append(p, "["+strconv.Itoa(top.index)+"]")
		top.index++
		return p
	}
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return syntaxError(b, err)
		}
		top := (*level)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		} else if values++; values > 1 {
			return domain.T("there is more after the JSON value").Err(domain.ErrInvalid)
		}
		if kind, n := dec.StackIndex(dec.StackDepth()); top != nil && kind == '{' && n%2 == 1 && tok.Kind() == '"' {
			// A key: the odd tokens of an object.
			key := tok.String()
			fold := foldKey(key)
			if first, ok := top.keys[fold]; ok {
				if first == key {
					return keyError(duplicate, key, "", top.place, nil)
				}
				return keyError(caseVariant, key, first, top.place, nil)
			}
			top.keys[fold] = key
			pending = key
			continue
		}
		switch tok.Kind() {
		case '{':
			stack = append(stack, &level{place: placeOfValue(), keys: map[string]string{}, object: true})
		case '[':
			stack = append(stack, &level{place: placeOfValue()})
		case '}', ']':
			stack = stack[:len(stack)-1]
		default:
			placeOfValue()
		}
	}
	return nil
}

// Decode reads b, which must pass Check, into v: each key must be exactly
// the name of a field of v (its json tag), or a key of a map in v.
func Decode(b []byte, v any) error {
	return decode(b, v, true)
}

// DecodeKnown is Decode for a file whose other keys belong to other
// programs (a package.json): keys v does not name are skipped, still
// matched exactly ("Scripts" is not "scripts", as npm reads it).
func DecodeKnown(b []byte, v any) error {
	return decode(b, v, false)
}

func decode(b []byte, v any, rejectUnknown bool) error {
	if err := Check(b); err != nil {
		return err
	}
	err := json.Unmarshal(b, v, json.RejectUnknownMembers(rejectUnknown))
	if err == nil {
		return nil
	}
	var sem *json.SemanticError
	if !errors.As(err, &sem) {
		return syntaxError(b, err)
	}
	place := placeOf(sem.JSONPointer)
	if errors.Is(sem.Err, json.ErrUnknownName) {
		key := sem.JSONPointer.LastToken()
		parent := place[:max(len(place)-1, 0)]
		if known, ok := fieldFolding(sem.GoType, key); ok {
			return keyError(caseVariant, key, known, parent, err)
		}
		return keyError(unknown, key, "", parent, err)
	}
	want := kindWords(sem.GoType)
	switch {
	case len(place) == 0 && want != nil:
		return domain.T("the JSON value must be {{.Want}}", "Want", *want).Because(domain.ErrInvalid, err)
	case len(place) == 0:
		return domain.T("the JSON value is not of the expected form").Because(domain.ErrInvalid, err)
	case want != nil:
		return domain.T("{{.Place}} must be {{.Want}}", "Place", dotted(place), "Want", *want).Because(domain.ErrInvalid, err)
	}
	return domain.T("{{.Place}} is not of the expected form", "Place", dotted(place)).Because(domain.ErrInvalid, err)
}

// syntaxError words a syntax error by where it is: line and column.
func syntaxError(b []byte, err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return domain.T("the JSON ends before its value is complete").Because(domain.ErrInvalid, err)
	}
	var syn *jsontext.SyntacticError
	if errors.As(err, &syn) {
		if errors.Is(syn.Err, jsontext.ErrDuplicateName) {
			// Check finds duplicates first; this is its backstop.
			place := placeOf(syn.JSONPointer)
			return keyError(duplicate, syn.JSONPointer.LastToken(), "", place[:max(len(place)-1, 0)], err)
		}
		off := min(int(syn.ByteOffset), len(b))
		line := 1 + bytes.Count(b[:off], []byte("\n"))
		col := 1 + len([]rune(string(b[bytes.LastIndexByte(b[:off], '\n')+1:off])))
		return domain.T("the JSON is not valid at line {{.Line}}, column {{.Column}}", "Line", line, "Column", col).Because(domain.ErrInvalid, err)
	}
	return domain.T("the JSON is not valid").Because(domain.ErrInvalid, err)
}

// placeOf is a JSON pointer as the parts of a place: a key, or [N] for a
// token that is an array index.
func placeOf(p jsontext.Pointer) []string {
	var parts []string
	for tok := range p.Tokens() {
		if _, err := strconv.Atoi(tok); err == nil && tok != "" && (tok == "0" || tok[0] != '0') {
			parts = append(parts, "["+tok+"]")
			continue
		}
		parts = append(parts, tok)
	}
	return parts
}

type keyProblem int

const (
	duplicate keyProblem = iota
	caseVariant
	unknown
)

// keyError words a problem with key in the object at place (nil: the
// top level); other is the key it differs from only in case.
func keyError(problem keyProblem, key, other string, place []string, cause error) error {
	var t domain.Text
	k, o := strconv.Quote(key), strconv.Quote(other)
	switch {
	case problem == duplicate && len(place) == 0:
		t = domain.T("duplicate key {{.Key}} at the top level", "Key", k)
	case problem == duplicate:
		t = domain.T("duplicate key {{.Key}} in {{.Place}}", "Key", k, "Place", dotted(place))
	case problem == caseVariant && len(place) == 0:
		t = domain.T("key {{.Key}} differs from {{.Other}} only in case, at the top level", "Key", k, "Other", o)
	case problem == caseVariant:
		t = domain.T("key {{.Key}} differs from {{.Other}} only in case, in {{.Place}}", "Key", k, "Other", o, "Place", dotted(place))
	case len(place) == 0:
		t = domain.T("unknown key {{.Key}} at the top level", "Key", k)
	default:
		t = domain.T("unknown key {{.Key}} in {{.Place}}", "Key", k, "Place", dotted(place))
	}
	if cause == nil {
		return t.Err(domain.ErrInvalid)
	}
	return t.Wrap(domain.ErrInvalid, cause)
}

// dotted is a place written as a path: skills.demo, items[2].name.
func dotted(place []string) string {
	var b strings.Builder
	for i, part := range place {
		switch {
		case strings.HasPrefix(part, "["):
			b.WriteString(part)
		case plainKey(part):
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(part)
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(strconv.Quote(part))
		}
	}
	return b.String()
}

func plainKey(s string) bool {
	if s == "" || strings.HasPrefix(s, "[") {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

// foldKey is s with every letter replaced by the smallest letter of its
// case-folding orbit, so two keys fold alike exactly when strings.EqualFold
// (encoding/json's matching) takes them for one.
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		lowest := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			lowest = min(lowest, f)
		}
		b.WriteRune(lowest)
	}
	return b.String()
}

// fieldFolding finds the JSON name of a field of struct type t that key
// differs from only in case.
func fieldFolding(t reflect.Type, key string) (string, bool) {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return "", false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		if f.Anonymous && name == "" {
			if known, ok := fieldFolding(f.Type, key); ok {
				return known, true
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		if name != key && strings.EqualFold(name, key) {
			return name, true
		}
	}
	return "", false
}

// kindWords says what kind of JSON value a Go type reads (nil: no plain word).
func kindWords(t reflect.Type) *domain.Text {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return nil
	}
	var w domain.Text
	switch t.Kind() {
	case reflect.String:
		w = domain.T("a string")
	case reflect.Bool:
		w = domain.T("true or false")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		w = domain.T("a whole number")
	case reflect.Float32, reflect.Float64:
		w = domain.T("a number")
	case reflect.Slice, reflect.Array:
		w = domain.T("a list")
	case reflect.Map, reflect.Struct:
		w = domain.T("an object")
	default:
		return nil
	}
	return &w
}
