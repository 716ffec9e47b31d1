// SPDX-License-Identifier: Apache-2.0

package permissions

import "testing"

func TestCompare(t *testing.T) {
	trusted := []byte(`{"version":1,"allowed_commands":["go test","git status"],"allowed_tools":["read_file"]}`)
	reformatted := []byte("{\n  \"allowed_tools\": [\"read_file\"],\n  \"version\": 1,\n  \"allowed_commands\": [\"git  status\", \"\\\"go\\\" test\"]\n}\n")
	if c := Compare(trusted, reformatted); !c.None() {
		t.Errorf("reformatted file: %+v", c)
	}
	changed := []byte(`{"version":1,"allowed_commands":["go test","make test","bash"],"allowed_tools":["read_file","write_file","run_command"]}`)
	c := Compare(trusted, changed)
	if len(c.AddedRules) != 2 || c.AddedRules[0].Rule != "make test" || !c.AddedRules[0].Refused.IsZero() || c.AddedRules[1].Rule != "bash" || c.AddedRules[1].Refused.IsZero() {
		t.Errorf("added rules %+v", c.AddedRules)
	}
	if len(c.RemovedRules) != 1 || c.RemovedRules[0] != "git status" {
		t.Errorf("removed rules %+v", c.RemovedRules)
	}
	if len(c.AddedTools) != 2 || c.AddedTools[0].Rule != "write_file" || !c.AddedTools[0].Refused.IsZero() || c.AddedTools[1].Refused.IsZero() {
		t.Errorf("added tools %+v", c.AddedTools)
	}
	if len(c.RemovedTools) != 0 {
		t.Errorf("removed tools %+v", c.RemovedTools)
	}
	first := Compare(nil, trusted)
	if len(first.AddedRules) != 2 || len(first.AddedTools) != 1 || len(first.RemovedRules) != 0 {
		t.Errorf("first version %+v", first)
	}
}
