// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// npx, bunx and pnpm exec are accepted with a plain bin name and nothing
// before it; the runner alone, a version, a path, a scope, an option or an
// interpreter are refused.
func TestLocalBinRules(t *testing.T) {
	for _, r := range []string{"npx vitest", "npx vitest run", "bunx eslint", "pnpm exec tsc", "npx mytool --fix", "npx.cmd jest"} {
		if why := AcceptRule(r); !why.IsZero() {
			t.Errorf("rule %q refused (%s), want it accepted", r, why)
		}
	}
	for _, r := range []string{"npx", "bunx", "pnpm exec", "npx -y vitest", "npx --yes vitest", "npx -p x vitest",
		"npx --package=x vitest", "npx -c vitest", "npx --call=x", "npx vitest@1", "npx @scope/tool", "npx ./bin/x",
		"npx ../x", "npx /usr/bin/x", "npx sh", "npx node", "bunx bash", "npx npm", "pnpm exec -c vitest",
		"pnpm exec --shell-mode vitest", "npx .bin", "pnpx vitest", "npm exec vitest", "yarn dlx vitest", "bun x vitest"} {
		if AcceptRule(r).IsZero() {
			t.Errorf("rule %q accepted, want it refused", r)
		}
	}
}

// binProject is a project with a package.json whose node_modules/.bin
// holds the given links (name → target) and files.
func binProject(t *testing.T, links map[string]string, files ...string) string {
	t.Helper()
	root := fixture.LinkedProject(t, links, files...)
	fixture.Write(t, filepath.Join(root, "package.json"), "{}\n", 0o644)
	return root
}

// A line is approved only while the project's node_modules/.bin holds the
// program, inside the project after its links; its words are the
// program's own.
func TestLocalBinLines(t *testing.T) {
	outside := t.TempDir()
	fixture.Write(t, filepath.Join(outside, "evil.js"), "x\n", 0o755)
	root := binProject(t, map[string]string{
		"node_modules/.bin/vitest": "../vitest/vitest.mjs",
		"node_modules/.bin/evil":   filepath.Join(outside, "evil.js"),
		"node_modules/.bin/gone":   "../gone/missing.js",
	}, "node_modules/vitest/vitest.mjs", "node_modules/.bin/mytool", "node_modules/.bin/jest.cmd", "src/main.js")
	rules := []string{"npx vitest", "bunx vitest", "pnpm exec vitest", "npx evil", "npx gone", "npx eslint", "npx mytool --fix", "npx jest"}
	for line, want := range map[string]string{
		"npx vitest run":                 "",
		"bunx vitest run --coverage":     "",
		"pnpm exec vitest run":           "",
		"npx mytool --fix src":           "",
		"npx mytool --fix nowhere":       "`nowhere` is neither a path in the project nor a word the rule spells",
		"npx jest":                       map[bool]string{true: "", false: "jest is not installed"}[runtime.GOOS == "windows"],
		"npx vitest --frobnicate":        "`--frobnicate` is not an option Memo knows for vitest",
		"npx vitest --config=/tmp/v.ts":  "outside the project",
		"npx mytool --fix --unsafe":      "not an option the rule spells",
		"npx evil":                       "leads outside the project",
		"npx gone":                       "not installed",
		"npx eslint .":                   "eslint is not installed in the project's node_modules; npx would download it",
		"npx vitest run & id":            "chain",
		"npx -y vitest":                  "no allowed rule",
		"npx vitest@latest run":          "no allowed rule",
		"pnpm exec vitest run -- --x=/a": "outside the project",
	} {
		v := checkIn(root, "", rules, line)
		switch {
		case want == "" && !v.Approved:
			t.Errorf("%q asks (%s), want it approved", line, v.Reason)
		case want != "" && (v.Approved || !strings.Contains(v.Reason.String(), want)):
			t.Errorf("%q: approved=%v %q, want it to ask with %q", line, v.Approved, v.Reason, want)
		}
	}
	// The runner looks in the nearest folder with a package.json.
	fixture.Write(t, filepath.Join(root, "pkg", "package.json"), "{}\n", 0o644)
	if v := checkIn(root, filepath.Join(root, "pkg"), rules, "npx vitest run"); v.Approved {
		t.Errorf("npx vitest in a package without it installed is approved")
	}
	// Without the project Memo cannot tell.
	if v := CheckCommand(rules, "npx vitest run", nil); v.Approved {
		t.Errorf("npx vitest checked without a project is approved")
	}
	// node_modules itself a link out of the project.
	root2 := binProject(t, map[string]string{"node_modules": filepath.Join(outside)})
	fixture.Write(t, filepath.Join(outside, ".bin", "vitest"), "x\n", 0o755)
	if v := checkIn(root2, "", rules, "npx vitest run"); v.Approved {
		t.Errorf("npx vitest through a node_modules link out of the project is approved")
	}
	// The project's .npmrc applies to npx.
	fixture.Write(t, filepath.Join(root, ".npmrc"), "node-options=--require=/tmp/x.js\n", 0o644)
	blockedBy(t, root, "", rules, "npx vitest run", ".npmrc", "node-options")
}

// The label says the rule runs the project's installed program.
func TestLocalBinLabel(t *testing.T) {
	for _, r := range []string{"npx vitest", "bunx vitest run", "pnpm exec vitest"} {
		labels := RuleLabels(r, nil)
		if len(labels) == 0 || !strings.Contains(labels[0].String(), "installed `vitest`") {
			t.Errorf("labels of %q: %v, want the installed vitest named first", r, labels)
		}
	}
}
