// SPDX-License-Identifier: Apache-2.0

// Package identity makes project ids and decides what a folder's id means when
// the registry knows it from elsewhere (docs/identity.md §3, §7), and what
// names a folder on disk (§8).
package identity

import (
	"crypto/rand"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
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
	Fresh  Event = "new"    // first time this folder is seen, or a new project where another was
	Known  Event = "known"  // the registry already maps this folder to its id
	Moved  Event = "moved"  // the id was registered at a folder that no longer carries it
	Copied Event = "copied" // the id is live in another folder: this copy needs its own
	// Reconnected: the person said this folder is a project whose folder
	// cannot be found (setup or register --reconnect, the window's question).
	Reconnected Event = "reconnected"
	// Restored: the folder's project.json was edited to hold another id;
	// the registry knows this folder, so its own id was written back.
	Restored Event = "restored"
)

// Sighting is what the registry and the filesystem say about an id: one that
// a folder's project.json carries, or one a person asks to reconnect.
type Sighting struct {
	Registered bool   // the registry knows the id
	At         string // where the registry has it
	Here       bool   // At is the folder being opened
	StillThere bool   // At exists and its project.json still carries the id
	// Gone: another project took At; the id was last seen there.
	Gone bool
	// Written: the id has been written into a project.json, so it belongs
	// to the folder whose project.json holds it, not to At.
	Written bool
	// AtExists: a folder exists at At (whatever it holds).
	AtExists bool
}

// Decide tells what a folder carrying an id is: the same project (known), the
// project moved here (the registry follows; also a project coming back to a
// folder another had taken), or a copy that must get a new id so that two
// folders never share one memory.
func Decide(s Sighting) Event {
	switch {
	case !s.Registered:
		return Fresh
	case s.Here && !s.Gone:
		return Known
	case s.StillThere:
		return Copied
	default:
		return Moved
	}
}

// KeepsPathID reports whether a folder without a valid project.json keeps
// the id the registry has for its path. Only an id that was never written
// into a project.json stays with its path (memories made before setup are
// kept); a written one belongs to the folder whose project.json holds it, and
// its path only says where that project was: the folder there now is a new
// project.
func KeepsPathID(s Sighting) bool { return s.Registered && !s.Gone && !s.Written }

// Lives reports whether the folder of an id can still be found where the
// registry has it: its project.json there still carries it, or, for an id
// never written into one, the folder it belongs to by path is there. Such an
// id cannot be reconnected to another folder: two folders would share one
// memory.
func Lives(s Sighting) bool {
	return s.StillThere || s.Registered && !s.Gone && !s.Written && s.AtExists
}

// genMark joins a folder key and its inode's generation number.
const genMark = ":g"

// FolderKey names a folder on disk: base is what every system reports (its
// volume, its file number and its birth time); gen is the generation number
// of its inode, which file systems that reuse inode numbers (ext4, xfs)
// change each time a number is handed out again, and is left out (hasGen
// false) where the file system has none (docs/identity.md §8).
func FolderKey(base string, gen uint32, hasGen bool) string {
	if base == "" || !hasGen {
		return base
	}
	return base + genMark + strconv.FormatUint(uint64(gen), 10)
}

// SameFolder reports whether the key read from a folder now (current) names
// the folder a record was made for (stored). An empty key never matches. A
// stored key without a generation number (written before it was read, or on
// a file system that has none) matches on the rest, as it did when it was
// written; once it has one, the folder must show the same one, and a folder
// whose generation cannot be read then is not taken for it (fail closed: it
// is told apart by its project.json alone).
func SameFolder(stored, current string) bool {
	if stored == "" || current == "" {
		return false
	}
	sBase, sGen, sHas := strings.Cut(stored, genMark)
	cBase, cGen, cHas := strings.Cut(current, genMark)
	if sBase != cBase {
		return false
	}
	if !sHas {
		return true
	}
	return cHas && sGen == cGen
}
