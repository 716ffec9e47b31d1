package app

import (
	"errors"
	"fmt"
	"log"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/app/startenv"
	"memo.dev/projects/assets"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/ui"
	"memo.dev/projects/ui/sessionbus"
)

// window opens the main window, with path opened in it when given. It is the
// only code that needs fyne.io/fyne/v2/app (and so cgo).
func (e *env) window(path string) (code int) {
	if err := e.canShowWindow(); err != nil {
		return e.fail(err)
	}
	// The graphics driver panics when it cannot start (no display, no OpenGL):
	// say so in a sentence rather than a stack trace.
	defer func() {
		if r := recover(); r != nil {
			code = e.fail(fmt.Errorf("the window cannot open: %v; the commands (memo-projects help) work without it", r))
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
	log.SetOutput(&quietFyneLog{w: e.stderr})
	dropEmptyPreferences(settingsDir())
	a := fyneapp.NewWithID(AppID)
	// The fonts load on the other core while the store opens and OpenGL
	// starts, not in front of the first frame.
	ui.WarmFonts()
	if err := lang.AddTranslationsFS(assets.Translations, "translations"); err != nil {
		fmt.Fprintf(e.stderr, "memo-projects: translations not loaded, showing English: %v\n", err)
	}
	s, err := e.open(false)
	if err != nil {
		return e.fail(err)
	}
	defer s.Close()
	apiSw := newAPISwitch(apiConfig(s, e), s.settings)
	// The server stops with the window; its switch stays as it was, so it
	// comes back at the next launch.
	defer apiSw.shutdown()
	// The window may run for days: it keeps projects.db's daily copy too.
	defer keepRegistryCopies(s.keepRegistryCopy, time.Hour)()
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	m := ui.NewMainWindow(a, ui.Deps{
		Projects:    s.projects,
		Permissions: s.permissions,
		OpenMemory:  func() (ui.Memories, memory.State) { return openMemory(s.memories) },
		DataDir:     s.paths.Data,
		Backups:     s.allBackups,
		OpenPath:    openPath(childEnv),
		OpenURL:     openURL(childEnv),
		Skills: func() (ui.Skills, error) {
			m, err := s.skills()
			if err != nil {
				return nil, err
			}
			return m, nil
		},
		// Reading 10,000 projects and building the first screen leaves garbage
		// the runtime would hand back to the OS only slowly.
		Loaded: debug.FreeOSMemory,
		Shown:  e.traceDialogs(),
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
func (e *env) traceDialogs() func(title, text string) {
	if e.getenv("MEMO_TRACE_DIALOGS") != "1" {
		return nil
	}
	return func(title, text string) {
		fmt.Fprintf(e.stderr, "dialog: %s: %s\n", title, strings.ReplaceAll(text, "\n", " "))
	}
}

// canShowWindow refuses early where there is clearly no desktop session: on
// Linux and the BSDs a window needs an X11 or Wayland display.
func (e *env) canShowWindow() error {
	switch runtime.GOOS {
	case "windows", "darwin", "android", "ios":
		return nil
	}
	if e.getenv("DISPLAY") == "" && e.getenv("WAYLAND_DISPLAY") == "" {
		return errors.New("the window needs a desktop session, and there is none here (neither DISPLAY nor WAYLAND_DISPLAY is set); the commands work without it: memo-projects help")
	}
	return nil
}
