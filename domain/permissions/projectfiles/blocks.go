// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
)

// Block is a project file that makes an approved program run another, and
// so makes that program's lines ask (docs/permissions.md §7): which file, which key, and
// why. The Permissions tab and the `permissions` JSON show it beside the
// rule it blocks.
type Block struct {
	// File is relative to the project (slash separated) when inside it,
	// else absolute (a .cargo/config.toml in a parent folder).
	File string `json:"file"`
	// Key is the setting (core.fsmonitor, script-shell, target.x.runner,
	// addopts), "" when the file itself is the reason.
	Key string `json:"key,omitempty"`
	// Reason prints as its English sentence; the window words it.
	Reason domain.Text `json:"reason"`
}

// ProgramBlock is the project config that makes the program run another,
// or nil (docs/permissions.md §7: configs block like git's).
func (p *Project) ProgramBlock(name string, r catalog.Reading) *Block {
	// The option values too: cargo's --target chooses the target tables
	// that apply.
	arg := name + "\x00" + r.Sub + "\x00" + strings.Join(r.Operands, "\x00") + "\x00\x00" + strings.Join(r.Paths, "\x00")
	return p.Memo("prog", arg, func(q *Project) any { return q.readProgramBlock(name, r) }).(*Block)
}

func (p *Project) readProgramBlock(name string, r catalog.Reading) *Block {
	switch name {
	case "npm", "pnpm", "yarn", "bun":
		return p.nodeBlock(name)
	case "npx":
		return p.nodeBlock("npm")
	case "bunx":
		return p.nodeBlock("bun")
	case "cargo", "rustc", "rustfmt":
		return p.cargoBlock(r)
	case "pytest", "py.test":
		return p.pytestBlock(r)
	case "make":
		return p.makeBlock()
	case "go":
		return p.goBlock()
	case "gradle", "gradlew":
		return p.gradleBlock()
	case "bazel", "bazelisk":
		return p.bazelBlock(r.Paths)
	}
	return nil
}
