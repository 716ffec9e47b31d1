// SPDX-License-Identifier: Apache-2.0

package project_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
)

var testNow = func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }

func testRules(t *testing.T) guard.Rules {
	home := t.TempDir()
	return guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
}

// newTestService returns a service whose home and Memo home live in a temp
// folder, so folders made with t.TempDir() are allowed.
func newTestService(t *testing.T) (*project.Service, *projecttest.Registry) {
	t.Helper()
	reg := projecttest.NewRegistry()
	return project.NewService(testRules(t), reg, projecttest.NewSettings(), testNow), reg
}
