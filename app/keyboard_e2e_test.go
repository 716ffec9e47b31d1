// SPDX-License-Identifier: Apache-2.0

//go:build linux

package app

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"memo.dev/projects/domain/skills/skillstest"
)

// TestWindowKeyboard drives the window with the keyboard alone (xdotool
// under Xvfb): each path of docs/window.md §6, checked
// by what it leaves behind (the registry, the memory pool, the archive
// server's requests, the windows shown).
//
// Each path runs on an X server of its own: after one app had run on a
// display, the next one there now and then lost keys sent with xdotool.
func TestWindowKeyboard(t *testing.T) {
	colors := darkColors(t)

	// The fallback folder dialog (no portal on the private bus): a typed
	// path and Enter open it; Down goes to the list, Enter there opens the
	// highlighted folder; Escape cancels from the list.
	t.Run("FolderDialog", func(t *testing.T) {
		display := startXvfb(t)
		parent := t.TempDir()
		typed := filepath.Join(parent, "typed")
		listed := []string{filepath.Join(parent, "alpha"), filepath.Join(parent, "beta")}
		for _, d := range append([]string{typed}, listed...) {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		w := openWindow(t, display, colors, typed, func(c *binaryCLI) {
			if r := c.run("decline", typed); r.code != 0 { // opened without a question
				t.Fatalf("decline: %d %s", r.code, r.stdout)
			}
		})
		w.waitFor(screenPlain, "the window")
		// The dialog opens beside the last project: in parent.
		w.typeKeys("ctrl+o")
		w.waitFor(screenModal, "the folder dialog after Ctrl+O")
		w.typeKeys("Down", "Escape")
		w.waitFor(screenPlain, "the window after Escape on the folder list")
		if r := w.cli.run("status", listed[0]); r.str("id") != "" {
			t.Errorf("Escape on the list opened %s: %s", listed[0], r.stdout)
		}
		w.typeKeys("ctrl+o")
		w.waitFor(screenModal, "the folder dialog")
		w.shot("FolderDialog")
		w.typeKeys("Down", "Down", "Return") // the box, then alpha, then beta
		w.waitFor(screenModal, "the setup question for the highlighted folder")
		w.typeKeys("Escape")
		w.waitFor(screenPlain, "the window without the question")
		if r := w.cli.run("status", listed[1]); r.str("id") == "" {
			t.Errorf("Enter on the highlighted beta did not open it: %s", r.stdout)
		}
		if r := w.cli.run("status", listed[0]); r.str("id") != "" {
			t.Errorf("alpha was opened, not the highlighted beta: %s", r.stdout)
		}
		other := t.TempDir()
		w.typeKeys("ctrl+o")
		w.waitFor(screenModal, "the folder dialog")
		w.typeText(other) // the path shown is selected: typing replaces it
		w.typeKeys("Return")
		w.waitFor(screenModal, "the setup question for the typed folder")
		w.typeKeys("Escape")
		w.waitFor(screenPlain, "the window")
		if r := w.cli.run("status", other); r.str("id") == "" {
			t.Errorf("the typed path %s was not opened: %s", other, r.stdout)
		}
	})

	// The Memory tab from the keyboard: Alt+4 focuses the tab, Tab goes to
	// the filter and Add…, Enter opens the editor; Tab leaves the text box
	// (no tab is typed) and Ctrl+Enter saves, trimmed.
	t.Run("MemoryEditor", func(t *testing.T) {
		display := startXvfb(t)
		dir := t.TempDir()
		w := openWindow(t, display, colors, dir, func(c *binaryCLI) {
			if r := c.run("setup", dir); r.code != 0 {
				t.Fatalf("setup: %d %s", r.code, r.stdout)
			}
		})
		w.waitLoaded()
		w.typeKeys("alt+4", "Tab", "Tab", "Return")
		w.waitFor(screenModal, "the memory editor")
		w.typeText("  kept from the keyboard  ")
		w.typeKeys("Tab", "ctrl+Return")
		w.waitFor(screenPlain, "the window after Ctrl+Enter")
		var r result
		w.poll(func() string { return "the memory in the project's pool: " + r.stdout }, func() bool {
			r = w.cli.run("memory", "list", "--project", dir)
			return strings.Contains(r.stdout, `"content":"kept from the keyboard"`)
		})
	})

	// Settings: opened with Ctrl+, (GNOME's key for preferences), closed
	// with Escape and with Ctrl+W.
	t.Run("Settings", func(t *testing.T) {
		display := startXvfb(t)
		dir := t.TempDir()
		w := openWindow(t, display, colors, dir, func(c *binaryCLI) { c.run("decline", dir) })
		w.waitLoaded()
		for _, closeKey := range []string{"Escape", "ctrl+w"} {
			w.typeKeys("ctrl+comma")
			id := w.waitWindow("^Settings$")
			w.keysTo(id, closeKey)
			w.waitGone(id, "Settings after "+closeKey)
		}
	})

	// The skill pick list: a source with two skills lists them with the
	// focus on the list; Down and Enter review the second at once; Escape
	// in the review, with Install focused, closes the dialog unwritten.
	t.Run("SkillPickList", func(t *testing.T) {
		display := startXvfb(t)
		archive := skillstest.Archive(t, "0123abcd", "repo-main",
			skillstest.Entry{Name: "skills/alpha/SKILL.md", Body: "---\nname: alpha\ndescription: First.\n---\nbody\n"},
			skillstest.Entry{Name: "skills/beta/SKILL.md", Body: "---\nname: beta\ndescription: Second.\n---\nbody\n"})
		var requests atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			rw.Write(archive)
		}))
		defer srv.Close()
		dir := t.TempDir()
		w := openWindowIn(t, display, colors, dir, append(privateSession(t), "MEMO_GITHUB_ARCHIVE_BASE="+srv.URL), func(c *binaryCLI) {
			if r := c.run("setup", dir); r.code != 0 {
				t.Fatalf("setup: %d %s", r.code, r.stdout)
			}
		})
		w.waitLoaded()
		w.typeKeys("alt+2", "Tab", "Tab", "space") // the tab, Check for updates, then Add…
		w.waitFor(screenModal, "Add a skill")
		w.typeText("o/repo")
		w.typeKeys("Return")
		w.poll(func() string { return "the first review's download" }, func() bool { return requests.Load() == 1 })
		w.shot("SkillPickList")
		w.typeKeys("Down", "Return")
		w.poll(func() string { return "a review of the highlighted skill after Enter" }, func() bool { return requests.Load() == 2 })
		w.typeKeys("Tab", "Tab", "Escape") // Cancel, Install; Escape on Install
		w.waitFor(screenPlain, "the window after Escape in the review")
		if _, err := os.Stat(filepath.Join(dir, ".memo", "skills", "beta")); !os.IsNotExist(err) {
			t.Errorf("the review installed beta: %v", err)
		}
	})

	// The permissions review at 800×600, from the keyboard: Alt+3 then Tab
	// goes to the review's first part, not to Trust two screens below (two
	// Returns there trusted a file whose diff was never on screen); each
	// Tab after it scrolls the page on; End and Home take a focused part's
	// page to its ends. Alt+2 switches the tabs from a text box.
	t.Run("PermissionsReview", func(t *testing.T) {
		display := startXvfb(t)
		dir := t.TempDir()
		w := openWindow(t, display, colors, dir, func(c *binaryCLI) {
			if r := c.run("setup", dir); r.code != 0 {
				t.Fatalf("setup: %d %s", r.code, r.stdout)
			}
			var rules []string
			for i := range 60 {
				rules = append(rules, fmt.Sprintf("%q", fmt.Sprintf("go test ./pkg%d/...", i)))
			}
			file := "{\n  \"version\": 1,\n  \"allowed_commands\": [\n    " + strings.Join(rules, ",\n    ") + "\n  ],\n  \"allowed_tools\": [\"read_file\"]\n}\n"
			if err := os.WriteFile(filepath.Join(dir, ".memo", "permissions.json"), []byte(file), 0o644); err != nil {
				t.Fatal(err)
			}
		})
		if _, err := w.x("xdotool", "windowsize", "--sync", w.id, "800", "600"); err != nil {
			w.fatalf("%v", err)
		}
		w.waitLoaded()
		trusted := func() bool {
			r := w.cli.run("permissions", dir)
			st, _ := r.obj["status"].(map[string]any)
			return st["trusted"] == true
		}
		w.typeKeys("alt+3")
		w.waitStill("the Permissions tab to load") // it reads the file when first shown
		w.typeKeys("Tab")
		first := w.waitStill("the first Tab")
		w.shot("PermissionsReview-first-tab")
		w.typeKeys("Return", "Return")
		w.waitFor(screenPlain, "the window after two Returns on the first stop")
		if trusted() {
			w.fatalf("Alt+3, Tab and two Returns trusted the file: the first Tab stop was Trust, below the review")
		}
		w.typeKeys("Tab", "Tab")
		second := w.waitStill("two more Tabs")
		w.shot("PermissionsReview-third-tab")
		if sameImage(first, second) {
			w.fatalf("two more Tabs left the page where it was: the review does not scroll with the focus")
		}
		w.typeKeys("End")
		end := w.waitStill("End")
		w.shot("PermissionsReview-end")
		w.typeKeys("Home")
		home := w.waitStill("Home")
		w.shot("PermissionsReview-home")
		if sameImage(end, home) {
			w.fatalf("End and Home on a focused part of the review showed the same screen")
		}
		// From a text box (the Memory tab's filter, the first Tab there),
		// Alt+2 shows the Skills tab: Tab, Tab and Space there open Add a
		// skill (the filter kept Alt+2 to itself: the same keys opened
		// the memory editor).
		w.typeKeys("alt+4", "Tab", "alt+2", "Tab", "Tab", "space")
		w.waitFor(screenModal, "Add a skill after Alt+2 from a text box")
		if strings.Contains(w.output.String(), "dialog: Add a memory") {
			w.fatalf("Alt+2 in the memory filter did not leave the Memory tab: the memory editor opened")
		}
		w.shot("PermissionsReview-alt2-from-box")
		if trusted() {
			t.Error("the file was trusted without Trust being pressed")
		}
	})
}

// waitLoaded waits until the window has loaded its first screen (the
// list, memory.db and the project shown): the app says "loaded".
func (w *window) waitLoaded() {
	w.t.Helper()
	w.poll(func() string { return "the first screen to load" }, func() bool {
		return strings.Contains(w.output.String(), "loaded\n")
	})
	w.waitFor(screenPlain, "the window")
}

// typeText types s into the window as keystrokes.
func (w *window) typeText(s string) {
	w.t.Helper()
	w.focus(w.id)
	if _, err := w.x("xdotool", "type", "--delay", "20", s); err != nil {
		w.fatalf("%v", err)
	}
}

// waitWindow waits for a visible window whose title matches name and
// returns its id.
func (w *window) waitWindow(name string) string {
	w.t.Helper()
	var id string
	w.poll(func() string {
		out, _ := w.x("xdotool", "search", "--name", ".")
		var names []string
		for _, id := range strings.Fields(string(out)) {
			n, _ := w.x("xdotool", "getwindowname", id)
			names = append(names, id+"="+strings.TrimSpace(string(n)))
		}
		return "a window titled " + name + "; there are " + strings.Join(names, ", ")
	}, func() bool {
		out, _ := w.x("xdotool", "search", "--onlyvisible", "--name", name)
		ids := strings.Fields(string(out))
		if len(ids) > 0 {
			id = ids[0]
		}
		return id != ""
	})
	return id
}

// keysTo types keys into the window id. A key that closes the window
// leaves xdotool nothing to send the key's release to: that error is
// ignored (waitGone tells).
func (w *window) keysTo(id string, keys ...string) {
	w.t.Helper()
	w.focus(id)
	w.x("xdotool", append([]string{"key", "--delay", "100"}, keys...)...)
}

// waitGone waits until the window id is no longer shown.
func (w *window) waitGone(id, what string) {
	w.t.Helper()
	w.poll(func() string { return what + " to close" }, func() bool {
		out, _ := w.x("xdotool", "search", "--onlyvisible", "--name", ".")
		return !strings.Contains(" "+strings.Join(strings.Fields(string(out)), " ")+" ", " "+id+" ")
	})
}

// capture is the screen as a PNG image, once the window has drawn (a
// tenth of a second after the last key).
func (w *window) capture() image.Image {
	w.t.Helper()
	time.Sleep(300 * time.Millisecond)
	out, err := w.x("import", "-window", "root", "png:-")
	if err != nil {
		w.fatalf("%v", err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		w.fatalf("decoding the capture: %v", err)
	}
	return img
}

// waitStill waits until two captures a moment apart show the same screen,
// and returns it.
func (w *window) waitStill(what string) image.Image {
	w.t.Helper()
	last := w.capture()
	var now image.Image
	w.poll(func() string { return what + " to settle on screen" }, func() bool {
		now = w.capture()
		same := sameImage(last, now)
		last = now
		return same
	})
	return now
}

// sameImage says whether a and b show the same pixels.
func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
