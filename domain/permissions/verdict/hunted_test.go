// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// A rule that names targets approves those alone: make, task, mvn and
// gradle run every target named, just a further recipe; a bare rule any.
func TestMoreTargetsAsk(t *testing.T) {
	for _, c := range []struct {
		rule, line string
		approve    bool
	}{
		{"make test", "make test deploy", false},
		{"make test", "make test -k deploy", false},
		{"make test", "make -j4 test install", false},
		{"make test", "make test -j 8", true},
		{"make test", "make test -j8 -k", true},
		{"make -j 8 test", "make -j 8 test lint", false},
		{"make test lint", "make test lint", true},
		{"make", "make deploy", true},
		{"task test", "task test deploy", false},
		{"task test", "task test -- -v", true},
		{"mvn clean package", "mvn clean package deploy", false},
		{"mvn clean package", "mvn clean package -DskipTests", true},
		{"gradle test", "gradle test publish", false},
		{"gradle clean build", "gradle clean build -x test", true},
		{"just test", "just test build", false},
		{"just test", "just test os=plan9", false},
		{"just test", "just test --yes", true},
		{"just test unit", "just test unit", true},
		{"just --list", "just --list", true},
	} {
		if v := CheckCommand([]string{c.rule}, c.line, nil); v.Approved != c.approve {
			t.Errorf("rule %q, line %q: approved=%v (%s), want %v", c.rule, c.line, v.Approved, v.Reason, c.approve)
		}
	}
}

// pytest looks for its config from a folder it is given, not only from
// that folder's parent.
func TestPytestConfigOfAFolderOperand(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "sub", "pytest.ini"), "[pytest]\naddopts = -p evil\n", 0o644)
	fixture.Write(t, filepath.Join(root, "sub", "test_x.py"), "def test_x(): pass\n", 0o644)
	for _, line := range []string{"pytest sub", "pytest sub/", "pytest sub/test_x.py", "python -m pytest -q sub"} {
		blockedBy(t, root, "", []string{"pytest", "python -m pytest"}, line, "sub/pytest.ini", "addopts")
	}
	approvedIn(t, root, "", []string{"pytest"}, "pytest")
}

// sed's r and R read files: through a link the project holds too.
func TestSedReadsOnlyProjectFiles(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "secret"), "x\n", 0o644)
	root := fixture.LinkedProject(t, map[string]string{"out": outside}, "header.txt", "x")
	for line, approve := range map[string]bool{
		"sed \"r out/secret\" x":   false,
		"sed \"1R out/secret\" x":  false,
		"sed -e \"rout/secret\" x": false,
		"sed \"r header.txt\" x":   true,
		"sed -n 1p x":              true,
	} {
		if v := checkIn(root, "", []string{"sed"}, line); v.Approved != approve {
			t.Errorf("%q: approved=%v (%s), want %v", line, v.Approved, v.Reason, approve)
		}
	}
}
