// SPDX-License-Identifier: Apache-2.0

package identity

import "testing"

func TestNewIsValidAndUnique(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := New()
		if !Valid(id) {
			t.Fatalf("New() = %q, not a valid id", id)
		}
		if seen[id] {
			t.Fatalf("New() repeated %q", id)
		}
		seen[id] = true
	}
}

func TestValid(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"p_0123456789abcdef0123456789abcdef", true},
		{"p_0123456789ABCDEF0123456789abcdef", false},
		{"p_0123456789abcdef0123456789abcde", false},
		{"p_0123456789abcdef0123456789abcdef0", false},
		{"q_0123456789abcdef0123456789abcdef", false},
		{"", false},
		{"p_0123456789abcdef0123456789abcdeg", false},
		{"p_0123456789abcdef0123456789abcdef\n", false},
	}
	for _, tt := range tests {
		if got := Valid(tt.id); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func TestDecide(t *testing.T) {
	tests := []struct {
		s    Sighting
		want Event
	}{
		{Sighting{}, Fresh},
		{Sighting{Registered: true, At: "/a", Here: true, StillThere: true}, Known},
		{Sighting{Registered: true, At: "/a", StillThere: true}, Copied},
		{Sighting{Registered: true, At: "/a", StillThere: false}, Moved},
		// Another project took /a, and this one comes back there.
		{Sighting{Registered: true, At: "/a", Here: true, Gone: true, Written: true}, Moved},
		// Last seen at /b, which another took; /b carries it again: a copy.
		{Sighting{Registered: true, At: "/b", Gone: true, StillThere: true, Written: true}, Copied},
		{Sighting{Registered: true, At: "/b", Gone: true, Written: true, AtExists: true}, Moved},
	}
	for _, tt := range tests {
		if got := Decide(tt.s); got != tt.want {
			t.Errorf("Decide(%+v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestKeepsPathID(t *testing.T) {
	tests := []struct {
		s    Sighting
		want bool
	}{
		{Sighting{}, false},
		// Opened, never set up: the id stays with its path, memories and all.
		{Sighting{Registered: true, At: "/a", Here: true, AtExists: true}, true},
		// Written into a project.json once: the folder there now, without
		// one, is another project.
		{Sighting{Registered: true, At: "/a", Here: true, Written: true, AtExists: true}, false},
		// Another project took the path already.
		{Sighting{Registered: true, At: "/a", Here: true, Gone: true, AtExists: true}, false},
	}
	for _, tt := range tests {
		if got := KeepsPathID(tt.s); got != tt.want {
			t.Errorf("KeepsPathID(%+v) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestLives(t *testing.T) {
	tests := []struct {
		s    Sighting
		want bool
	}{
		{Sighting{}, false},
		{Sighting{Registered: true, At: "/a", Written: true, StillThere: true, AtExists: true}, true},
		{Sighting{Registered: true, At: "/a", Written: true, AtExists: true}, false},
		{Sighting{Registered: true, At: "/a", Written: true}, false},
		// Never written: the id lives while its folder is at its path.
		{Sighting{Registered: true, At: "/a", AtExists: true}, true},
		{Sighting{Registered: true, At: "/a"}, false},
		{Sighting{Registered: true, At: "/a", Gone: true, AtExists: true}, false},
	}
	for _, tt := range tests {
		if got := Lives(tt.s); got != tt.want {
			t.Errorf("Lives(%+v) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestFolderKey(t *testing.T) {
	tests := []struct {
		base   string
		gen    uint32
		hasGen bool
		want   string
	}{
		{"8:1:12:1796183791.987711772", 248068863, true, "8:1:12:1796183791.987711772:g248068863"},
		{"8:1:12:1796183791.987711772", 0, true, "8:1:12:1796183791.987711772:g0"},
		{"8:1:12:1796183791.987711772", 7, false, "8:1:12:1796183791.987711772"},
		{"", 7, true, ""},
	}
	for _, tt := range tests {
		if got := FolderKey(tt.base, tt.gen, tt.hasGen); got != tt.want {
			t.Errorf("FolderKey(%q, %d, %v) = %q, want %q", tt.base, tt.gen, tt.hasGen, got, tt.want)
		}
	}
}

func TestSameFolder(t *testing.T) {
	const base = "8:1:12:1796183791.987711772"
	tests := []struct {
		stored, current string
		want            bool
	}{
		{base + ":g5", base + ":g5", true},
		// The same number and birth time, another generation: a folder
		// made under the removed one's number within one clock tick.
		{base + ":g5", base + ":g6", false},
		// A key stored before the generation was read still names its folder.
		{base, base + ":g5", true},
		{base, base, true},
		{base, "8:1:13:1796183791.987711772:g5", false},
		{base + ":g5", "8:1:13:1796183791.987711772:g5", false},
		// A stored generation the folder no longer shows: not taken for it.
		{base + ":g5", base, false},
		{"", "", false},
		{"", base, false},
		{base, "", false},
		// Keys from systems that read no generation (macOS, Windows).
		{"16777220:42:1796183791.000000001", "16777220:42:1796183791.000000001", true},
		{"1:2:3:4", "1:2:3:5", false},
	}
	for _, tt := range tests {
		if got := SameFolder(tt.stored, tt.current); got != tt.want {
			t.Errorf("SameFolder(%q, %q) = %v, want %v", tt.stored, tt.current, got, tt.want)
		}
	}
}
