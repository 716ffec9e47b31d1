// SPDX-License-Identifier: Apache-2.0

package app

import (
	"errors"
	"fmt"
	"io"
	"log"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/app/cli"
	"memo.dev/projects/app/datahome"
	"memo.dev/projects/app/startenv"
	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/ui"
	"memo.dev/projects/ui/sessionbus"
)

// showWindow opens the main window, with path opened in it when given. It is the
// only code that needs fyne.io/fyne/v2/app (and so cgo).
func showWindow(f *cli.Factory, path string) (code int) {
	if err := canShowWindow(f.Getenv); err != nil {
		return f.Fail(err)
	}
	// The graphics driver panics when it cannot start (no display, no OpenGL):
	// say so in a sentence rather than a stack trace.
	defer func() {
		if r := recover(); r != nil {
			code = f.Fail(fmt.Errorf("the window cannot open: %v; the commands (memo-projects help) work without it", r))
		}
	}()
	// Fyne asks the session bus for the theme at start-up (and for
	// notifications, the screensaver): with no bus, godbus would run
	// dbus-launch and leave a daemon behind at every launch.
	// Programs the window starts (the file manager) get the environment Memo
	// was started with: they may start a bus of their own, and read the
	// locale as it was (startenv).
	var childEnv []string
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		sessionbus.Pin()
		childEnv = startenv.Original
	}
	log.SetOutput(&quietFyneLog{w: f.IO.ErrOut})
	dropEmptyPreferences(datahome.SettingsDir(f.UserHome, f.ConfigDir))
	a := fyneapp.NewWithID(datahome.AppID)
	// The fonts load on the other core while the store opens and OpenGL
	// starts, not in front of the first frame.
	ui.WarmFonts()
	if err := lang.AddTranslationsFS(assets.Translations, "translations"); err != nil {
		fmt.Fprintf(f.IO.ErrOut, "memo-projects: translations not loaded, showing English: %v\n", err)
	}
	s, err := f.Services(false)
	if err != nil {
		return f.Fail(err)
	}
	defer s.Close()
	apiSw := newAPISwitch(s.APIConfig(f.Now, func(msg string) { fmt.Fprintf(f.IO.ErrOut, "memo-projects: %s\n", msg) }), s.Settings)
	// The server stops with the window; its switch stays as it was, so it
	// comes back at the next launch.
	defer apiSw.shutdown()
	// The window may run for days: it keeps projects.db's daily copy too.
	defer keepRegistryCopies(s.KeepRegistryCopy, time.Hour)()
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	m := ui.NewMainWindow(a, ui.Deps{
		Projects:    s.Projects,
		Permissions: s.Permissions,
		OpenMemory:  func() (ui.Memories, memory.State) { return openMemory(s.Memories) },
		DataDir:     s.Paths.Data,
		Backups:     s.AllBackups,
		OpenPath:    openPath(childEnv),
		OpenURL:     openURL(childEnv),
		Skills: func() (ui.Skills, error) {
			m, err := s.Skills()
			if err != nil {
				return nil, err
			}
			return m, nil
		},
		// Reading 10,000 projects and building the first screen leaves garbage
		// the runtime would hand back to the OS only slowly.
		Loaded: loaded(f.Getenv, f.IO.ErrOut),
		Shown:  traceDialogs(f.Getenv, f.IO.ErrOut),
		API:    apiSw,
	})
	go apiSw.Resume()
	if path != "" {
		m.OpenFolder(path)
	}
	m.ShowAndRun()
	return 0
}

// openMemory opens memory.db (running the one-time change when due) for the window.
func openMemory(open func() (*memory.Service, error)) (ui.Memories, memory.State) {
	mem, err := open()
	if err != nil {
		st := memory.State{Reason: err.Error()}
		// The window words the sentence in its reader's language when the
		// store made all of it from a template.
		if t, ok := domain.TextOf(err); ok && t.String() == st.Reason {
			st.ReasonText = &t
		}
		return nil, st
	}
	return mem, mem.State()
}

// traceDialogs, with MEMO_TRACE_DIALOGS=1, prints each message dialog's title
// and text to stderr as "dialog: TITLE: TEXT" (one line): the window test
// reads them there, as it cannot read the screen. Normal use stays quiet.
func traceDialogs(getenv func(string) string, stderr io.Writer) func(title, text string) {
	if getenv("MEMO_TRACE_DIALOGS") != "1" {
		return nil
	}
	return func(title, text string) {
		fmt.Fprintf(stderr, "dialog: %s: %s\n", title, strings.ReplaceAll(text, "\n", " "))
	}
}

// loaded returns memory to the OS once the first screen has loaded; with
// MEMO_TRACE_DIALOGS=1 it also prints "loaded" to stderr, so the window
// test types keys only once the project they are meant for is shown.
func loaded(getenv func(string) string, stderr io.Writer) func() {
	trace := getenv("MEMO_TRACE_DIALOGS") == "1"
	return func() {
		debug.FreeOSMemory()
		if trace {
			fmt.Fprintln(stderr, "loaded")
		}
	}
}

// canShowWindow refuses early where there is clearly no desktop session: on
// Linux and the BSDs a window needs an X11 or Wayland display.
func canShowWindow(getenv func(string) string) error {
	switch runtime.GOOS {
	case "windows", "darwin", "android", "ios":
		return nil
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return errors.New("the window needs a desktop session, and there is none here (neither DISPLAY nor WAYLAND_DISPLAY is set); the commands work without it: memo-projects help")
	}
	return nil
}
