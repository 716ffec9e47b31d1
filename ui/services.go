// Package ui is the Fyne face of Memo Projects: the main window, its dialogs and
// tabs. It talks to the domain through the small interfaces declared here; app
// passes the real services in.
package ui

import (
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
)

// Projects is what the window asks of the project service.
type Projects interface {
	Status(path string) (project.Status, error)
	Register(path string) (project.Status, identity.Event, error)
	Plan(path string) ([]project.PlanItem, error)
	Setup(path string) (project.SetupResult, error)
	Decline(path string, declined bool) (project.Status, error)
	Files(path string) ([]project.FileState, error)
	List() ([]project.Record, error)
	Forget(path string) error
	BadgeOf(path string) project.Badge
	Minimal() (bool, error)
	SetMinimal(on bool) error
}

// Memories counts the memories of a pool ("" is the global pool).
type Memories interface {
	Count(projectID string) (int64, error)
}

// MemoryState is what opening memory.db found (SPEC §5).
type MemoryState struct {
	Ready         bool   // memory.db was opened (it may still lack project memory)
	ProjectMemory bool   // project pools work
	Reason        string // why project memory is off, or why memory.db could not be opened
	Backup        string // backup made at this launch
}

// Deps is everything the window needs from outside.
type Deps struct {
	Projects Projects
	// OpenMemory opens memory.db (the one-time change may take seconds): it is
	// called once, off the UI goroutine.
	OpenMemory func() (Memories, MemoryState)
	DataDir    string
	Backups    func() ([]string, error)
	// OpenPath shows a folder or file in the system's file manager.
	OpenPath func(path string) error
	// Loaded, when set, runs off the UI goroutine once the first screen has
	// loaded (the list and memory.db): the moment to return start-up garbage.
	Loaded func()
}
