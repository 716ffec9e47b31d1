// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"encoding/json"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/verdict"
)

// A file with any invalid rule approves nothing; every refused rule is
// reported at its index.
func FuzzFileWithInvalidRule(f *testing.F) {
	for name := range catalog.Programs {
		f.Add("go test", name+" --x")
	}
	f.Fuzz(func(t *testing.T, r1, r2 string) {
		b, _ := json.Marshal(map[string]any{"version": 1, "allowed_commands": []string{r1, r2}})
		_, probs := Parse(b)
		for i, r := range []string{r1, r2} {
			if verdict.AcceptRule(r).IsZero() {
				continue
			}
			found := false
			for _, p := range probs {
				found = found || p.Where == "allowed_commands["+string(rune('0'+i))+"]"
			}
			if !found {
				t.Fatalf("refused rule %q not reported: %v", r, probs)
			}
		}
		st := judge(Status{TrustedHash: Hash(b), Effective: none()}, b)
		if len(probs) > 0 && (st.State != StateInvalid || len(st.Effective.AllowedCommands) != 0 || st.Trusted) {
			t.Fatalf("a file with problems grants %+v", st.Effective)
		}
		if len(probs) == 0 && st.State != StateTrusted {
			t.Fatalf("a valid pinned file is %s", st.State)
		}
	})
}
