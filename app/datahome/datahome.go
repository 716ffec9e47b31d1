// SPDX-License-Identifier: Apache-2.0

// Package datahome opens Memo's data home and builds the domain services on
// it: the command line and the window both start here.
package datahome

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"memo.dev/projects/app/api"
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

// Find is the data home: given (--home), else MEMO_HOME, else ~/.memo, as an
// absolute path that is not a file. abs resolves a path against the
// current folder.
func Find(given string, getenv func(string) string, userHome func() (string, error), abs func(string) (string, error)) (string, error) {
	home := given
	if home == "" {
		home = getenv("MEMO_HOME")
	}
	if home == "" {
		dir, err := userHome()
		if err != nil {
			return "", domain.Because(domain.ErrInternal, err, "cannot find your home folder: set MEMO_HOME, or give the data folder with --home")
		}
		home = filepath.Join(dir, ".memo")
	}
	home, err := abs(home)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(home); err == nil && !fi.IsDir() {
		return "", domain.Invalid("the data home %s is a file, not a folder", home)
	}
	return home, nil
}

// SettingsDir is where Fyne keeps this app's preferences (the guard refuses
// it): ~/Library/Preferences/fyne/<id> on macOS, <config dir>/fyne/<id>
// elsewhere, as in fyne.io/fyne/v2/internal/app/config_*.go; "" when unknown.
func SettingsDir(userHome, configDir func() (string, error)) string {
	if runtime.GOOS == "darwin" {
		home, err := userHome()
		if err != nil {
			return ""
		}
		return filepath.Join(home, "Library", "Preferences", "fyne", AppID)
	}
	dir, err := configDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "fyne", AppID)
}

// Options are what Open takes from the outside world.
type Options struct {
	// ReadOnly opens the data home for a command that writes nothing.
	ReadOnly bool
	Now      func() time.Time
	// UserHome is the user's home folder ("": unknown): the guard refuses
	// it, and git's ~/ includes are read from it.
	UserHome string
	// AccountHome is the home folder the user database names for the
	// account ("": none): the guard refuses it too, whatever $HOME says.
	AccountHome string
	// Refused are more folders the guard refuses (Fyne's settings folder).
	Refused []string
	// ArchiveBase replaces https://codeload.github.com for skill downloads
	// (MEMO_GITHUB_ARCHIVE_BASE; "": GitHub).
	ArchiveBase string
}

// Services is everything one invocation works with: the domain services and
// what the data home holds, never the store itself.
type Services struct {
	Projects    *project.Service
	Permissions *permissions.Service
	// Memories opens memory.db on first use (running the guarded one-time
	// change of docs/database.md §3 when due), so commands that never touch memories
	// never touch memory.db.
	Memories func() (*memory.Service, error)
	// Skills is built on first use: a bad MEMO_GITHUB_ARCHIVE_BASE fails
	// only the skill commands.
	Skills func() (*skills.Manager, error)
	Paths  persistence.Paths
	// Settings are the device settings beyond Minimal Mode (the API switch).
	Settings *persistence.Settings
	// Backups lists the copies of memory.db, RegistryBackups those of
	// projects.db (data/backups), newest first.
	Backups, RegistryBackups func() ([]string, error)
	// KeepRegistryCopy makes the day's copy of projects.db when it is due
	// (a long-running window asks now and then).
	KeepRegistryCopy func() (string, error)
	close            func() error
}

// Open opens the data home dir (read-only when o.ReadOnly) and builds the
// services on it.
func Open(dir string, o Options) (*Services, error) {
	store, err := persistence.Open(dir, persistence.Options{ReadOnly: o.ReadOnly, Now: o.Now})
	if err != nil {
		return nil, err
	}
	rules := guard.ForUser(guard.Homes{Env: o.UserHome, Account: o.AccountHome}, dir, o.Refused...)
	paths := store.Paths()
	projects := project.NewService(rules, store.Registry(), store.Settings(), o.Now)
	perms := permissions.NewService(projects, store.Registry(), store.Pins(), o.UserHome, o.Now)
	perms.UseCatalog(dir) // the user's entries, read at the first check
	return &Services{
		Projects:    projects,
		Permissions: perms,
		Skills: func() (*skills.Manager, error) {
			svc, err := skills.NewService(store.SkillSwitches(), nil, o.ArchiveBase)
			if err != nil {
				return nil, err
			}
			return skills.NewManager(projects, svc), nil
		},
		Memories: func() (*memory.Service, error) {
			db, err := store.Memory()
			if err != nil {
				return nil, err
			}
			return memory.NewService(db), nil
		},
		Paths:            paths,
		Settings:         store.Settings(),
		Backups:          func() ([]string, error) { return persistence.Backups(paths.Data) },
		RegistryBackups:  func() ([]string, error) { return persistence.RegistryBackups(paths.Data) },
		KeepRegistryCopy: store.KeepRegistryCopy,
		close:            store.Close,
	}, nil
}

// AllBackups lists the copies of both databases, newest first: what the
// window's Settings shows.
func (s *Services) AllBackups() ([]string, error) {
	mem, err := s.Backups()
	if err != nil {
		return nil, err
	}
	reg, err := s.RegistryBackups()
	if err != nil {
		return nil, err
	}
	all := append(mem, reg...)
	mod := func(p string) time.Time {
		if fi, err := os.Stat(p); err == nil {
			return fi.ModTime()
		}
		return time.Time{}
	}
	slices.SortStableFunc(all, func(a, b string) int { return mod(b).Compare(mod(a)) })
	return all, nil
}

// Close closes the databases and the permissions service's file watch.
func (s *Services) Close() error { return errors.Join(s.Permissions.Close(), s.close()) }

// APIConfig is the loopback API's configuration over these services;
// notify receives what a person should be told once (api.Config.Notify).
func (s *Services) APIConfig(now func() time.Time, notify func(string)) api.Config {
	return api.Config{Projects: s.Projects, Permissions: s.Permissions, DataDir: s.Paths.Data, Now: now, PID: os.Getpid(), Notify: notify}
}
