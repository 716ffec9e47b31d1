// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"

	"memo.dev/projects/domain"
)

// libraryErrors are the classes of library errors a person can meet in the
// window (downloads, the API switch, files, archives, JSON), each as the
// library makes it and wrapped inside a domain error, as the services pass
// them on. rawBits are what must never show in the sentence.
func libraryErrors(t *testing.T) []struct {
	name    string
	err     error
	rawBits []string
} {
	t.Helper()
	refused := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8765}, Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	inUse := &net.OpError{Op: "listen", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8765}, Err: os.NewSyscallError("bind", syscall.EADDRINUSE)}
	timeout := &url.Error{Op: "Get", URL: "https://codeload.github.com/o/r/tar.gz/HEAD", Err: &net.OpError{Op: "dial", Net: "tcp", Err: timeoutErr{}}}
	dns := &url.Error{Op: "Get", URL: "https://codeload.github.com/o/r", Err: &net.DNSError{Err: "no such host", Name: "codeload.github.com", IsNotFound: true}}
	unreachable := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(140, 82, 121, 9), Port: 443}, Err: os.NewSyscallError("connect", syscall.ENETUNREACH)}
	reset := &url.Error{Op: "Get", URL: "https://codeload.github.com/x", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
	var syn *json.SyntaxError
	jsonErr := json.Unmarshal([]byte(`{"a":`), &struct{}{})
	errors.As(jsonErr, &syn)
	_, gzErr := gzip.NewReader(strings.NewReader("not gzip at all"))
	return []struct {
		name    string
		err     error
		rawBits []string
	}{
		{"connection refused", refused, []string{"dial tcp", "connect:", "connection refused"}},
		{"port in use", inUse, []string{"listen tcp", "bind:", "address already in use"}},
		{"timeout", timeout, []string{"Get \"", "i/o timeout"}},
		{"no such host", dns, []string{"lookup", "no such host"}},
		{"network unreachable", unreachable, []string{"dial tcp", "network is unreachable"}},
		{"connection reset", reset, []string{"read:", "connection reset by peer"}},
		{"missing file", &fs.PathError{Op: "open", Path: "/p/.memo/x", Err: syscall.ENOENT}, []string{"open /p", "no such file or directory"}},
		{"permission denied", &fs.PathError{Op: "open", Path: "/p/.memo/x", Err: syscall.EACCES}, []string{"open /p"}},
		{"disk full", &fs.PathError{Op: "write", Path: "/p/.memo/x", Err: syscall.ENOSPC}, []string{"write /p", "no space left on device"}},
		{"read-only disk", &fs.PathError{Op: "open", Path: "/p/.memo/x", Err: syscall.EROFS}, []string{"read-only file system"}},
		{"other file error", &fs.PathError{Op: "rename", Path: "/p/.memo/x", Err: syscall.EXDEV}, []string{"rename /p", "cross-device"}},
		{"bad JSON", jsonErr, []string{"unexpected end of JSON input"}},
		{"bad gzip", gzErr, []string{"gzip: invalid header"}},
		{"bad tar", tar.ErrHeader, []string{"archive/tar"}},
		{"short archive", io.ErrUnexpectedEOF, []string{"unexpected EOF"}},
		{"cancelled", context.Canceled, []string{"context canceled"}},
		{"too slow", context.DeadlineExceeded, []string{"context deadline exceeded"}},
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// TestLibraryErrorsInPlainWords: no library error reaches the window as
// its own text, bare or wrapped in a domain error, in English or Turkish;
// the raw text stays available as the detail.
func TestLibraryErrorsInPlainWords(t *testing.T) {
	check := func(t *testing.T, lang string) map[string]string {
		said := map[string]string{}
		for _, tt := range libraryErrors(t) {
			quoted := domain.T("cannot download from {{.Host}}: {{.Error}}", "Host", "codeload.github.com", "Error", domain.Sentence(tt.err)).Wrap(domain.ErrInvalid, tt.err)
			for _, err := range []error{tt.err, fmt.Errorf("downloading o/r: %w", tt.err), domain.Wrap(domain.ErrConflict, tt.err, "could not write the file: %v", tt.err), quoted} {
				text, detail := plainError(err)
				for _, raw := range tt.rawBits {
					if strings.Contains(text, raw) {
						t.Errorf("%s, %s: %q says the library's own %q", lang, tt.name, text, raw)
					}
				}
				if text == "" {
					t.Errorf("%s, %s: no sentence for %v", lang, tt.name, err)
				}
				if detail != err.Error() {
					t.Errorf("%s, %s: the detail is %q, want the error's own text %q", lang, tt.name, detail, err.Error())
				}
				if err == quoted && !strings.HasPrefix(text, map[string]string{"English": "cannot download from codeload.github.com: ", "Turkish": ""}[lang]) {
					t.Errorf("%s, %s: the domain's sentence around the quoted error is lost: %q", lang, tt.name, text)
				}
				if say(err) != text {
					t.Errorf("%s, %s: say and plainError differ: %q, %q", lang, tt.name, say(err), text)
				}
				if err == tt.err {
					said[tt.name] = text
				}
			}
		}
		return said
	}
	english := check(t, "English")
	if got := english["connection refused"]; got != "Memo could not connect to 127.0.0.1:8765: nothing answers there." {
		t.Errorf("connection refused says %q", got)
	}
	if got := english["missing file"]; got != "/p/.memo/x is not there." {
		t.Errorf("a missing file says %q", got)
	}
	useTurkish(t)
	turkish := check(t, "Turkish")
	for name, en := range english {
		if turkish[name] == en {
			t.Errorf("%s is not translated: %q", name, en)
		}
	}
}

// Our own sentences are kept: a domain template is worded, a plain error
// of the project's keeps its text, with no detail.
func TestPlainErrorKeepsOurSentences(t *testing.T) {
	if text, detail := plainError(domain.Invalid("%s", "the folder is a file")); text != "the folder is a file" || detail != "" {
		t.Errorf("a domain error says %q (detail %q)", text, detail)
	}
	if text, _ := plainError(nil); text != "" {
		t.Errorf("nil says %q", text)
	}
	// A library's words the domain kept apart (domain.Because) are the
	// detail behind Details, never the sentence.
	lib := errors.New("file is not a database (26)")
	err := domain.T("{{.Path}} could not be used", "Path", "/d/projects.db").Because(domain.ErrInvalid, lib)
	if text, detail := plainError(err); text != "/d/projects.db could not be used" || detail != lib.Error() {
		t.Errorf("a sentence with a detail says %q (detail %q), want the sentence and %q behind Details", text, detail, lib)
	}
}

// The error dialog keeps the raw text behind Details, shown on request.
func TestErrorDialogHasDetails(t *testing.T) {
	f := newFixture(t, memoryOn)
	err := fmt.Errorf("downloading: %w", &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8765}, Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)})
	f.m.dialogs.showError("Could not review the skill", err)
	if f.says(f.m.win, "dial tcp") {
		t.Error("the raw error shows before Details")
	}
	f.tap(f.m.win, "Details")
	if !f.says(f.m.win, "dial tcp 127.0.0.1:8765: connect: connection refused") {
		t.Error("Details does not show the error's own text")
	}
}
