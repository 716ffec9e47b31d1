// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// NewProject is the project at root, for a line run in dir (root when ""),
// whose files are judged by this checker's rules of acceptance and
// inspection with the builtin catalogue.
func NewProject(root, dir string, fs projectfiles.GitFS, cache *projectfiles.Cache) *projectfiles.Project {
	return projectfiles.Open(root, dir, fs, cache, projectJudge{})
}

// projectJudge answers a project's files (Judge) with the builtin catalogue.
type projectJudge struct{}

func (projectJudge) AcceptRule(rule string) domain.Text { return AcceptRule(rule) }

// ConfigWords inspects words a config holds as a line of their own, in
// the project, without reading configs again (the config is being read).
func (projectJudge) ConfigWords(p *projectfiles.Project, words []string) domain.Text {
	in := &inspector{project: p, spelled: map[string]bool{}, noConfigs: true}
	reason, _ := in.inspect(words, len(words), 0)
	return reason
}
