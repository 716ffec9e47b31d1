// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/verdict"
)

// A builtin table that does not load is refused, not read as a program
// without an entry: a wrapper's command would pass as its operands.
func TestDroppedTableIsRefused(t *testing.T) {
	files := catalog.BuiltinSources()
	for i := range files {
		if files[i].Path == "catalog/wrappers.toml" {
			files[i].Data = []byte(strings.Replace(string(files[i].Data), "rule = 'env CGO_ENABLED=0 go build'", "rule = 'env CGO_ENABLED=0 go zzz'", 1))
		}
	}
	c, problems := loadCatalog(files, nil)
	if len(problems) == 0 {
		t.Fatal("the broken example did not fail")
	}
	for _, rule := range []string{"env git -c core.pager=x log", "env CI=1 go test", "ENV.exe make"} {
		if r := verdict.AcceptRuleIn(c, rule); r.IsZero() || !strings.Contains(r.String(), "did not load") {
			t.Errorf("rule %q with env's table dropped: %q, want it refused", rule, r)
		}
	}
	if r := verdict.AcceptRuleIn(c, "nice make test"); !r.IsZero() {
		t.Errorf("nice make test refused: %s", r)
	}
}
