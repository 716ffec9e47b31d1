// SPDX-License-Identifier: Apache-2.0

// Package cli is the command line of docs/cli.md on spf13/cobra: one file per
// command group, each command built from a Factory. It builds without cgo:
// the window reaches it only as Factory.Window, which package app supplies.
package cli

import (
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/mattn/go-isatty"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/pathname"
)

// IOStreams are a run's standard input, output and error.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
}

// Factory is what every command is built from (gh's cmdutil.Factory): the
// outside world one run sees, and the services opened on it when a command
// asks. Tests build one of their own.
type Factory struct {
	IO       IOStreams
	Getenv   func(string) string
	Getwd    func() (string, error)
	UserHome func() (string, error)
	// AccountHome is the home folder of the user database (guard.AccountHome).
	AccountHome func() (string, error)
	ConfigDir   func() (string, error)
	Now         func() time.Time
	// Window opens the main window, with path opened when it is not "",
	// and returns the exit status. Package app supplies it (it needs cgo).
	Window func(path string) int
	// Terminal says whether stdin is a terminal a person answers on (a
	// question before permissions allow saves); nil: never.
	Terminal func() bool

	home string // --home as given ("" when not given); see DataHome
	text bool   // --text: lines for people instead of JSON
}

// NewFactory is the factory of a real run: the process's environment,
// folders and clock. Window is the caller's to set.
func NewFactory(stdin io.Reader, stdout, stderr io.Writer) *Factory {
	return &Factory{
		IO:          IOStreams{In: stdin, Out: stdout, ErrOut: stderr},
		Getenv:      os.Getenv,
		Getwd:       os.Getwd,
		UserHome:    os.UserHomeDir,
		AccountHome: guard.AccountHome,
		ConfigDir:   os.UserConfigDir,
		Now:         time.Now,
		Terminal:    stdinIsTerminal,
	}
}

// stdinIsTerminal: the process's stdin is a terminal, not a file, a pipe
// or /dev/null a script gives.
func stdinIsTerminal() bool {
	return isatty.IsTerminal(os.Stdin.Fd())
}

// DataHome is the data home the command line chose: --home, else
// MEMO_HOME, else ~/.memo.
func (f *Factory) DataHome() (string, error) {
	return datahome.Find(f.home, f.Getenv, f.UserHome, f.abs)
}

// Services opens the data home (read-only for a command that writes
// nothing) and builds the services on it; the caller closes them.
func (f *Factory) Services(readOnly bool) (*datahome.Services, error) {
	home, err := f.DataHome()
	if err != nil {
		return nil, err
	}
	var refused []string
	if d := datahome.SettingsDir(f.UserHome, f.ConfigDir); d != "" {
		refused = append(refused, d)
	}
	userHome, _ := f.UserHome() // git's ~/ includes; none when unknown
	var accountHome string
	if f.AccountHome != nil {
		accountHome, _ = f.AccountHome() // none when the database has no entry
	}
	return datahome.Open(home, datahome.Options{
		ReadOnly:    readOnly,
		Now:         f.Now,
		UserHome:    userHome,
		AccountHome: accountHome,
		Refused:     refused,
		// Read here: the domain never reads the environment.
		ArchiveBase: f.Getenv("MEMO_GITHUB_ARCHIVE_BASE"),
	})
}

// abs resolves a command-line path against the current folder.
func (f *Factory) abs(p string) (string, error) {
	if err := pathname.Check(p); err != nil {
		return "", err
	}
	if p == "" {
		return "", domain.Invalid("no folder given")
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p), nil
	}
	wd, err := f.Getwd()
	if err != nil {
		return "", domain.Because(domain.ErrInternal, err, "cannot read the current folder (was it deleted?): give the folder's full path")
	}
	return filepath.Join(wd, p), nil
}
