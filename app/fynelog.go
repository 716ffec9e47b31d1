package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
)

// quietFyneLog passes Fyne's log lines (package log) to w, except entries
// that report nothing wrong: the fallback folder dialog logs "Getting
// favorite locations: this computer does not define a VIDEOS folder" each
// time it opens on a desktop without that XDG folder. Fyne logs an entry as
// one line and then its "  Cause:" and "  At:" lines, one Write each (the
// log package serialises them).
type quietFyneLog struct {
	w        io.Writer
	skipping bool
}

// harmlessFyne is the reason of the Fyne entry dropped.
const harmlessFyne = "Fyne error:  Getting favorite locations"

func (q *quietFyneLog) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(harmlessFyne)) {
		q.skipping = true
		return len(p), nil
	}
	if q.skipping && (bytes.Contains(p, []byte("  Cause: ")) || bytes.Contains(p, []byte("  At: "))) {
		return len(p), nil
	}
	q.skipping = false
	return q.w.Write(p)
}

// dropEmptyPreferences removes Fyne's preferences file when it is empty.
// Fyne rewrites it in place (truncate, then write), so a kill between the
// two leaves it empty, and Fyne then logs "Preferences load error: EOF" at
// every start; an empty file holds nothing to keep.
func dropEmptyPreferences(dir string) {
	if dir == "" {
		return
	}
	p := filepath.Join(dir, "preferences.json")
	if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		_ = os.Remove(p)
	}
}
