package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"memo.dev/projects/domain"
)

// failure gives a filesystem error its kind where it arises (SPEC §8.2): a
// permission problem or a read-only disk is a refusal, a missing thing is not
// found, anything else internal. The sentence names what Memo was doing and
// the system's short reason, never a temporary file's name.
func failure(err error, format string, args ...any) error {
	return withKind(err, fmt.Sprintf(format, args...)+": "+cause(err))
}

// withKind gives err the kind failure gives it, with msg as its sentence.
func withKind(err error, msg string) error {
	var de *domain.Error
	switch {
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return domain.Wrap(domain.ErrRefused, err, "%s", msg)
	case errors.Is(err, fs.ErrNotExist):
		return domain.Wrap(domain.ErrNotFound, err, "%s", msg)
	case errors.As(err, &de):
		return domain.Wrap(de.Kind, err, "%s", msg)
	}
	return fmt.Errorf("%s: %w", msg, err)
}

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
