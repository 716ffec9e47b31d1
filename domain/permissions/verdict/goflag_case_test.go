// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"
)

// Go's flag package reads a name as spelled: an option of a go subcommand
// is never read as the go command's option of the same letter in another
// case (go test -c compiles the test binary; go -C runs in another folder).
// Each member, and the spellings that must still ask.
func TestGoFlagsKeepTheirCase(t *testing.T) {
	for _, c := range []struct {
		rule, line string
		approve    bool
		reason     string
	}{
		{"go test", "go test -c ./pkg", true, ""},
		{"go test", "go test -c -o pkg.test ./pkg", true, ""},
		{"go test", "go test -o pkg.test -c ./pkg", true, ""},
		{"go test", "go test -run TestX -c", true, ""},
		{"go test", "go test --c ./pkg", true, ""},
		{"go vet", "go vet -c=2 ./...", true, ""},
		{"go doc", "go doc -c fmt", true, ""},
		{"go test", "go test -C dir ./...", false, "`-C` runs in another folder (go -C)"},
		{"go test", "go test --C=dir ./...", false, "runs in another folder"},
		{"go build", "go build -C dir .", false, "runs in another folder"},
		{"go mod edit", "go mod edit -C dir -fmt", false, "runs in another folder"},
		{"go test", "go test -exec=sh", false, "runs another program"},
		{"go test", "go test -toolexec /tmp/x", false, "runs another program"},
		// a risky option in another case that is no safe option still asks
		{"go test", "go test -Exec=sh", false, "runs another program"},
		{"go env", "go env -W X=1", false, "changes the configuration later approved commands run with"},
		{"go env", "go env -w X=1", false, "changes the configuration later approved commands run with"},
	} {
		v := NewChecker([]string{c.rule}).Check(c.line, nil)
		if v.Approved != c.approve || (!c.approve && !strings.Contains(v.Reason.String(), c.reason)) {
			t.Errorf("rule %q, line %q: approved=%v (%s), want approved=%v (%s)", c.rule, c.line, v.Approved, v.Reason, c.approve, c.reason)
		}
	}
}

// go run [build flags] package [arguments]: the words after the package, or
// after the .go files that make it, are the program's own arguments, not go
// run's options; they are still read by the risky table and path-checked.
func TestGoRunArgumentsAreTheProgramsOwn(t *testing.T) {
	for _, c := range []struct {
		rule, line string
		approve    bool
		reason     string
	}{
		{"go run ./cmd/gen-docs", "go run ./cmd/gen-docs --website --doc-path dist/manual", true, ""},
		{"go run ./cmd/gen", "go run ./cmd/gen -v -n 3", true, ""},
		{"go run main.go", "go run main.go --flag", true, ""},
		{"go run main.go", "go run main.go evil.go --flag", false, "built into the program too"},
		{"go run ./cmd/gen", "go run ./cmd/gen --out /tmp/x", false, "outside the project"},
		{"go run ./cmd/gen", "go run ./cmd/gen -exec=sh", false, "runs another program"},
		{"go run ./cmd/gen", "go run ./cmd/gen -toolexec x", false, "runs another program"},
	} {
		v := NewChecker([]string{c.rule}).Check(c.line, nil)
		if v.Approved != c.approve || (!c.approve && !strings.Contains(v.Reason.String(), c.reason)) {
			t.Errorf("rule %q, line %q: approved=%v (%s), want approved=%v (%s)", c.rule, c.line, v.Approved, v.Reason, c.approve, c.reason)
		}
	}
}
