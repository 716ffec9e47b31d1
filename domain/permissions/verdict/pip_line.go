// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// pipLine checks a pip install line (pip, python -m pip, uv pip install)
// against the project (docs/permissions.md §7 pip): its words name only
// the project's declarations (catalog.ReadPipInstall, checked with the
// risky arguments); here the files they name are read. A rule being
// accepted is not: its lines are, when checked.
func (in *inspector) pipLine(name, word string, args []string) (domain.Text, *projectfiles.Block) {
	if in.rule || (name != "pip" && name != "uv") {
		return domain.Text{}, nil
	}
	pi, reason, ok := catalog.ReadPipInstall(args, name == "uv")
	if !ok {
		return domain.Text{}, nil
	}
	if !reason.IsZero() {
		return reason, nil
	}
	if in.project == nil {
		if len(pi.Requirements)+len(pi.Constraints)+len(pi.Groups) > 0 {
			return domain.T("Memo reads requirement files only in a project, so pip install of one asks here"), nil
		}
		return domain.Text{}, nil
	}
	// A pip of a venv the project holds (.venv/bin/pip, or its python
	// running -m pip) reads that venv's pip.conf, however deep it is.
	for _, w := range []string{word, in.runner} {
		if b := in.project.VenvPipConfig(w); b != nil {
			return b.Reason, b
		}
	}
	return in.project.PipInstallProblem(in.ruleText, pi)
}
