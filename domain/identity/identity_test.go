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
	}
	for _, tt := range tests {
		if got := Decide(tt.s); got != tt.want {
			t.Errorf("Decide(%+v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}
