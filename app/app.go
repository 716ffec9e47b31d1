// Package app wires Memo Projects together: it reads the global flags, opens the
// store, builds the services and answers on the command line or in the window.
package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/persistence"
)

// AppID is the application id of FyneApp.toml; Fyne keeps its settings under it.
const AppID = "dev.memo.projects"

// env is what one run sees of the outside world; tests replace parts of it.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	getwd          func() (string, error)
	now            func() time.Time
	home           string // the data home, after --home / MEMO_HOME / ~/.memo
	text           bool   // --text: sentences for people instead of JSON
}

// Run runs one invocation and returns the process exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, getwd: os.Getwd, now: time.Now}
	return e.run(args)
}

func (e *env) run(args []string) int {
	rest, err := e.globalFlags(args)
	if err != nil {
		return e.fail(err)
	}
	if len(rest) == 0 {
		return e.window("")
	}
	return e.command(rest)
}

// globalFlags takes --home DIR and --text from anywhere before "--".
func (e *env) globalFlags(args []string) ([]string, error) {
	var rest []string
	home := e.getenv("MEMO_HOME")
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--": // what follows is not a flag, even if it looks like one
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case a == "--home":
			if i+1 >= len(args) || args[i+1] == "" {
				return nil, domain.Invalid("--home needs a folder")
			}
			home = args[i+1]
			i++
		case len(a) > 7 && a[:7] == "--home=":
			home = a[7:]
		case a == "--text":
			e.text = true
		default:
			rest = append(rest, a)
		}
	}
	if home == "" {
		userHome, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("cannot find your home folder (set MEMO_HOME or --home): %w", err)
		}
		home = filepath.Join(userHome, ".memo")
	}
	abs, err := e.abs(home)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		return nil, domain.Invalid("the data home %s is a file, not a folder", abs)
	}
	e.home = abs
	return rest, nil
}

// abs resolves a command-line path against the current folder.
func (e *env) abs(p string) (string, error) {
	if p == "" {
		return "", domain.Invalid("no folder given")
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p), nil
	}
	wd, err := e.getwd()
	if err != nil {
		return "", fmt.Errorf("cannot read the current folder: %w", err)
	}
	return filepath.Join(wd, p), nil
}

// settingsDir is where Fyne keeps this app's preferences (the guard refuses
// it): ~/Library/Preferences/fyne/<id> on macOS, <config dir>/fyne/<id> elsewhere,
// as in fyne.io/fyne/v2/internal/app/config_*.go.
func settingsDir() string {
	if runtime.GOOS == "darwin" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		return filepath.Join(home, "Library", "Preferences", "fyne", AppID)
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "fyne", AppID)
}

// services is everything one invocation works with.
type services struct {
	store    *persistence.Store
	projects *project.Service
}

func (e *env) open(readOnly bool) (*services, error) {
	store, err := persistence.Open(e.home, persistence.Options{ReadOnly: readOnly, Now: e.now})
	if err != nil {
		return nil, err
	}
	var dirs []string
	if d := settingsDir(); d != "" {
		dirs = append(dirs, d)
	}
	rules := guard.ForThisMachine(e.home, dirs...)
	return &services{store: store, projects: project.NewService(rules, store.Registry(), store.Settings(), e.now)}, nil
}

func (s *services) Close() error { return s.store.Close() }

// exitCode maps an error kind to SPEC §8.2's exit status.
func exitCode(err error) (int, string) {
	switch {
	case errors.Is(err, domain.ErrInvalid):
		return 2, "invalid"
	case errors.Is(err, domain.ErrRefused):
		return 3, "forbidden"
	case errors.Is(err, domain.ErrConflict):
		return 4, "conflict"
	case errors.Is(err, domain.ErrNotFound):
		return 5, "not_found"
	}
	return 1, "internal"
}
