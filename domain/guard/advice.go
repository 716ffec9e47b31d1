// SPDX-License-Identifier: Apache-2.0

package guard

import "memo.dev/projects/domain"

// Advice says what the person can do about a refusal of code: which folder
// to pick instead, or what to restore. The window shows it under the reason,
// and a refusal's error (Verdict.Err) says it after the reason.
func Advice(code Code) domain.Text {
	switch code {
	case CodeHome, CodeHomeAncestor:
		return domain.T("To use Memo, pick a project folder inside your home folder instead, such as a repository in ~/code.")
	case CodeSymlink, CodeInstall, CodeForeign, CodeUnreadable, CodeInMemo:
		return domain.T("To use it, open the project folder that holds this .memo instead, or remove or rename that .memo folder if it is not Memo's.")
	case CodeProjectFile:
		return domain.T("To use it, restore .memo/project.json, for example with git checkout -- .memo/project.json; removing the .memo folder would part the project from its memory.")
	case CodeInGit:
		return domain.T("To use Memo with this repository, open its working folder: the one that holds .git and your files.")
	}
	return domain.T("To use Memo here, open a folder of your own instead, such as a repository in your home folder.")
}

// Err is the refusal as an error of kind refused that says the reason and
// what to do (Advice), and carries the reason code and its values
// (domain.ReasonOf), as status does (docs/folders.md §2). An allowed verdict
// has no error.
func (v Verdict) Err() error {
	if v.Allowed {
		return nil
	}
	return domain.Refusal(string(v.Code), v.Args,
		domain.T("{{.Reason}} {{.Advice}}", "Reason", v.Reason, "Advice", Advice(v.Code)))
}
