// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/verdict"
)

// ToolLabels says in plain words what an approved file tool can do. Memo's
// file tools work only inside the project, so the one question is whether
// the tool writes.
func ToolLabels(name string) []domain.Text {
	if !verdict.AcceptTool(name).IsZero() {
		return []domain.Text{}
	}
	if writingTools[name] {
		return []domain.Text{domain.T("writes files inside the project")}
	}
	return []domain.Text{domain.T("reads files inside the project")}
}

// ToolReport is one file tool in the review.
type ToolReport struct {
	Tool string `json:"tool"`
	// Refused says why the tool cannot be approved, when it cannot.
	Refused *domain.Text `json:"refused,omitempty"`
	// Labels say in plain words what the tool can do.
	Labels []domain.Text `json:"labels"`
}

// toolReports reviews each tool of the file.
func toolReports(tools []string) []ToolReport {
	out := []ToolReport{}
	for _, name := range tools {
		tr := ToolReport{Tool: name, Labels: ToolLabels(name)}
		if why := verdict.AcceptTool(name); !why.IsZero() {
			tr.Refused = &why
		}
		out = append(out, tr)
	}
	return out
}
