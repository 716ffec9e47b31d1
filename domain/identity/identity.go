// Package identity makes project ids and decides what a folder's id means when
// the registry knows it from elsewhere (SPEC §3).
package identity

import (
	"crypto/rand"
	"encoding/hex"
	"regexp"
)

var idPattern = regexp.MustCompile(`^p_[0-9a-f]{32}$`)

// New returns a fresh id: "p_" and 128 crypto-random bits in lowercase hex.
func New() string {
	var b [16]byte
	rand.Read(b[:]) // never fails since Go 1.24 (it crashes the program instead)
	return "p_" + hex.EncodeToString(b[:])
}

// Valid reports whether id has the form of a project id.
func Valid(id string) bool { return idPattern.MatchString(id) }

// Event says what opening a folder found.
type Event string

const (
	Fresh  Event = "new"    // first time this folder is seen
	Known  Event = "known"  // the registry already maps this folder to its id
	Moved  Event = "moved"  // the id was registered at a folder that no longer carries it
	Copied Event = "copied" // the id is live in another folder: this copy needs its own
)

// Sighting is what the registry and the filesystem say about an id that a
// folder's project.json carries.
type Sighting struct {
	Registered bool   // the registry knows the id
	At         string // where the registry has it
	Here       bool   // At is the folder being opened
	StillThere bool   // At exists and its project.json still carries the id
}

// Decide tells what a folder carrying an id is: the same project (known), the
// project moved here (the registry follows), or a copy that must get a new id so
// that two folders never share one memory.
func Decide(s Sighting) Event {
	switch {
	case !s.Registered:
		return Fresh
	case s.Here:
		return Known
	case s.StillThere:
		return Copied
	default:
		return Moved
	}
}
