// Package ui is the Fyne face of Memo Projects: the main window, its dialogs and
// tabs. Each screen declares the small interface it uses (projectSource for
// the list, projectReader for a project's view, folderOpener for the setup
// flow …); app passes the real services in through Deps.
package ui

import "memo.dev/projects/domain/memory"

// Projects is the project service as the whole window uses it: the sum of
// what its screens declare. app passes *project.Service.
type Projects interface {
	projectSource
	projectReader
	folderOpener
	forgetter
	minimalSwitch
}

// Memories counts the memories of a pool ("" is the global pool).
type Memories interface {
	Count(projectID string) (int64, error)
}

// Deps is everything the window needs from outside.
type Deps struct {
	Projects Projects
	// OpenMemory opens memory.db (the one-time change may take seconds): it is
	// called once, off the UI goroutine.
	OpenMemory func() (Memories, memory.State)
	DataDir    string
	Backups    func() ([]string, error)
	// OpenPath shows a folder or file in the system's file manager.
	OpenPath func(path string) error
	// Loaded, when set, runs off the UI goroutine once the first screen has
	// loaded (the list, memory.db and the reselected project): the moment to
	// return start-up garbage.
	Loaded func()
	// Shown, when set, hears the title and text of every message dialog the
	// window shows: the end-to-end test reads them there, as it cannot read
	// the screen.
	Shown func(title, text string)
}
