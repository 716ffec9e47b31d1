// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/verdict"
)

// writingTools are the file tools that write.
var writingTools = map[string]bool{
	"write_file": true, "edit_file": true, "insert_line": true, "delete_lines": true, "create_task_md": true,
	"edit_task_md": true, "save_code_plan": true,
}

// CombinedWarnings say what the approved rules and tools allow together
// beyond each alone, before Trust: a way to write files plus a rule that
// runs the project's code lets the agent run any code it writes; a rule
// that fetches code plus one that runs it runs code from elsewhere.
func CombinedWarnings(perms Permissions) []domain.Text {
	writer, runner, fetcher := "", "", ""
	for _, tool := range perms.AllowedTools {
		if writingTools[tool] && writer == "" {
			writer = tool
		}
	}
	for _, r := range perms.AllowedCommands {
		if !verdict.AcceptRule(r).IsZero() {
			continue
		}
		c, _ := verdict.RuleCapabilities(r)
		if c&(catalog.RunsProjectCode|catalog.RunsUnknown) != 0 && runner == "" {
			runner = r
		}
		if c&catalog.WritesProject != 0 && c&(catalog.RunsProjectCode|catalog.RunsUnknown|catalog.ReadsNetwork|catalog.ChangesRepo) == 0 && writer == "" {
			writer = r
		}
		if c&catalog.ReadsNetwork != 0 && c&catalog.RunsProjectCode == 0 && fetcher == "" {
			fetcher = r
		}
	}
	out := []domain.Text{}
	if writer != "" && runner != "" {
		out = append(out, domain.T("`{{.Writer}}` can write files and `{{.Runner}}` runs the project's own code: together they let the agent run any code it writes, without asking", "Writer", writer, "Runner", runner))
	}
	if fetcher != "" && runner != "" {
		out = append(out, domain.T("`{{.Fetcher}}` brings in code from the network and `{{.Runner}}` runs the project's own code: together they let the agent run code from elsewhere, without asking", "Fetcher", fetcher, "Runner", runner))
	}
	return out
}
