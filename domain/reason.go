// SPDX-License-Identifier: Apache-2.0

package domain

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// Reason is the system's short reason inside err, for a sentence that says
// what Memo was doing ("cannot create X: {{.Reason}}"): the words of the
// os package's error without the operation and paths it names ("permission
// denied", not "mkdir /a/b: permission denied"), worded in the window's
// language for the reasons a person meets. An error the domain worded keeps
// its sentence; any other error's text is technical: Reason says only that
// it was unexpected, and Because keeps the text as the detail.
func Reason(err error) Text {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	var errno syscall.Errno
	var c string
	switch {
	case errors.As(err, &pe):
		c = pe.Err.Error()
	case errors.As(err, &le):
		c = le.Err.Error()
	case errors.As(err, &se):
		c = se.Err.Error()
	case errors.As(err, &errno):
		c = errno.Error()
	case errors.Is(err, fs.ErrPermission):
		c = "permission denied"
	case errors.Is(err, fs.ErrNotExist):
		c = "no such file or directory"
	default:
		var e *Error
		if errors.As(err, &e) {
			return Sentence(err)
		}
		return T("an unexpected error")
	}
	switch c {
	case "permission denied":
		return T("permission denied")
	case "operation not permitted":
		return T("operation not permitted")
	case "read-only file system":
		return T("read-only file system")
	case "no space left on device":
		return T("no space left on device")
	case "disk quota exceeded":
		return T("disk quota exceeded")
	case "no such file or directory":
		return T("no such file or directory")
	case "not a directory":
		return T("not a directory")
	case "is a directory":
		return T("is a directory")
	case "file name too long":
		return T("file name too long")
	case "input/output error":
		return T("input/output error")
	}
	if t, ok := TextOf(err); ok && t.String() == c {
		return t
	}
	return Text{Template: "{{.Text}}", Args: map[string]any{"Text": c}}
}
