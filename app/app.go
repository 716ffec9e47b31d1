// Package app wires Memo Projects together: it reads the command line, opens
// the store, builds the services and answers on the command line or in the
// window.
package app

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/skills"
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
	userHome       func() (string, error)
	now            func() time.Time
	home           string // --home as given ("" when not given); see dataHome
	text           bool   // --text: lines for people instead of JSON
}

// Run runs one invocation and returns the process exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, getwd: os.Getwd, userHome: os.UserHomeDir, now: time.Now}
	return e.run(args)
}

// dataHome is the data home: --home, else MEMO_HOME, else ~/.memo, as an
// absolute path that is not a file.
func (e *env) dataHome() (string, error) {
	home := e.home
	if home == "" {
		home = e.getenv("MEMO_HOME")
	}
	if home == "" {
		userHome, err := e.userHome()
		if err != nil {
			return "", fmt.Errorf("cannot find your home folder (set MEMO_HOME or --home): %w", err)
		}
		home = filepath.Join(userHome, ".memo")
	}
	abs, err := e.abs(home)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		return "", domain.Invalid("the data home %s is a file, not a folder", abs)
	}
	return abs, nil
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

// services is everything one invocation works with: the domain services and
// what the data home holds, never the store itself.
type services struct {
	projects    *project.Service
	permissions *permissions.Service
	// memories opens memory.db on first use (running the guarded one-time
	// change of SPEC §5 when due), so commands that never touch memories
	// never touch memory.db.
	memories func() (*memory.Service, error)
	// skills is built on first use: a bad MEMO_GITHUB_ARCHIVE_BASE fails
	// only the skill commands.
	skills func() (*skills.Manager, error)
	paths  persistence.Paths
	// settings are the device settings beyond Minimal Mode (the API switch).
	settings *persistence.Settings
	backups  func() ([]string, error)
	close    func() error
}

// open opens the data home (read-only for commands that write nothing) and
// builds the services on it.
func (e *env) open(readOnly bool) (*services, error) {
	home, err := e.dataHome()
	if err != nil {
		return nil, err
	}
	store, err := persistence.Open(home, persistence.Options{ReadOnly: readOnly, Now: e.now})
	if err != nil {
		return nil, err
	}
	var dirs []string
	if d := settingsDir(); d != "" {
		dirs = append(dirs, d)
	}
	rules := guard.ForThisMachine(guard.Lookup{Getenv: e.getenv, AccountHome: guard.AccountHome}, home, dirs...)
	paths := store.Paths()
	projects := project.NewService(rules, store.Registry(), store.Settings(), e.now)
	userHome, _ := e.userHome() // git's ~/ includes; none when unknown
	return &services{
		projects:    projects,
		permissions: permissions.NewService(projects, store.Registry(), store.Pins(), userHome, e.now),
		skills: func() (*skills.Manager, error) {
			// Read here: the domain never reads the environment.
			svc, err := skills.NewService(store.SkillSwitches(), nil, e.getenv("MEMO_GITHUB_ARCHIVE_BASE"))
			if err != nil {
				return nil, err
			}
			return skills.NewManager(projects, svc), nil
		},
		memories: func() (*memory.Service, error) {
			db, err := store.Memory()
			if err != nil {
				return nil, err
			}
			return memory.NewService(db), nil
		},
		paths:    paths,
		settings: store.Settings(),
		backups:  func() ([]string, error) { return persistence.Backups(paths.Data) },
		close:    store.Close,
	}, nil
}

// Close closes the databases.
func (s *services) Close() error { return s.close() }
