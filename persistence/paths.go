package persistence

import "path/filepath"

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
