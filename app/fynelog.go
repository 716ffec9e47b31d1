// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
)

// quietFyneLog passes Fyne's log lines (package log) to w, except entries
// that report nothing wrong:
//   - for a language Memo has no translation file for (German, say), every
//     message falls back to English, as meant, and Fyne logs "Translation
//     failure: message … not found in language …" for each;
//   - Fyne rewrites preferences.json in place (truncate, then write) when it
//     quits, and its own file watcher reloads the file in between: "Preferences
//     load error: EOF" after every SIGTERM, about a file that is whole a moment
//     later.
//
// Fyne logs an entry as its reason line, then "  Cause:" and "  At:" lines,
// one Write each (the log package serialises them); a reason line that may be
// harmless is held until its cause is known.
type quietFyneLog struct {
	w    io.Writer
	held []byte // a reason line waiting for its cause
	drop bool   // the entry being written is dropped
}

// harmlessFyne pairs a reason with the cause that makes it harmless: the
// cause line starts with cause and contains also ("" cause: any cause).
func harmlessFyne() [2]struct{ reason, cause, also string } {
	return [...]struct{ reason, cause, also string }{
		{"Fyne error:  Preferences load error:", "  Cause: EOF\n", ""},
		{"Fyne error:  Translation failure", "  Cause: message ", " not found in language "},
	}
}

func (q *quietFyneLog) Write(p []byte) (int, error) {
	cause, at := bytes.Contains(p, []byte("  Cause: ")), bytes.Contains(p, []byte("  At: "))
	if q.held != nil {
		held := q.held
		q.held = nil
		if cause && q.harmless(held, p) {
			q.drop = true
			return len(p), nil
		}
		if _, err := q.w.Write(held); err != nil {
			return 0, err
		}
	}
	if q.drop && (cause || at) {
		return len(p), nil
	}
	q.drop = false
	for _, h := range harmlessFyne() {
		if bytes.Contains(p, []byte(h.reason)) {
			if h.cause == "" {
				q.drop = true
			} else {
				q.held = bytes.Clone(p)
			}
			return len(p), nil
		}
	}
	return q.w.Write(p)
}

func (q *quietFyneLog) harmless(reason, cause []byte) bool {
	line := cause[bytes.Index(cause, []byte("  Cause: ")):]
	for _, h := range harmlessFyne() {
		if h.cause != "" && bytes.Contains(reason, []byte(h.reason)) &&
			bytes.HasPrefix(line, []byte(h.cause)) && bytes.Contains(line, []byte(h.also)) {
			return true
		}
	}
	return false
}

// dropEmptyPreferences removes Fyne's preferences file when it is empty (a
// kill between Fyne's truncate and write leaves it so, and Fyne would log
// "Preferences load error: EOF" at every start); it holds nothing to keep.
func dropEmptyPreferences(dir string) {
	if dir == "" {
		return
	}
	p := filepath.Join(dir, "preferences.json")
	if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		_ = os.Remove(p)
	}
}
