// SPDX-License-Identifier: Apache-2.0

package verdict

import "testing"

// Git revisions (docs/permissions.md §2): a `~` or `^` inside a word bash
// reads literally, and git only resolves a revision; so they pass in the
// places git's table marks as revisions, and nowhere else.
func TestGitRevisions(t *testing.T) {
	cases := []struct {
		rule, line string
		approve    bool
	}{
		{"git diff", "git diff --stat HEAD~10..HEAD", true},
		{"git diff", "git diff main...HEAD~2 -- src", true},
		{"git log", "git log HEAD^", true},
		{"git log", "git log --oneline ^main topic~2", true},
		{"git checkout", "git checkout HEAD^2", true},
		{"git checkout", "git checkout -b fix HEAD~1", true},
		{"git show", "git show HEAD~1:go.mod", true},
		{"git rebase", "git rebase --onto main HEAD~3", true},
		{"git rebase", "git rebase --onto=main~1 topic", true},
		{"git reset", "git reset --soft HEAD~1", true},
		{"git reset", "git reset --hard HEAD~1", true},
		{"git cherry-pick", "git cherry-pick topic~2", true},
		{"git revert", "git revert HEAD~1", true},
		{"git merge-base", "git merge-base HEAD~1 main", true},
		{"git rev-parse", "git rev-parse HEAD~1", true},
		{"git rev-list", "git rev-list --count HEAD~5..HEAD", true},
		{"git describe", "git describe --tags HEAD~1", true},
		{"git blame", "git blame HEAD~1 -- go.mod", true},
		{"git format-patch", "git format-patch HEAD~3", true},
		{"git restore", "git restore --source=HEAD~1 go.mod", true},
		{"git commit", "git commit --fixup=HEAD~2", true},
		{"git diff", "git diff 'HEAD~1'", true},
		{"git diff", "git --no-pager diff HEAD^", true},
		{"git clang-format", "git clang-format HEAD~1", true},
		{"git clang-format", "git clang-format --diff HEAD^ -- src/a.cc", true},
		// what must still ask
		{"git diff", "git diff ~/x", false},             // a home folder
		{"git diff", "git diff ~root", false},           // another user's home
		{"git diff", "git diff '~/x'", false},           // quoted, still no revision
		{"git diff", "git diff x=~/y", false},           // ~ after =
		{"git diff", "git diff x:~/y", false},           // ~ after :
		{"git diff", "git diff --relative=~/x", false},  // an option value
		{"git diff", "git diff HEAD -- a~1", false},     // a path after --
		{"git diff", "git diff -~1", false},             // an option
		{"git log", "git log --since=HEAD~1", false},    // a value that is not a revision
		{"git log", "git log HEAD@{u}", false},          // braces
		{"git show", "git show v1.0^{commit}", false},   // braces
		{"git show", "git show 'v1.0^{tree}'", false},   // quoted braces
		{"git log", "git log HEAD~1;id", false},         // chained
		{"git log", "git log HEAD~$(id)", false},        // substitution
		{"git log", "git log HEAD~*", false},            // a pattern
		{"git rebase", "git rebase -i HEAD~3", false},   // opens an editor: not a safe option
		{"git fetch", "git fetch origin main~1", false}, // a refspec, not a revision
		{"git push", "git push origin HEAD~1:main", false},
		{"git clang-format", "git clang-format HEAD -- a~1", false},       // a path after --
		{"git clang-format", "git clang-format --binary x HEAD~1", false}, // runs another program
		{"git clang-format", "git clang-format --extensions=~/x", false},  // an option value
		{"go test", "go test ./x~1", false},                               // a package
		{"make", "make X=a~b", false},                                     // a make variable
		{"./scripts/x.sh", "./scripts/x.sh HEAD~1", false},                // a program without an entry
		{"git diff", "git diff ../x~1", false},                            // a revision is path-checked besides
	}
	for _, c := range cases {
		v := CheckCommand([]string{c.rule}, c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("CheckCommand(%q, %q) = approved %v (%s), want %v", c.rule, c.line, v.Approved, v.Reason, c.approve)
		}
	}
}
