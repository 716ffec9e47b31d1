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

// withKind gives err the kind failure gives it, with t as its sentence. An
// error of no kind keeps its own words after the sentence.
func withKind(err error, t domain.Text) error {
	var de *domain.Error
	switch {
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return t.Wrap(domain.ErrRefused, err)
	case errors.Is(err, fs.ErrNotExist):
		return t.Wrap(domain.ErrNotFound, err)
	case errors.As(err, &de):
		return t.Wrap(de.Kind, err)
	}
	return domain.T("{{.Sentence}}: {{.Error}}", "Sentence", t, "Error", domain.Sentence(err)).Wrap(errInternal, err)
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

// causeText is cause as a value of a sentence: the system's reasons a person
// meets while Memo writes a project are worded in the window's language;
// any other keeps the system's words.
func causeText(err error) any {
	c := cause(err)
	switch c {
	case "permission denied":
		return domain.T("permission denied")
	case "operation not permitted":
		return domain.T("operation not permitted")
	case "read-only file system":
		return domain.T("read-only file system")
	case "no space left on device":
		return domain.T("no space left on device")
	case "disk quota exceeded":
		return domain.T("disk quota exceeded")
	case "no such file or directory":
		return domain.T("no such file or directory")
	case "not a directory":
		return domain.T("not a directory")
	case "is a directory":
		return domain.T("is a directory")
	case "file name too long":
		return domain.T("file name too long")
	case "input/output error":
		return domain.T("input/output error")
	}
	if t, ok := domain.TextOf(err); ok && t.String() == c {
		return t
	}
	return c
}
