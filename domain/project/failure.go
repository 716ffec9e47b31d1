// SPDX-License-Identifier: Apache-2.0

package project

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"memo.dev/projects/domain"
)

// failure gives a filesystem error its kind where it arises (docs/cli.md §3): a
// permission problem or a read-only disk is a refusal, a missing thing is not
// found, anything else internal. The sentence names what Memo was doing and
// the system's short reason (causeText), never a temporary file's name.
func failure(err error, sentence domain.Text) error {
	return withKind(err, sentence)
}

// withKind gives err the kind failure gives it, with t as its sentence and
// err's own text as the detail (domain.Because): t already says the
// system's short reason (causeText) in words a person reads.
func withKind(err error, t domain.Text) error {
	var de *domain.Error
	switch {
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return t.Because(domain.ErrRefused, err)
	case errors.Is(err, fs.ErrNotExist):
		return t.Because(domain.ErrNotFound, err)
	case errors.As(err, &de):
		return t.Because(de.Kind, err)
	}
	return t.Because(errInternal, err)
}

// errInternal is the kind of a failure none of the domain's kinds names (an
// I/O error): domain.KindOf reports it as internal.
var errInternal = errors.New("internal failure")

// cause is the short reason inside an error from the os package ("permission
// denied", "no space left on device"), without the paths it names.
func cause(err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	switch {
	case errors.As(err, &pe):
		return pe.Err.Error()
	case errors.As(err, &le):
		return le.Err.Error()
	case errors.As(err, &se):
		return se.Err.Error()
	}
	return err.Error()
}

// causeText is cause as a value of a sentence (domain.Reason): the
// system's reasons a person meets while Memo writes a project are worded in
// the window's language; a library's text is not a reason a person reads.
func causeText(err error) any { return domain.Reason(err) }
