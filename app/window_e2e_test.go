// SPDX-License-Identifier: Apache-2.0

//go:build linux

package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"memo.dev/projects/internal/privatebus"
)

// The real window: the built binary under a private Xvfb, driven with xdotool
// and photographed with ImageMagick (TESTING.md, "The real window under Xvfb").

// windowWait bounds every wait for the window; a run takes a few seconds.
const windowWait = 10 * time.Second

// TestWindowSetupQuestion answers "Set up Memo for this project?" each of the
// three ways from the keyboard and checks what each answer left on disk.
func TestWindowSetupQuestion(t *testing.T) {
	display := startXvfb(t)
	colors := darkColors(t)

	tests := []struct {
		name string
		keys []string // what is typed once the question shows
		// check looks at the folder and the registry after the answer.
		check func(t *testing.T, w *window)
	}{
		{"SetUp", []string{"Return"}, checkSetUp},
		{"NotNow", []string{"Escape"}, checkNotNow},
		// One Tab: the dialog is a modal overlay with its own focus chain, which
		// starts with nothing focused; its body holds only labels and icons,
		// which take no focus, so the first Tab lands on the first of the
		// buttons (left to right: Never for this folder, Not now, Set up).
		// Checked on screenshots: Tab 1 highlights "Never for this folder",
		// Tab 2 "Not now". Space presses the focused button.
		{"Never", []string{"Tab", "space"}, checkNever},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := openWindow(t, display, colors, t.TempDir())
			w.waitFor(screenModal, "the setup question")
			w.shot(tt.name + "-before")
			w.typeKeys(tt.keys...)
			tt.check(t, w)
			w.waitFor(screenPlain, "the window without a dialog")
			w.shot(tt.name + "-after")
		})
	}

	// Clicks on list rows select them in the real window: the test driver
	// cannot show how GLFW dispatches clicks (a row that handles right
	// clicks is given the left clicks too).
	t.Run("ClickRows", func(t *testing.T) {
		w := openWindow(t, display, colors, t.TempDir())
		w.waitFor(screenModal, "the setup question")
		w.typeKeys("Escape")
		// Rows are 46 px from y 97: Global memory, then the opened folder,
		// which opening selects once the list has reloaded (a frame or more
		// after the dialog closes). Sample each row's empty top strip.
		global, folder := image.Pt(200, 103), image.Pt(200, 149)
		var selected, plain color.Color
		w.poll(func() string {
			return fmt.Sprintf("the opened folder's row to look selected (%v vs %v)", selected, plain)
		}, func() bool {
			img := w.waitFor(screenPlain, "the window without a dialog")
			selected, plain = img.At(folder.X, folder.Y), img.At(global.X, global.Y)
			return !near(selected, plain)
		})
		for _, step := range []struct {
			name     string
			click, o image.Point
		}{{"Global memory", global, folder}, {"the folder", folder, global}} {
			if _, err := w.x("xdotool", "mousemove", "--window", w.id, fmt.Sprint(step.click.X), fmt.Sprint(step.click.Y+15), "click", "1"); err != nil {
				w.fatalf("%v", err)
			}
			w.poll(func() string { return "the click on " + step.name + " to select it" }, func() bool {
				img := w.waitFor(screenPlain, "the window")
				return near(img.At(step.click.X, step.click.Y), selected) && near(img.At(step.o.X, step.o.Y), plain)
			})
		}
		w.shot("ClickRows-after")
	})

	t.Run("ForeignMemo", func(t *testing.T) {
		dir := t.TempDir()
		foreign := filepath.Join(dir, ".memo", "theirs.txt")
		os.Mkdir(filepath.Dir(foreign), 0o755)
		if err := os.WriteFile(foreign, []byte("not Memo's\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		w := openWindow(t, display, colors, dir)
		w.waitFor(screenModal, `the refusal "Memo can't use this folder"`)
		w.shot("ForeignMemo-refused")
		// The screen cannot be read here (no OCR): the app, run with
		// MEMO_TRACE_DIALOGS=1, prints each dialog's title and text.
		var said string
		w.poll(func() string { return "the refusal's text on stderr, got " + strconv.Quote(said) }, func() bool {
			said = dialogLine(w.output.String())
			return said != ""
		})
		if want := "dialog: Memo can't use this folder: "; !strings.HasPrefix(said, want) || !strings.Contains(said, ".memo") || !strings.Contains(said, dir) {
			w.fatalf("the dialog over the foreign folder says %q, want %q with the reason (naming .memo) and the folder %s", said, want+"…", dir)
		}
		// Escape closes it, as every dialog.
		w.typeKeys("Escape")
		w.waitFor(screenPlain, "the window without the refusal after Escape")
		if got := tree(t, dir); !slices.Equal(got, []string{".memo/", ".memo/theirs.txt"}) {
			t.Errorf("the refused folder now holds %q, want only the foreign .memo/theirs.txt", got)
		}
		if b, _ := os.ReadFile(foreign); string(b) != "not Memo's\n" {
			t.Errorf("the foreign .memo/theirs.txt was changed: %q", b)
		}
		if r := w.cli.run("status", dir); r.code != 0 || r.obj["allowed"] != false || r.str("id") != "" {
			t.Errorf("status of the refused folder = %d %s, want allowed false and no id", r.code, r.stdout)
		}
	})
}

// TestWindowPolish drives the real window (docs/window.md §1, §3): the layout
// holds with a long name and a note, Ctrl+O works from the filter box, and
// Escape closes an error dialog.
func TestWindowPolish(t *testing.T) {
	display := startXvfb(t)
	colors := darkColors(t)

	t.Run("LongNameKeepsWindowAndList", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), strings.Repeat("a-really-long-project-name-", 5))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		w := openWindow(t, display, colors, dir, func(c *binaryCLI) {
			if r := c.run("setup", dir); r.code != 0 {
				t.Fatalf("setup: %d %s", r.code, r.stdout)
			}
			os.Remove(filepath.Join(dir, ".memo", "notes.md")) // a note and Complete setup in the header
		})
		w.waitFor(screenPlain, "the long-named project")
		// Whatever the header shows while and after it loads, the window
		// keeps its size: watch it for a while.
		for end := time.Now().Add(1500 * time.Millisecond); time.Now().Before(end); {
			if got := w.geometry(); got != "800x528" {
				w.fatalf("the window is %s after showing a long-named project with a note, want 800x528 (ui.smallScreen)", got)
			}
			time.Sleep(100 * time.Millisecond)
		}
		// The opened folder's row (selected once the list has loaded) is
		// highlighted across the list's minimum width (270 px); the Global
		// memory row is not.
		var row, edge, plain color.Color
		w.poll(func() string {
			return fmt.Sprintf("a list at least 270 px wide with the project selected: the selected row's color %v at x 200, %v at x 262 (plain %v)", row, edge, plain)
		}, func() bool {
			img := w.waitFor(screenPlain, "the window")
			row, edge, plain = img.At(200, 149), img.At(262, 149), img.At(200, 103)
			return !near(row, plain) && near(edge, row)
		})
		w.shot("LongName")
	})

	t.Run("CtrlOFromTheFilter", func(t *testing.T) {
		dir := t.TempDir()
		w := openWindow(t, display, colors, dir)
		w.waitFor(screenModal, "the setup question")
		w.typeKeys("Escape")
		w.waitFor(screenPlain, "the window without a dialog")
		// Click into the filter box (it takes the keyboard), then Ctrl+O.
		if _, err := w.x("xdotool", "mousemove", "--window", w.id, "150", "74", "click", "1"); err != nil {
			w.fatalf("%v", err)
		}
		w.typeKeys("g", "ctrl+o")
		w.waitFor(screenModal, "the folder dialog after Ctrl+O in the filter box")
		w.shot("CtrlO-dialog")
	})

	t.Run("EscapeClosesAnError", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "notes.txt")
		if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		w := openWindow(t, display, colors, file)
		w.waitFor(screenModal, "the error dialog")
		w.shot("Error-dialog")
		var said string
		w.poll(func() string { return "the error's text on stderr, got " + strconv.Quote(said) }, func() bool {
			said = dialogLine(w.output.String())
			return said != ""
		})
		if want := "dialog: Could not open the folder: "; !strings.HasPrefix(said, want) {
			w.fatalf("opening a file says %q, want %q…", said, want)
		}
		w.typeKeys("Escape")
		w.waitFor(screenPlain, "the window without the error after Escape")
	})
}

// geometry is the window's size as xdotool reports it ("800x528").
func (w *window) geometry() string {
	w.t.Helper()
	out, err := w.x("xdotool", "getwindowgeometry", w.id)
	if err != nil {
		w.fatalf("%v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if g, ok := strings.CutPrefix(strings.TrimSpace(line), "Geometry: "); ok {
			return g
		}
	}
	w.fatalf("no geometry in %q", out)
	return ""
}

func checkSetUp(t *testing.T, w *window) {
	want := []string{".memo/", ".memo/.gitignore", ".memo/AGENTS.md", ".memo/notes.md", ".memo/project.json", ".memo/skills/", "AGENTS.md", "handoff.md"}
	w.poll(
		func() string { return fmt.Sprintf("setup to create every file; the folder holds %q", tree(t, w.dir)) },
		func() bool { return slices.Equal(tree(t, w.dir), want) })
	b, err := os.ReadFile(filepath.Join(w.dir, ".memo", "project.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ ID string }
	if err := json.Unmarshal(b, &file); err != nil || file.ID == "" {
		t.Fatalf("project.json = %s (%v), want an id", b, err)
	}
	r := w.cli.run("status", w.dir)
	if r.str("id") != file.ID || r.obj["set_up"] != true || r.obj["enabled"] != true {
		t.Errorf("status after Set up = %s, want set up, enabled, id %s (project.json)", r.stdout, file.ID)
	}
}

func checkNotNow(t *testing.T, w *window) {
	// Not now writes nothing: the dialog going away is the only sign that the
	// key arrived. Nothing may stick: the question is asked again next time.
	w.waitFor(screenPlain, "the setup question to close")
	if got := tree(t, w.dir); len(got) != 0 {
		t.Errorf("Not now wrote into the folder: %q", got)
	}
	r := w.cli.run("status", w.dir)
	if r.obj["should_ask"] != true || r.obj["declined"] != false || r.obj["set_up"] != false {
		t.Errorf("status after Not now = %s, want should_ask true, not declined, not set up", r.stdout)
	}
}

func checkNever(t *testing.T, w *window) {
	var r result
	w.poll(func() string { return `"Never for this folder" to be recorded: status = ` + r.stdout }, func() bool {
		r = w.cli.run("status", w.dir)
		return r.obj["declined"] == true
	})
	if r.obj["should_ask"] != false || r.obj["set_up"] != false {
		t.Errorf("status after Never = %s, want should_ask false, not set up", r.stdout)
	}
	if got := tree(t, w.dir); len(got) != 0 {
		t.Errorf("Never wrote into the folder: %q", got)
	}
}

// tree lists a folder's contents as slash paths, folders ending in "/".
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatalf("listing %s: %v", dir, err)
	}
	return out
}

// startXvfb starts a private X server and returns its display (":N"). The
// test never uses the caller's DISPLAY, so it runs the same from a terminal,
// over ssh or in CI.
func startXvfb(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"Xvfb", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed; `make test` installs what the window tests need (xvfb xauth xdotool imagemagick libgl1-mesa-dri)", tool)
		}
	}
	// -displayfd: Xvfb picks a free display and writes its number on fd 3.
	// -noreset: by default the server resets when its last client leaves (the
	// app, between two subtests) and refuses connections while it does.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var log syncBuffer
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stdout, cmd.Stderr = &log, &log
	err = cmd.Start()
	w.Close()
	if err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() { terminate(cmd, exited) })

	number := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		number <- strings.TrimSpace(line)
	}()
	select {
	case n := <-number:
		if n == "" {
			<-exited
			t.Fatalf("Xvfb did not start:\n%s", log.String())
		}
		return ":" + n
	case <-time.After(windowWait):
		t.Fatalf("Xvfb gave no display number in %v:\n%s", windowWait, log.String())
	}
	return ""
}

// terminate stops a process with SIGTERM, then SIGKILL if it lingers.
func terminate(cmd *exec.Cmd, exited <-chan struct{}) {
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-exited
	}
}

// window is one run of `memo-projects open DIR` with its own data home, HOME
// and Fyne preferences.
type window struct {
	t       *testing.T
	cli     *binaryCLI
	dir     string
	display string
	colors  screenColors
	env     []string // the app's environment
	cmd     *exec.Cmd
	exited  chan struct{}
	output  syncBuffer
	stop    sync.Once
	id      string // the X window id
	shots   string // where shot saves
}

func openWindow(t *testing.T, display string, colors screenColors, dir string, prepare ...func(c *binaryCLI)) *window {
	t.Helper()
	return openWindowIn(t, display, colors, dir, privateSession(t), prepare...)
}

// openWindowIn is openWindow with session: the variables that give the app
// its session bus and runtime folder.
func openWindowIn(t *testing.T, display string, colors screenColors, dir string, session []string, prepare ...func(c *binaryCLI)) *window {
	t.Helper()
	c := newCLI(t)
	for _, p := range prepare {
		p(c) // in the app's data folder, before it starts
	}
	w := &window{t: t, cli: c, dir: dir, display: display, colors: colors, exited: make(chan struct{}), shots: t.TempDir()}
	w.env = append(append(baseEnv(display), session...),
		"MEMO_HOME="+c.home,
		"HOME="+c.user,
		"XDG_CONFIG_HOME="+filepath.Join(c.user, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(c.user, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(c.user, ".local", "share"),
		"LANG=en_US.UTF-8",
		"FYNE_THEME=dark", // the colors screenState compares with
		"MEMO_TRACE_DIALOGS=1",
	)
	w.cmd = exec.Command(binary, "open", dir)
	w.cmd.Env = w.env
	w.cmd.Stdout, w.cmd.Stderr = &w.output, &w.output
	if err := w.cmd.Start(); err != nil {
		t.Fatalf("starting %s open %s: %v", binary, dir, err)
	}
	go func() { w.cmd.Wait(); close(w.exited) }()
	t.Cleanup(w.close) // the app has no quit command

	ctx, cancel := context.WithTimeout(context.Background(), windowWait)
	defer cancel()
	go func() {
		select {
		case <-w.exited: // no window will come
			cancel()
		case <-ctx.Done():
		}
	}()
	start := time.Now()
	search := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Memo Projects$")
	search.Env = w.env
	out, err := search.Output()
	ids := strings.Fields(string(out))
	if err != nil || len(ids) == 0 {
		w.fatalf("no visible window titled \"Memo Projects\" after %v (%v)", time.Since(start).Round(time.Millisecond), err)
	}
	w.id = ids[0]
	t.Logf("window %s mapped %v after start", w.id, time.Since(start).Round(time.Millisecond))
	return w
}

// privateSession starts a session bus of the test's own (privatebus), in a
// runtime folder of its own, and returns the variables that name them, so
// the window looks the same everywhere and nothing outlives the test.
func privateSession(t *testing.T) []string {
	t.Helper()
	address, runtime := privatebus.Start(t)
	return []string{"DBUS_SESSION_BUS_ADDRESS=" + address, "XDG_RUNTIME_DIR=" + runtime}
}

// baseEnv is this process's environment without what would reach the
// caller's desktop, plus DISPLAY.
func baseEnv(display string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "DISPLAY", name == "WAYLAND_DISPLAY", name == "XAUTHORITY", name == "LANGUAGE",
			strings.HasPrefix(name, "DBUS_"), strings.HasPrefix(name, "AT_SPI_"),
			name == "HOME", name == "MEMO_HOME", name == "FYNE_THEME", name == "FYNE_SCALE",
			strings.HasPrefix(name, "XDG_"), strings.HasPrefix(name, "LC_"):
			continue
		}
		env = append(env, kv)
	}
	return append(env, "DISPLAY="+display)
}

func (w *window) close() {
	w.stop.Do(func() { terminate(w.cmd, w.exited) })
}

// fatalf stops the app and fails with what it printed.
func (w *window) fatalf(format string, args ...any) {
	w.t.Helper()
	w.shot(strings.ReplaceAll(w.t.Name(), "/", "-") + "-failed")
	w.close()
	w.t.Fatalf("%s\napp output:\n%s", fmt.Sprintf(format, args...), w.output.String())
}

// x runs an X tool on the test's display.
func (w *window) x(name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), windowWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = w.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// typeKeys gives the window the keyboard and types keys (xdotool names).
// There is no window manager: windowactivate fails, windowfocus works.
// The keys go through XTEST to the focused window, 100 ms apart: sent to
// the window (xdotool key --window, XSendEvent) or at xdotool's pace,
// keys were now and then lost or doubled.
func (w *window) typeKeys(keys ...string) {
	w.t.Helper()
	w.focus(w.id)
	if _, err := w.x("xdotool", append([]string{"key", "--delay", "100"}, keys...)...); err != nil {
		w.fatalf("%v", err)
	}
}

// focus gives the window id the keyboard, unless it has it already: a
// focus change to the window that has it makes the toolkit drop a key now
// and then.
func (w *window) focus(id string) {
	w.t.Helper()
	if out, err := w.x("xdotool", "getwindowfocus"); err == nil && strings.TrimSpace(string(out)) == id {
		return
	}
	if _, err := w.x("xdotool", "windowfocus", "--sync", id); err != nil {
		w.fatalf("%v", err)
	}
}

// shot saves the whole screen as name.png in the test's temporary folder and,
// when MEMO_E2E_SHOTS names a folder, there too for a person to look at.
func (w *window) shot(name string) {
	w.t.Helper()
	path := filepath.Join(w.shots, name+".png")
	if _, err := w.x("import", "-window", "root", path); err != nil {
		w.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if dir := os.Getenv("MEMO_E2E_SHOTS"); dir != "" {
		b, err := os.ReadFile(path)
		if err == nil {
			err = os.MkdirAll(dir, 0o755)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
		}
		if err != nil {
			w.t.Errorf("copying screenshot %s to MEMO_E2E_SHOTS: %v", name, err)
		}
	}
}

// poll calls done every 50 ms until it says true; it fails after windowWait,
// saying what it waited for.
func (w *window) poll(what func() string, done func() bool) {
	w.t.Helper()
	deadline := time.Now().Add(windowWait)
	for !done() {
		if time.Now().After(deadline) {
			w.fatalf("waited %v for %s", windowWait, what())
		}
		select {
		case <-w.exited:
			w.fatalf("the app exited while waiting for %s", what())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// waitFor captures the window until it shows state, and returns that capture.
func (w *window) waitFor(want screenState, what string) image.Image {
	w.t.Helper()
	var img image.Image
	var got screenState
	w.poll(func() string { return fmt.Sprintf("%s: the window shows %s", what, got) }, func() bool {
		out, err := w.x("import", "-window", w.id, "png:-")
		if err != nil {
			w.t.Logf("capturing the window: %v", err)
			return false
		}
		if img, err = png.Decode(bytes.NewReader(out)); err != nil {
			w.t.Logf("decoding the capture: %v", err)
			return false
		}
		got = w.colors.state(img)
		return got == want
	})
	return img
}

// screenState is what the window shows, read from its corners: they are bare
// window background in any layout, and a modal dialog's underlay dims the
// whole window but the dialog.
type screenState int

const (
	screenOther screenState = iota // not drawn yet, or something else
	screenPlain                    // no dialog
	screenModal                    // a modal dialog is up
)

func (s screenState) String() string {
	return [...]string{"something unknown (not drawn yet?)", "no dialog", "a dialog"}[s]
}

// screenColors are the colors of Fyne's dark theme (FYNE_THEME=dark) as the
// window paints them.
type screenColors struct {
	background color.Color // the window's background
	dimmed     color.Color // the background under a modal dialog's underlay
}

func darkColors(t *testing.T) screenColors {
	test.NewTempApp(t) // the built-in theme asks the current app for its primary color
	th := theme.DefaultTheme()
	c := func(n fyne.ThemeColorName) color.Color { return th.Color(n, theme.VariantDark) }
	bg := c(theme.ColorNameBackground)
	return screenColors{background: bg, dimmed: over(c(theme.ColorNameShadow), bg)}
}

// over paints top over an opaque bottom.
func over(top, bottom color.Color) color.Color {
	tr, tg, tb, ta := top.RGBA() // alpha-premultiplied
	br, bg, bb, _ := bottom.RGBA()
	mix := func(t, b uint32) uint8 { return uint8((t + b*(0xffff-ta)/0xffff) >> 8) }
	return color.RGBA{mix(tr, br), mix(tg, bg), mix(tb, bb), 0xff}
}

// near reports whether two colors differ by at most 3 in every channel.
func near(a, b color.Color) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) bool { return max(x, y)-min(x, y) <= 3<<8 }
	return d(ar, br) && d(ag, bg) && d(ab, bb)
}

func (c screenColors) state(img image.Image) screenState {
	r := img.Bounds()
	corners := []image.Point{{r.Min.X + 2, r.Min.Y + 2}, {r.Max.X - 3, r.Min.Y + 2}, {r.Min.X + 2, r.Max.Y - 3}, {r.Max.X - 3, r.Max.Y - 3}}
	all := func(want color.Color) bool {
		for _, p := range corners {
			if !near(img.At(p.X, p.Y), want) {
				return false
			}
		}
		return true
	}
	switch {
	case all(c.background):
		return screenPlain
	case all(c.dimmed):
		return screenModal
	}
	return screenOther
}

// dialogLine is the first "dialog: …" line the app printed, or "".
func dialogLine(output string) string {
	for _, line := range strings.Split(output, "\n") {
		if strings.HasPrefix(line, "dialog: ") {
			return line
		}
	}
	return ""
}

// syncBuffer collects a process's output while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

var _ io.Writer = (*syncBuffer)(nil)

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
