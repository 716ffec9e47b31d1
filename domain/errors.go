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
// errors.Is still finds it (fs.ErrPermission …).
func Wrap(kind error, err error, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...), Cause: err}
}
