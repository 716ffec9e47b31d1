// SPDX-License-Identifier: Apache-2.0

package memory

import "memo.dev/projects/domain"

// Schema values of State: what the memories table looked like.
const (
	SchemaNew     = "new"     // memory.db or its memories table was created by this launch
	SchemaLegacy  = "legacy"  // memories has no project_id: the one-time change was skipped
	SchemaCurrent = "current" // memories has project_id (possibly added by this launch)
)

// State is what opening the memory database found and did this launch
// (docs/database.md §3, docs/memory.md §7). It is the one type doctor and the
// window report; the HTTP API has no memory endpoint.
type State struct {
	// Ready: memory.db is open, so normal chats work; project memory may
	// still be off.
	Ready bool
	// Schema is SchemaNew, SchemaLegacy or SchemaCurrent ("" when not Ready).
	Schema string
	// ProjectMemory: project pools can be read and written.
	ProjectMemory bool
	// Reason says, in words a person acts on, why memory.db could not be
	// opened (not Ready) or why project memory is off; "" otherwise.
	Reason string
	// ReasonText is Reason with its values kept apart, for the window to
	// word in its reader's language; nil when the store set none. A pointer
	// keeps State comparable with ==.
	ReasonText *domain.Text `json:"-"`
	// Backup is the path of the verified backup made during this open, if
	// any; or of the one a launch killed before the change had made, when
	// it still holds exactly what memory.db holds (it is reused).
	Backup string
}
