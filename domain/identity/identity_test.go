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
