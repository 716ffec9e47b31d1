// SPDX-License-Identifier: Apache-2.0

// Package memory holds the memory pools, the context policy of each kind of
// chat (docs/memory.md) and the memory service that keeps the pools apart.
package memory

// GlobalPool is the pool of normal chats and of everything saved before
// projects had pools of their own.
const GlobalPool = ""

// Kind is the kind of chat a policy is for.
type Kind string

const (
	NormalChat  Kind = "normal"
	ProjectChat Kind = "project"
)

// Pools a chat reads or writes (Policy.ReadsPools, Policy.WritesPool).
const (
	PoolsAll     = "all"     // every pool: a normal chat's reading
	PoolsGlobal  = "global"  // the global pool
	PoolsProject = "project" // the chat's own project pool
	PoolsNone    = "none"
)

// SummaryMax bounds the stored summary of a coding turn's answer (docs/memory.md §5).
const SummaryMax = 1500

// Chat is what decides a chat's policy: its kind and its switches.
type Chat struct {
	Kind Kind
	// ProjectID is a project chat's project; "" when its identity cannot be
	// determined, and then the chat gets no memory at all.
	ProjectID string
	// CodeMode removes the personal parts of a chat's context.
	CodeMode bool
	// MemoryOff is the memory switch turned off: no memory is used at all.
	MemoryOff bool
	// TaskStep is an autonomous task step; with TaskMemory false it neither
	// reads nor writes memory.
	TaskStep   bool
	TaskMemory bool
}

// Policy is what a chat of one kind receives and may write. It is the one
// answer the app shows, the command line prints and the API returns.
type Policy struct {
	Kind       Kind   `json:"kind"`
	ReadsPools string `json:"reads"`  // PoolsAll, PoolsProject or PoolsNone
	WritesPool string `json:"writes"` // PoolsGlobal, PoolsProject or PoolsNone
	// The personal parts of a chat's context.
	GlobalMemory  bool `json:"global_memory"`
	PinnedFacts   bool `json:"pinned_facts"`
	UserName      bool `json:"name"`
	StyleNotes    bool `json:"style_notes"`
	Persona       bool `json:"persona"`
	Mood          bool `json:"mood"`
	LearnsPersona bool `json:"learn_personal"`
	DecisionModel bool `json:"decision_model"`
	// ProjectMemory: the chat reads and writes its project's pool.
	ProjectMemory bool `json:"project_memory"`
	// CodingSummaryMax bounds the stored summary of a coding turn's answer.
	CodingSummaryMax int `json:"coding_summary_max"`
}

// For is the context policy of a chat (docs/memory.md §3): the one function every face
// of the app asks. A project chat never receives anything personal and reads
// and writes only its own pool, whether Code Mode is on or not; Code Mode
// removes the personal parts of a normal chat; the memory switch and a task
// step without task memory turn every pool off.
func For(c Chat) Policy {
	p := Policy{Kind: NormalChat, ReadsPools: PoolsNone, WritesPool: PoolsNone, CodingSummaryMax: SummaryMax}
	noMemory := c.MemoryOff || (c.TaskStep && !c.TaskMemory)
	if c.Kind == ProjectChat {
		p.Kind = ProjectChat
		// A project whose identity is unknown never falls back to the global pool.
		if !noMemory && c.ProjectID != "" {
			p.ReadsPools, p.WritesPool, p.ProjectMemory = PoolsProject, PoolsProject, true
		}
		return p
	}
	if !c.CodeMode {
		p.UserName, p.Persona, p.Mood, p.DecisionModel = true, true, true, true
		if !noMemory {
			p.GlobalMemory, p.PinnedFacts, p.StyleNotes, p.LearnsPersona = true, true, true, true
			p.ReadsPools, p.WritesPool = PoolsAll, PoolsGlobal
		}
	}
	return p
}

// PolicyFor is For with the switches at their defaults (memory on, Code Mode
// off, not a task step).
func PolicyFor(kind Kind, projectID string) Policy {
	return For(Chat{Kind: kind, ProjectID: projectID})
}
