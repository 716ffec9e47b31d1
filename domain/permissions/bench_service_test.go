// SPDX-License-Identifier: Apache-2.0

package permissions_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/internal/cputime"
)

// BenchmarkServiceCheckCommand is check-command as the CLI and the API run
// it, through the service: the trusted file of 100 rules read, its state
// decided and described, then the line checked — what a line costs when
// every call starts from the file (BenchmarkCheckInProject is the check
// alone, as a long-lived checker pays it).
func BenchmarkServiceCheckCommand(b *testing.B) {
	f := newFixture(b)
	root := f.setUp(b)
	writeFile(b, filepath.Join(root, "package.json"), `{"scripts": {"test": "jest --ci", "lint": "eslint ."}}`)
	writeFile(b, filepath.Join(root, "Makefile"), "test:\n\tgo test ./...\n")
	rules := []string{"go test", "git status", "npm test", "npm run lint", "make test", "cargo test", "pytest", "rg"}
	for i := 0; len(rules) < 100; i++ {
		rules = append([]string{fmt.Sprintf("make target%d", i)}, rules...)
	}
	file, _ := json.Marshal(permissions.Permissions{Version: 1, AllowedCommands: rules, AllowedTools: []string{}})
	writeFile(b, permissions.Path(root), string(file))
	if _, err := f.perms.Trust(root); err != nil {
		b.Fatal(err)
	}
	time.Sleep(2100 * time.Millisecond) // past the cache's granularity window
	lines := []string{"go test ./...", "git status --short", "npm test", "make test", "rg -n TODO ."}
	for _, l := range lines {
		if v, err := f.perms.CheckCommand(root, l); err != nil || !v.Approved {
			b.Fatalf("%q: %+v %v", l, v, err)
		}
	}
	i, cpu := 0, cputime.Process()
	for b.Loop() {
		f.perms.CheckCommand(root, lines[i%len(lines)])
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(i)/1000, "µs/line")
	b.ReportMetric(float64((cputime.Process()-cpu).Nanoseconds())/float64(i)/1000, "cpu-µs/line")
}
