// Package memory holds the memory pools and the context policy of each kind of
// chat (SPEC §4).
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

// Policy is what a chat of one kind receives and may write. It is the one
// answer the app shows and the API returns.
type Policy struct {
	Kind          Kind   `json:"kind"`
	ReadsPools    string `json:"reads"`  // "all" or "project"
	WritesPool    string `json:"writes"` // "global", "project" or "none"
	GlobalMemory  bool   `json:"global_memory"`
	PinnedFacts   bool   `json:"pinned_facts"`
	UserName      bool   `json:"user_name"`
	StyleNotes    bool   `json:"style_notes"`
	Persona       bool   `json:"persona"`
	Mood          bool   `json:"mood"`
	LearnsPersona bool   `json:"learns_personal_info"`
	DecisionModel bool   `json:"decision_model"`
	// CodingSummaryMax bounds the stored summary of a coding turn's answer.
	CodingSummaryMax int `json:"coding_summary_max"`
}

// PolicyFor returns the context policy of a chat. projectID is the project's
// id for a project chat; a project chat whose identity is unknown ("") gets no
// memory at all, never the global pool.
func PolicyFor(kind Kind, projectID string) Policy {
	if kind != ProjectChat {
		return Policy{
			Kind: NormalChat, ReadsPools: "all", WritesPool: "global",
			GlobalMemory: true, PinnedFacts: true, UserName: true, StyleNotes: true,
			Persona: true, Mood: true, LearnsPersona: true, DecisionModel: true,
			CodingSummaryMax: 1500,
		}
	}
	p := Policy{Kind: ProjectChat, ReadsPools: "project", WritesPool: "project", CodingSummaryMax: 1500}
	if projectID == "" {
		p.ReadsPools, p.WritesPool = "none", "none"
	}
	return p
}
