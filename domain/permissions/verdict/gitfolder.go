// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// `git -C DIR …` runs git as `cd DIR && git …` would (docs/permissions.md
// §5): the rest of the line is checked in DIR, with the repository git
// finds from there (and the project's, §6), its paths relative to DIR. DIR
// must be a folder of the project named as it is: no link on the way, no
// `..`, not absolute; without a project Memo cannot tell, and the line asks.

func gitFolderOutside(dir string) domain.Text {
	return domain.T("`git -C {{.Dir}}` runs git in a folder that is not one inside the project Memo can name without following a link", "Dir", dir)
}

// gitFolderAt is the index in args of the `-C` among the options before
// git's subcommand, when one is there.
func gitFolderAt(args []string) (int, bool) {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-C":
			return i, true
		case a == "-c":
			i++
		case !strings.HasPrefix(a, "-"):
			return 0, false
		}
	}
	return 0, false
}

// inspectGitFolder inspects a git line holding `-C DIR` (at its index in
// args) as the line without it, run in DIR. prefix is how many of words
// are the rule's.
func (in *inspector) inspectGitFolder(words, args []string, at, prefix, depth int) (domain.Text, *projectfiles.Block) {
	if at+1 >= len(args) {
		return domain.T("`{{.Word}}` is a git option before the subcommand; those can change what git runs (-c, -C, -p, --git-dir …)", "Word", "-C"), nil
	}
	dirWord := args[at+1]
	if _, again := gitFolderAt(args[at+2:]); again {
		// A second -C is read from the first: one folder only.
		return domain.T("`{{.Word}}` is a git option before the subcommand; those can change what git runs (-c, -C, -p, --git-dir …)", "Word", "-C"), nil
	}
	if !catalog.GitFolderWord(dirWord) || in.project == nil {
		return gitFolderOutside(dirWord), nil
	}
	dir, ok := in.project.LiteralFolder(dirWord)
	if !ok {
		return gitFolderOutside(dirWord), nil
	}
	off := len(words) - len(args)
	rest := slices.Concat(words[:off+at], words[off+at+2:])
	switch {
	case off+at+2 <= prefix:
		prefix -= 2 // the rule names -C DIR
	case off+at < prefix:
		prefix = off + at
	}
	sub := *in
	sub.project = in.project.InDir(dir)
	sub.git = sub.project.Git
	return sub.inspectLine(rest, prefix, depth)
}
