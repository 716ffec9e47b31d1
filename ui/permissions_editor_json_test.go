// SPDX-License-Identifier: Apache-2.0

package ui

import "testing"

// TestListsCanHoldReadsExactly: the editor's lists take a JSON text only
// as the strict reader reads it (docs/permissions.md §1): a key in another
// case, twice, or unknown leaves the text in the JSON box, where the
// problem is shown, rather than showing lists a person did not write.
func TestListsCanHoldReadsExactly(t *testing.T) {
	tests := []struct {
		text string
		ok   bool
	}{
		{`{"version":1,"allowed_commands":["bash"]}`, true}, // refused rules have rows that say why
		{`{"VERSION":1,"allowed_commands":["go test"]}`, false},
		{`{"version":1,"Allowed_Commands":["bash"]}`, false},
		{`{"version":1,"allowed_commands":["go test"],"ALLOWED_COMMANDS":["bash"]}`, false},
		{`{"version":1,"allowed_commands":["go test"],"allowed_commands":["bash"]}`, false},
		{`{"version":1,"allowed_tools":[],"extra":1}`, false},
		{`{"version":1}{}`, false},
	}
	for _, tt := range tests {
		if _, ok := listsCanHold(tt.text); ok != tt.ok {
			t.Errorf("listsCanHold(%q) = %v, want %v", tt.text, ok, tt.ok)
		}
	}
}
