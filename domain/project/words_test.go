// SPDX-License-Identifier: Apache-2.0

package project

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/texttest"
)

// TestErrorsKeepTheirEnglish: the project service's errors print exactly the
// English they always printed (the CLI and the API show err.Error()), carry
// that sentence as a Text with its values apart for the window, and keep
// their kind and cause. A system reason inside is a Text of its own where it
// is one a person meets ("permission denied"), and an error's own sentence
// where it is not.
func TestErrorsKeepTheirEnglish(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	badJSON := t.TempDir()
	os.MkdirAll(filepath.Join(badJSON, MemoDir), 0o755)
	os.WriteFile(filepath.Join(badJSON, MemoDir, "project.json"), []byte(`{"kind": "other"}`), 0o644)
	denied := &fs.PathError{Op: "mkdir", Path: filepath.Join(dir, "memo-setup-1"), Err: syscall.EACCES}
	broken := errors.New("the disk is on fire")
	errOf := func(_ any, err error) error { return err }

	tests := []struct {
		name  string
		err   error
		kind  domain.Kind
		cause error
		want  string
		inner string // a Text embedded in the sentence, "" for none
	}{
		{"no folder", errOf(Resolve("")), domain.KindInvalid, nil, "no folder given", ""},
		{"relative", errOf(Resolve("some/where")), domain.KindInvalid, nil, `"some/where" is not an absolute path`, ""},
		{"missing", errOf(Resolve(filepath.Join(dir, "gone"))), domain.KindInvalid, fs.ErrNotExist,
			filepath.Join(dir, "gone") + " does not exist", ""},
		{"a file", errOf(Resolve(file)), domain.KindInvalid, ErrNotFolder, file + " is a file, not a folder", ""},
		{"bad project.json", errOf(readFile(badJSON)), domain.KindInvalid, nil,
			filepath.Join(badJSON, MemoDir, "project.json") + `: project.json has no "kind": "project"`, `project.json has no "kind": "project"`},
		{"cannot create", failure(denied, cannotCreate(filepath.Join(dir, MemoDir), denied)), domain.KindForbidden, fs.ErrPermission,
			"cannot create " + filepath.Join(dir, MemoDir) + ": permission denied; " + dir + " is your own folder but may not be written: make it writable for you, then try again", ""},
		// A library's text is the detail, never the sentence.
		{"internal", failure(broken, cannotCreate(filepath.Join(dir, MemoDir), broken)), domain.KindInternal, broken,
			"cannot create " + filepath.Join(dir, MemoDir) + ": an unexpected error", "an unexpected error"},
		{"copy", withKind(denied, domain.T("{{.Root}} is a copy of the project at {{.Original}}, and its .memo cannot be "+
			"written ({{.Cause}}), so it cannot get an id of its own; project features stay off here until it can",
			"Root", "/b", "Original", "/a", "Cause", causeText(denied))), domain.KindForbidden, fs.ErrPermission,
			"/b is a copy of the project at /a, and its .memo cannot be written (permission denied), so it cannot get an id of its own; " +
				"project features stay off here until it can", "permission denied"},
	}
	for _, tt := range tests {
		texttest.Check(t, tt.name, tt.err, tt.want, tt.kind, tt.inner)
		if tt.cause != nil && tt.err != nil && !errors.Is(tt.err, tt.cause) {
			t.Errorf("%s: %v does not match its cause %v", tt.name, tt.err, tt.cause)
		}
		var pe *fs.PathError
		if errors.As(tt.cause, &pe) || tt.cause == broken {
			if d := domain.DetailOf(tt.err); d != tt.cause.Error() && !(errors.As(tt.err, &pe) && d == pe.Error()) {
				t.Errorf("%s: detail %q, want the cause's own words", tt.name, d)
			}
		}
	}
}

// TestTextFieldsPrintAsBefore: Status.Note and FileState.Reason carry their
// values apart for the window, and print in JSON as the plain English string
// they were (omitted when empty), for the CLI and the API.
func TestTextFieldsPrintAsBefore(t *testing.T) {
	note := domain.T("This folder is a copy of the project at {{.Original}} and has no id of its own yet; "+
		"project features stay off here until opening it gives it one.", "Original", "/a")
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"file, no reason", FileState{Path: ItemRules, State: StatePresent}, `{"path":".memo/AGENTS.md","state":"present"}`},
		{"file, reason", FileState{Path: ItemRules, State: StateUnreadable, Reason: domain.T("{{.Path}} is a symbolic link; Memo reads only plain files from a project", "Path", "/r")},
			`{"path":".memo/AGENTS.md","state":"rules file cannot be read","reason":"/r is a symbolic link; Memo reads only plain files from a project"}`},
		{"status, no note", Status{Root: "/b"}, `{"root":"/b","id":"","name":"","set_up":false,"declined":false,"allowed":false,"reason":"","enabled":false,"should_ask":false}`},
		{"status, note", Status{Root: "/b", Note: note}, `{"root":"/b","id":"","name":"","set_up":false,"declined":false,"allowed":false,"reason":"","enabled":false,"should_ask":false,` +
			`"note":"This folder is a copy of the project at /a and has no id of its own yet; project features stay off here until opening it gives it one."}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.v)
		if err != nil || string(b) != tt.want {
			t.Errorf("%s: %s, %v; want %s", tt.name, b, err, tt.want)
		}
	}
}
