package memory

import "testing"

func TestPolicyFor(t *testing.T) {
	tests := []struct {
		kind          Kind
		id            string
		reads, writes string
		personal      bool
	}{
		{NormalChat, "", "all", "global", true},
		{ProjectChat, "p_0123456789abcdef0123456789abcdef", "project", "project", false},
		{ProjectChat, "", "none", "none", false},
		{"unknown", "", "all", "global", true},
	}
	for _, tt := range tests {
		p := PolicyFor(tt.kind, tt.id)
		if p.ReadsPools != tt.reads || p.WritesPool != tt.writes {
			t.Errorf("PolicyFor(%q, %q) reads %q writes %q, want %q %q", tt.kind, tt.id, p.ReadsPools, p.WritesPool, tt.reads, tt.writes)
		}
		personal := []bool{p.GlobalMemory, p.PinnedFacts, p.UserName, p.StyleNotes, p.Persona, p.Mood, p.LearnsPersona, p.DecisionModel}
		for i, got := range personal {
			if got != tt.personal {
				t.Errorf("PolicyFor(%q, %q) personal field #%d = %v, want %v", tt.kind, tt.id, i, got, tt.personal)
			}
		}
		if p.CodingSummaryMax != 1500 {
			t.Errorf("PolicyFor(%q) coding summary max %d", tt.kind, p.CodingSummaryMax)
		}
	}
}
