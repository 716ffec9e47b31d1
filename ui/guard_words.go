// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
)

// reasonText words the guard's refusal in the reader's language from its
// code and values; a status without a known code keeps the English sentence.
func reasonText(st project.Status) string {
	a := map[string]any{}
	for k, v := range st.ReasonArgs {
		a[k] = v
	}
	switch st.ReasonCode {
	case guard.CodeHome:
		return lang.L("This is your home folder: Memo keeps its own install in ~/.memo there, and an update would delete project files.")
	case guard.CodeHomeAncestor:
		return lang.L("This folder contains your home folder, and with it Memo's own install in ~/.memo; choose the project's own folder instead.")
	case guard.CodeFSRoot:
		return lang.L("This is the root of the filesystem; choose the project's own folder instead.")
	case guard.CodeDriveRoot:
		return lang.L("This is the root of a drive; choose the project's own folder instead.")
	case guard.CodeVolumeRoot:
		return lang.L("This is the root of a mounted volume; choose the project's own folder instead.")
	case guard.CodeMemoHome:
		return lang.L("This is Memo's own folder, where its install and data live; a project cannot live there.")
	case guard.CodeMemoParent:
		return lang.L("This folder's .memo is Memo's own install folder; a project here would mix project files into the install.")
	case guard.CodeExecutable:
		return lang.L("This folder holds the installed Memo program; a project cannot live there.")
	case guard.CodeSettings:
		return lang.L("This is Memo's settings folder; a project cannot live there.")
	case guard.CodeSystem:
		return lang.L("This is a system folder; projects belong in your own folders.")
	case guard.CodeInSystem:
		return lang.L("This folder is inside the system folder {{.folder}}; projects belong in your own folders.", a)
	case guard.CodeShared:
		return lang.L("This is {{.folder}}, a folder shared by many programs; choose a folder inside it instead.", a)
	case guard.CodeTemp:
		return lang.L("This is the system temp folder itself; only a folder inside it can be a project.")
	case guard.CodeSymlink:
		return lang.L("This folder's .memo is a symbolic link or junction; Memo treats it as foreign and never writes through it.")
	case guard.CodeInstall:
		return lang.L("This folder's .memo holds {{.entries}}, so it looks like a Memo install, not a project; Memo leaves it alone.", a)
	case guard.CodeForeign:
		return lang.L("This folder holds a .memo folder that Memo did not create; Memo never writes into it.")
	case guard.CodeProjectFile:
		return lang.L("This folder's .memo/project.json is not a valid Memo project file, so Memo cannot tell which project this is and never writes into this .memo; if it was this project's, restore that file (with git, or from a backup) to keep the project's memory.")
	case guard.CodeUnreadable:
		return lang.L("This folder's .memo cannot be read ({{.error}}), so Memo cannot tell whether it is a project; Memo leaves it alone.", a)
	case guard.CodeInMemo:
		return lang.L("This folder is inside a .memo folder ({{.folder}}); a project is the folder that holds its .memo, and Memo never makes a project inside one.", a)
	case guard.CodeInGit:
		return lang.L("This folder belongs to {{.folder}}, where git keeps a repository's history and settings; Memo never makes a project there.", a)
	case guard.CodeEmpty:
		return lang.L("No folder was given.")
	case guard.CodeRelative:
		return lang.L("This path is not absolute; give the folder's full path.")
	case guard.CodeNUL:
		return lang.L("This path contains a NUL character, which no folder name can hold.")
	case guard.CodeColon:
		return lang.L("This path has a colon inside a folder name, which Windows does not allow.")
	case guard.CodeUNC:
		return lang.L(`This network path is incomplete; give it as \\server\share\folder.`)
	case guard.CodeDots:
		return lang.L("This path has a folder name made only of dots and spaces, which Windows reads ambiguously.")
	case guard.CodeDevice:
		return lang.L("This is a device path Memo cannot map to a folder; give the folder's drive path instead.")
	}
	return st.Reason
}

// usableHint says what would make a refused folder usable: the guard's
// advice, the same the command line and the API say after the reason.
func usableHint(code guard.Code) string { return sayText(guard.Advice(code)) }
