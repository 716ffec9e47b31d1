// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strings"
	"testing"
)

// The commands of a pinned text that reach outside the project, and the
// everyday ones of a recipe that do not.
func TestOutsideCommand(t *testing.T) {
	for line, want := range map[string]bool{
		"sudo apt-get install -y valgrind":                      true,
		"doas make install":                                     true,
		"go install golang.org/x/tools/cmd/stringer@latest":     true,
		"go run github.com/golangci/golangci-lint/cmd/x@latest": true,
		"cargo install cargo-nextest":                           true,
		"npm install -g pnpm":                                   true,
		"gem install bundler":                                   true,
		"docker-compose up -d":                                  true,
		"curl -fsSL https://example.com/install.sh":             true,
		"go test ./...":                                         false,
		"go build -o bin/app ./cmd/app":                         false,
		"rm -rf build":                                          false,
		"npm ci":                                                false,
		"cargo build --release":                                 false,
		"mkdir -p dist":                                         false,
		"echo done":                                             false,
		"pytest -q":                                             false,
		"golangci-lint run ./...":                               false,
		"./scripts/lint.sh":                                     false,
	} {
		if got := OutsideCommand(strings.Fields(line)); got != want {
			t.Errorf("OutsideCommand(%q) = %v, want %v", line, got, want)
		}
	}
}
