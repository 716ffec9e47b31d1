// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// An approved line's every option is safe for its program or spelled in the
// rule, and no word names a path outside the folder or inside .git/.memo
// (checked on the line's words alone).
func FuzzDefaultDeny(f *testing.F) {
	for _, l := range benchLines {
		f.Add(strings.Fields(l)[0]+" "+strings.Fields(l)[1], l)
	}
	for _, s := range []string{"pytest --basetemp=/tmp", "git log --output=../x", "cargo test -- --nocapture",
		"uv run pytest -x", "pnpm build --filter web", "busybox sed -i x f", "python -m pytest -p x"} {
		f.Add(strings.Join(strings.Fields(s)[:2], " "), s)
	}
	for _, s := range []string{"npx vitest run", "pnpm exec tsc -b", "sed \"r /etc/passwd\" x", "git ls-files :/",
		"mytool -- --fix", "make test deploy", "pytest -qp evil"} {
		f.Add(strings.Join(strings.Fields(s)[:2], " "), s)
	}
	f.Fuzz(func(t *testing.T, rule, line string) {
		v := CheckCommand([]string{rule}, line, nil)
		if !v.Approved {
			return
		}
		words, _ := cmdline.Words(line)
		rw, _ := cmdline.Words(v.Rule)
		spelled := catalog.SpelledOptions(rw)
		name, args := catalog.ResolveProgram(words)
		if c, ok := catalog.CompiledEntries()[name]; !ok && !catalog.IsInterpreter(name) {
			for _, a := range args {
				if a != "--" && catalog.IsOptionWord(a, false) && !spelled[a] {
					t.Fatalf("approved %q (rule %q): %q is not spelled in the rule of a program without an entry", line, v.Rule, a)
				}
			}
		} else if ok {
			r := c.Read(name, args, spelled)
			if !r.Unknown.IsZero() {
				t.Fatalf("approved %q (rule %q) while its entry reads: %s", line, v.Rule, r.Unknown)
			}
		}
		// Checked without a project, no line runs a program from a
		// node_modules Memo cannot see.
		if r := (&inspector{spelled: spelled}).read(name, args); catalog.LocalBinRunner(name, r) {
			t.Fatalf("approved %q (rule %q) without a project to find its program in", line, v.Rule)
		}
		if name == "sed" {
			for _, f := range catalog.SedReadFiles(args) {
				if !filepathIsLocal(f) {
					t.Fatalf("approved %q (rule %q): sed reads %q outside", line, v.Rule, f)
				}
			}
		}
		for _, w := range words[1:] {
			if name == "git" && strings.HasPrefix(w, ":/") {
				t.Fatalf("approved %q (rule %q): %q is a path from the repository's top", line, v.Rule, w)
			}
			for _, c := range projectfiles.PathCandidates(w) {
				if strings.HasPrefix(c, "/") || strings.HasPrefix(c, "../") || c == ".." {
					// Text values (messages, patterns) are no paths: only
					// those the reader took for paths count.
					if isPathWordOf(name, args, w, spelled) {
						t.Fatalf("approved %q (rule %q) naming %q outside", line, v.Rule, c)
					}
				}
			}
		}
	})
}

// isPathWordOf: the reader takes w for a path (an operand or a value).
func isPathWordOf(name string, args []string, w string, spelled map[string]bool) bool {
	var r catalog.Reading
	if c, ok := catalog.CompiledEntries()[name]; ok {
		r = c.Read(name, args, spelled)
	} else {
		r = catalog.ReadUnknown(name, args, spelled)
	}
	for _, p := range r.Paths {
		if p == w {
			return true
		}
	}
	return false
}

func filepathIsLocal(p string) bool { return filepath.IsLocal(p) && !projectfiles.ProtectedPart(p) }
