// SPDX-License-Identifier: Apache-2.0

package domain

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"syscall"
	"testing"
)

// TestDetail: a library's or the system's error given to Because is the
// cause (errors.Is finds it and the kind) and its words are the detail,
// never the sentence; wrapping keeps the detail; a sentence that says all
// has none.
func TestDetail(t *testing.T) {
	_, parse := strconv.Atoi("x")
	path := &fs.PathError{Op: "mkdir", Path: "/a/b", Err: syscall.EACCES}
	tests := []struct {
		name     string
		err      error
		sentence string
		detail   string
		kind     Kind
		cause    error
	}{
		{"Because", Because(ErrInvalid, parse, "--limit takes a whole number, not %q", "x"), `--limit takes a whole number, not "x"`, parse.Error(), KindInvalid, strconv.ErrSyntax},
		{"Text.Because", T("cannot create {{.Path}}", "Path", "/a/b").Because(ErrRefused, path), "cannot create /a/b", path.Error(), KindForbidden, fs.ErrPermission},
		{"wrapped in more words", fmt.Errorf("opening: %w", Because(ErrConflict, parse, "busy")), "opening: busy", parse.Error(), KindConflict, strconv.ErrSyntax},
		{"a sentence around a sentence", T("{{.What}} failed", "What", "x").Wrap(ErrInternal, Because(ErrInternal, path, "inner")), "x failed", path.Error(), KindInternal, fs.ErrPermission},
		{"Because of a domain error keeps its detail", Because(ErrInvalid, Because(ErrInvalid, parse, "inner"), "outer"), "outer", parse.Error(), KindInvalid, strconv.ErrSyntax},
		{"Because of a domain sentence has no detail", Because(ErrInvalid, Invalid("inner"), "outer"), "outer", "", KindInvalid, ErrInvalid},
		{"no cause", Invalid("plain"), "plain", "", KindInvalid, nil},
		{"not a domain error", parse, parse.Error(), "", KindInternal, nil},
		{"nil", nil, "", "", "", nil},
	}
	for _, tt := range tests {
		got := ""
		if tt.err != nil {
			got = tt.err.Error()
		}
		if got != tt.sentence || DetailOf(tt.err) != tt.detail || KindOf(tt.err) != tt.kind {
			t.Errorf("%s: %q (detail %q, kind %s), want %q (detail %q, kind %s)", tt.name, got, DetailOf(tt.err), KindOf(tt.err), tt.sentence, tt.detail, tt.kind)
		}
		if tt.cause != nil && !errors.Is(tt.err, tt.cause) {
			t.Errorf("%s: errors.Is(%v) lost the cause %v", tt.name, tt.err, tt.cause)
		}
	}
}

// TestReasonOf: a refusal's code and values are found through any wrapping.
func TestReasonOf(t *testing.T) {
	r := Refusal("home", map[string]string{"folder": "/h"}, T("This is your home folder."))
	tests := []struct {
		name string
		err  error
		code string
	}{
		{"a refusal", r, "home"},
		{"wrapped", fmt.Errorf("setup: %w", r), "home"},
		{"the cause of a sentence", T("cannot open").Wrap(ErrRefused, r), "home"},
		{"no code", Refused("no"), ""},
		{"nil", nil, ""},
	}
	for _, tt := range tests {
		code, args := ReasonOf(tt.err)
		if code != tt.code || (code != "" && args["folder"] != "/h") {
			t.Errorf("ReasonOf(%s) = %q %v, want %q", tt.name, code, args, tt.code)
		}
	}
	if KindOf(r) != KindForbidden || r.Error() != "This is your home folder." {
		t.Errorf("Refusal = %q, kind %s; want its sentence, forbidden", r, KindOf(r))
	}
}

// TestReason: the system's short reason without the operation and path;
// a library's text is never a reason a person reads.
func TestReason(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"a path error", &fs.PathError{Op: "mkdir", Path: "/a/b", Err: syscall.EACCES}, "permission denied"},
		{"a full disk", &fs.PathError{Op: "write", Path: "/a", Err: syscall.ENOSPC}, "no space left on device"},
		{"an errno", syscall.ENOTDIR, "not a directory"},
		{"a wrapped sentinel", fmt.Errorf("open /x/lock: %w", fs.ErrPermission), "permission denied"},
		{"a domain sentence", Invalid("the folder is gone"), "the folder is gone"},
		{"a library's text", errors.New("strconv.ParseInt: parsing \"x\": invalid syntax"), "an unexpected error"},
	}
	for _, tt := range tests {
		if got := Reason(tt.err).String(); got != tt.want {
			t.Errorf("Reason(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
