// SPDX-License-Identifier: Apache-2.0

// Package domain holds the pure services of Memo Projects and the error kinds
// they share with every interface (CLI exit codes, HTTP status codes).
package domain

import (
	"errors"
	"fmt"
)

// The kinds of failure a caller can act on. Check them with errors.Is.
var (
	ErrInvalid  = errors.New("invalid input")
	ErrRefused  = errors.New("refused")
	ErrConflict = errors.New("conflict")
	ErrNotFound = errors.New("not found")
	// ErrInternal is nobody's input (a damaged file, a failing disk): any
	// error of no other kind is internal too.
	ErrInternal = errors.New("internal failure")
)

// Kind names a kind of failure as the command line and the HTTP API print it
// (docs/cli.md §3: {"error": "...", "kind": "..."}).
type Kind string

const (
	KindInvalid   Kind = "invalid"
	KindForbidden Kind = "forbidden"
	KindConflict  Kind = "conflict"
	KindNotFound  Kind = "not_found"
	KindInternal  Kind = "internal"
)

// KindOf tells the kind of an error: the one every interface reports and maps
// to its own code (exit status, HTTP status). An error of no known kind is
// internal.
func KindOf(err error) Kind {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrInvalid):
		return KindInvalid
	case errors.Is(err, ErrRefused):
		return KindForbidden
	case errors.Is(err, ErrConflict):
		return KindConflict
	case errors.Is(err, ErrNotFound):
		return KindNotFound
	}
	return KindInternal
}

// Error is a failure of a known kind with a sentence a person understands,
// and the underlying cause when there is one (fs.ErrNotExist …).
type Error struct {
	Kind  error
	Msg   string
	Cause error
	// Text, when set, is Msg with its values kept apart, for an interface
	// that words it in its reader's language (made by Text.Err, Text.Wrap).
	Text Text
	// Detail is the technical text behind the sentence: a library's or the
	// system's own words (strconv.ParseInt: …, file is not a database (26)),
	// for a report or a bug. It is never part of Msg (docs/cli.md §3: the
	// "detail" field). Made by Because and Text.Because.
	Detail string
	// Code is the stable reason code of a refusal (the guard's, docs/folders.md
	// §3), Args its values, so a script or a window tells refusals apart
	// without reading the sentence ("" for no code).
	Code string
	Args map[string]string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap lets errors.Is match both the kind and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// Invalid reports bad input.
func Invalid(format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Msg: fmt.Sprintf(format, args...)}
}

// Refused reports a folder or action the guard or the rules refuse.
func Refused(format string, args ...any) error {
	return &Error{Kind: ErrRefused, Msg: fmt.Sprintf(format, args...)}
}

// Conflict reports something that exists already, or a resource another
// process holds.
func Conflict(format string, args ...any) error {
	return &Error{Kind: ErrConflict, Msg: fmt.Sprintf(format, args...)}
}

// NotFound reports something that does not exist.
func NotFound(format string, args ...any) error {
	return &Error{Kind: ErrNotFound, Msg: fmt.Sprintf(format, args...)}
}

// Wrap gives err a kind and a sentence, keeping err as the cause so that
// errors.Is still finds it (fs.ErrPermission …). The sentence is all a
// person reads: a library's error belongs in Because, not in the format.
func Wrap(kind error, err error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...), Cause: err}
}

// Because gives cause, a library's or the system's error, a kind and a
// sentence in the person's words; cause's own text becomes the Detail, and
// errors.Is still finds cause.
func Because(kind error, cause error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...), Cause: cause, Detail: detailText(cause)}
}

// Refusal is a refusal with its stable reason code and values (see
// Error.Code), worded by t.
func Refusal(code string, args map[string]string, t Text) error {
	return &Error{Kind: ErrRefused, Msg: t.String(), Text: t, Code: code, Args: args}
}

// DetailOf is the technical text behind err's sentence (Error.Detail of the
// first error in its chain that has one); "" when the sentence says all.
func DetailOf(err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return ""
	}
	for {
		if e.Detail != "" {
			return e.Detail
		}
		if e.Cause == nil || !errors.As(e.Cause, &e) {
			return ""
		}
	}
}

// ReasonOf is the reason code and values of a refusal (Refusal), anywhere in
// err's chain; "" when it has none.
func ReasonOf(err error) (string, map[string]string) {
	var e *Error
	for ok := errors.As(err, &e); ok; ok = e.Cause != nil && errors.As(e.Cause, &e) {
		if e.Code != "" {
			return e.Code, e.Args
		}
	}
	return "", nil
}

// detailText is the technical text of cause as a Detail: the detail it
// carries, or its own words when it is not a domain sentence.
func detailText(cause error) string {
	if cause == nil {
		return ""
	}
	if d := DetailOf(cause); d != "" {
		return d
	}
	var e *Error
	if errors.As(cause, &e) {
		return ""
	}
	return cause.Error()
}
