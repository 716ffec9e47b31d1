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
	ErrConflict = errors.New("already exists")
	ErrNotFound = errors.New("not found")
)

// Error is a failure of a known kind with a sentence a person understands,
// and the underlying cause when there is one (fs.ErrNotExist …).
type Error struct {
	Kind  error
	Msg   string
	Cause error
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

// NotFound reports something that does not exist.
func NotFound(format string, args ...any) error {
	return &Error{Kind: ErrNotFound, Msg: fmt.Sprintf(format, args...)}
}
