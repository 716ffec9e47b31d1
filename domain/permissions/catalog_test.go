package permissions

import (
	"testing"
)

// The builtin catalogue loads whole: every file reads, no key is unknown,
// and every entry's examples pass (an entry whose examples fail would be
// left out of the binary's catalogue).
func TestBuiltinCatalogLoads(t *testing.T) {
	for _, p := range builtin().loadProblems {
		t.Errorf("%s", p)
	}
}
