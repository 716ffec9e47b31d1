// SPDX-License-Identifier: Apache-2.0

package memory

import (
	"fmt"
	"testing"
)

const someProject = "p_0123456789abcdef0123456789abcdef"

// TestForEveryChat walks every combination of the switches of
// docs/memory.md §2–§3 and checks each rule of those sections on it, so
// that no combination is left to chance.
func TestForEveryChat(t *testing.T) {
	for _, kind := range []Kind{NormalChat, ProjectChat} {
		for _, id := range []string{someProject, ""} {
			for _, code := range []bool{false, true} {
				for _, off := range []bool{false, true} {
					for _, step := range []bool{false, true} {
						for _, taskMem := range []bool{false, true} {
							c := Chat{Kind: kind, ProjectID: id, CodeMode: code, MemoryOff: off, TaskStep: step, TaskMemory: taskMem}
							checkPolicy(t, c, For(c))
						}
					}
				}
			}
		}
	}
}

func checkPolicy(t *testing.T, c Chat, p Policy) {
	t.Helper()
	name := fmt.Sprintf("For(%+v)", c)
	personal := map[string]bool{
		"global_memory": p.GlobalMemory, "pinned_facts": p.PinnedFacts, "name": p.UserName,
		"style_notes": p.StyleNotes, "persona": p.Persona, "mood": p.Mood,
		"learn_personal": p.LearnsPersona, "decision_model": p.DecisionModel,
	}
	memoryUsed := !c.MemoryOff && !(c.TaskStep && !c.TaskMemory)
	if p.Kind != c.Kind {
		t.Errorf("%s: kind %q", name, p.Kind)
	}
	if p.CodingSummaryMax != SummaryMax {
		t.Errorf("%s: coding summary max %d", name, p.CodingSummaryMax)
	}
	switch c.Kind {
	case ProjectChat:
		// A project chat receives nothing personal, in any mode.
		for k, v := range personal {
			if v {
				t.Errorf("%s: a project chat receives %s", name, k)
			}
		}
		want := PoolsNone
		if memoryUsed && c.ProjectID != "" {
			want = PoolsProject // Code Mode does not take the project's pool away
		}
		if p.ReadsPools != want || p.WritesPool != want || p.ProjectMemory != (want == PoolsProject) {
			t.Errorf("%s: reads %q writes %q project_memory %v; want %q", name, p.ReadsPools, p.WritesPool, p.ProjectMemory, want)
		}
	default:
		if p.ProjectMemory {
			t.Errorf("%s: a normal chat has a project pool", name)
		}
		if c.CodeMode {
			for k, v := range personal {
				if v {
					t.Errorf("%s: Code Mode keeps %s", name, k)
				}
			}
		}
		wantRead, wantWrite := PoolsAll, PoolsGlobal
		if !memoryUsed || c.CodeMode {
			wantRead, wantWrite = PoolsNone, PoolsNone
		}
		if p.ReadsPools != wantRead || p.WritesPool != wantWrite {
			t.Errorf("%s: reads %q writes %q; want %q %q", name, p.ReadsPools, p.WritesPool, wantRead, wantWrite)
		}
		if !c.CodeMode {
			for _, k := range []string{"name", "persona", "mood", "decision_model"} {
				if !personal[k] {
					t.Errorf("%s: a normal chat lost %s", name, k)
				}
			}
			for _, k := range []string{"global_memory", "pinned_facts", "style_notes", "learn_personal"} {
				if personal[k] != memoryUsed {
					t.Errorf("%s: %s = %v with memory used = %v", name, k, personal[k], memoryUsed)
				}
			}
		}
	}
}

func TestPolicyForDefaults(t *testing.T) {
	if p := PolicyFor(ProjectChat, someProject); p.ReadsPools != PoolsProject || p.GlobalMemory {
		t.Errorf("PolicyFor(project) = %+v", p)
	}
	if p := PolicyFor(ProjectChat, ""); p.ReadsPools != PoolsNone || p.WritesPool != PoolsNone {
		t.Errorf("PolicyFor(project without id) = %+v; want no memory", p)
	}
	if p := PolicyFor(NormalChat, ""); p.ReadsPools != PoolsAll || p.WritesPool != PoolsGlobal || !p.GlobalMemory {
		t.Errorf("PolicyFor(normal) = %+v", p)
	}
}
