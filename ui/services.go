// SPDX-License-Identifier: Apache-2.0

// Package ui is the Fyne face of Memo Projects: the main window, its dialogs and
// tabs. Each screen takes the window's dialogs (dialogs.go) and the service
// it works on, through the small interface it declares (projectSource for
// the list, projectReader for a project's view, folderService for the
// folder flows …); app passes the real services in through Deps.
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

// Memories is the memory service as the window's screens use it: the sum
// of what they declare. app passes *memory.Service.
type Memories interface {
	memoryPool
	poolCounter
}

// Permissions is the permissions service as the Permissions tab and the
// project list use it. app passes *permissions.Service.
type Permissions interface {
	permissionsService
	permissionsReview
}

// Skills is the skills service as the Skills tab uses it.
type Skills interface {
	skillsManager
}

// Deps is everything the window needs from outside.
type Deps struct {
	Projects    Projects
	Permissions Permissions
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
	// API is the local API server behind Settings' switch (nil: the switch
	// is not offered).
	API APIServer
	// Skills is the skills manager (app passes *skills.Manager), or why
	// there is none; called off the UI goroutine.
	Skills func() (Skills, error)
	// OpenURL opens a web page in the browser (a skill's source).
	OpenURL func(url string) error
	// Shown, when set, hears the title and text of every message dialog the
	// window shows: the end-to-end test reads them there, as it cannot read
	// the screen.
	Shown func(title, text string)
}

// APIServer is the local HTTP API (docs/api.md) as Settings drives it. Its
// methods are synchronous: Settings calls them off the UI goroutine.
type APIServer interface {
	State() APIState
	// Start listens and remembers the switch as on; Stop stops serving and
	// remembers it as off.
	Start() APIState
	Stop() APIState
}

// APIState is the server's condition.
type APIState struct {
	Listening bool
	Addr      string // where it listens
	TokenFile string // the bearer token the chat app sends
	// PortInUse: the address it asked for is taken by another program.
	PortInUse bool
	// Problem is why it is not listening though switched on (nil
	// otherwise); the window words it (a library's error in plain words).
	Problem error
}
