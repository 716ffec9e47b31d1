// SPDX-License-Identifier: Apache-2.0

package project

import (
	"os"
	"runtime"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/untrusted"
)

// StateWrongKind is an item that is there but is not what Memo keeps there
// (a file where .memo/skills/ belongs, a folder where notes.md does): Memo
// leaves it alone, and the reason says what it is.
const StateWrongKind = "wrong kind"

// wrongKind says, when the item at p exists but is not what setup makes
// there (a folder for an item ending in "/", else a file), what it is. A
// link counts as what it leads to: AGENTS.md is often a link to CLAUDE.md.
func wrongKind(p, item string) (domain.Text, bool) {
	fi, err := os.Stat(p)
	if err != nil {
		return domain.Text{}, false // missing, or a link to nothing: not a kind
	}
	kind := filekind.Of(fi.Mode(), runtime.GOOS == "windows", false)
	switch wantDir := strings.HasSuffix(item, "/"); {
	case wantDir && kind != filekind.Dir:
		return domain.T("{{.Path}} is {{.Kind}}, where Memo keeps a folder; Memo leaves it alone", "Path", p, "Kind", untrusted.KindOf(fi.Mode())), true
	case !wantDir && kind != filekind.File:
		return domain.T("{{.Path}} is {{.Kind}}, where Memo keeps a file; Memo leaves it alone", "Path", p, "Kind", untrusted.KindOf(fi.Mode())), true
	}
	return domain.Text{}, false
}

// existsReason is why setup leaves an existing item alone: it exists, or it
// is not what Memo keeps there.
func existsReason(p, item string) string {
	if why, wrong := wrongKind(p, item); wrong {
		return why.String()
	}
	return ReasonExists
}
