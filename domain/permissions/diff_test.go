// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/untrusted"
)

func TestStatusUnifiedDiff(t *testing.T) {
	pins := memPins{}
	root := project(t, goodFile)
	st, _ := Load(root, "p", untrusted.ReadFile, pins)
	first, err := st.UnifiedDiff()
	if err != nil || !strings.HasPrefix(first, "--- /dev/null\n+++ current/.memo/permissions.json\n@@ -0,0 +1 @@\n+{") {
		t.Errorf("first version:\n%s %v", first, err)
	}
	Trust(root, "p", untrusted.ReadFile, pins, now)
	fixture.Write(t, Path(root), strings.Replace(goodFile, "go test", "go vet", 1), 0o644)
	st, _ = Load(root, "p", untrusted.ReadFile, pins)
	d, _ := st.UnifiedDiff()
	want := "--- trusted/.memo/permissions.json\n+++ current/.memo/permissions.json\n@@ -1 +1 @@\n-" + strings.TrimSuffix(goodFile, "\n") + "\n+" + strings.TrimSuffix(strings.Replace(goodFile, "go test", "go vet", 1), "\n") + "\n"
	if d != want {
		t.Errorf("changed:\n%s\nwant:\n%s", d, want)
	}
}
