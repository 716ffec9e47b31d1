// SPDX-License-Identifier: Apache-2.0

package catalog

// Capability is one thing an approved rule lets the agent do, for the
// review's plain words (docs/permissions.md §7, labels).
type Capability uint16

const (
	readsProject    Capability = 1 << iota // reads files inside the project
	WritesProject                          // writes files inside the project
	RunsProjectCode                        // runs the project's own code: tests, scripts, build scripts, JS configs
	ReadsNetwork                           // downloads: dependencies, fetched commits
	SendsNetwork                           // sends the project's data: push, publish
	ChangesRepo                            // commits, switches branches, rewrites history
	RunsUnknown                            // runs a program Memo has no entry for
)

// OnlyReads reports whether the program only reads (the project, the network): it cannot
// change a file, the repository or what a later command runs. An entry
// that says nothing does not only read.
func (c Capability) OnlyReads() bool {
	return c != 0 && c&^(readsProject|ReadsNetwork) == 0
}

// FilterDoes is what a filter does with only its filter options (a
// table's `filter`): it reads.
const FilterDoes = readsProject
