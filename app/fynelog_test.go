// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"log"
	"os"
	"path/filepath"
	"testing"
)

func TestQuietFyneLog(t *testing.T) {
	var out bytes.Buffer
	l := log.New(&quietFyneLog{w: &out}, "", 0)
	l.Println("Fyne error: ", "Preferences load error:")
	l.Println("  Cause:", "EOF")
	l.Printf("  At: %s:%d", "app/preferences.go", 103)
	l.Println("Fyne error: ", "Translation failure")
	l.Println("  Cause:", `message "Set up" not found in language "de"`)
	l.Printf("  At: %s:%d", "lang/lang.go", 73)
	l.Println("Fyne error: ", "Translation failure")
	l.Println("  Cause:", "template: bad")
	l.Println("Fyne error: ", "Preferences load error:")
	l.Println("  Cause:", "EOF in the middle")
	l.Println("Fyne error: ", "Failed to open the window")
	l.Println("  Cause:", "no GL")
	l.Println("Fyne error: ", "Preferences load error:")
	l.Println("  Cause:", "invalid character 'x'")
	want := "Fyne error:  Translation failure\n  Cause: template: bad\n" +
		"Fyne error:  Preferences load error:\n  Cause: EOF in the middle\n" +
		"Fyne error:  Failed to open the window\n  Cause: no GL\n" +
		"Fyne error:  Preferences load error:\n  Cause: invalid character 'x'\n"
	if out.String() != want {
		t.Errorf("logged %q, want only the real error %q", out.String(), want)
	}
}

func TestDropEmptyPreferences(t *testing.T) {
	for _, c := range []struct {
		content string
		kept    bool
	}{{"", false}, {`{"project.last":"/p"}`, true}, {"{", true}} {
		dir := t.TempDir()
		p := filepath.Join(dir, "preferences.json")
		if err := os.WriteFile(p, []byte(c.content), 0o600); err != nil {
			t.Fatal(err)
		}
		dropEmptyPreferences(dir)
		if _, err := os.Stat(p); (err == nil) != c.kept {
			t.Errorf("preferences %q: kept=%v, want %v", c.content, err == nil, c.kept)
		}
	}
}
