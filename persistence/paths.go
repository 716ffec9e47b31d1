// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/untrusted"
)

const (
	// registryFileName is the device registry in the data folder.
	registryFileName = "projects.db"
	// registryTable is its table of folders: every copy of it has one.
	registryTable = "projects"
)

// Paths names the files of one data home, so that reports (doctor, the
// window's settings) show the paths the store really uses.
type Paths struct {
	Home     string // the data home
	Data     string // home/data
	Registry string // data/projects.db
	Memory   string // data/memory.db
	Backups  string // data/backups
}

// PathsIn names the files of the data home home.
func PathsIn(home string) Paths {
	data := filepath.Join(home, "data")
	return Paths{
		Home:     home,
		Data:     data,
		Registry: filepath.Join(data, registryFileName),
		Memory:   filepath.Join(data, memoryFileName),
		Backups:  filepath.Join(data, backupsDirName),
	}
}

// Paths names the files of the store's data home.
func (s *Store) Paths() Paths { return PathsIn(s.home) }

// checkKinds says in one sentence, the same for every command, when the data
// folder is not a folder or a database there is not a file (a folder, a
// named pipe, a device): SQLite would fail with a message about memory, or
// wait forever on a pipe. What does not exist yet is fine: it is created.
func checkKinds(dataDir string, dbs ...string) error {
	if fi, err := os.Stat(dataDir); err == nil && !fi.IsDir() {
		return domain.T("the data folder {{.Folder}} is {{.Kind}}, not a folder: move it aside and Memo creates a new one",
			"Folder", dataDir, "Kind", untrusted.KindOf(fi.Mode())).Err(errInternal)
	}
	for _, db := range dbs {
		fi, err := os.Stat(db)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return fsError(err, domain.T("{{.Path}} cannot be read", "Path", db))
		case !fi.Mode().IsRegular():
			return domain.T("{{.Path}} is {{.Kind}}, not a SQLite database: move it aside and Memo creates a new one",
				"Path", db, "Kind", untrusted.KindOf(fi.Mode())).Err(errInternal)
		}
	}
	return nil
}
