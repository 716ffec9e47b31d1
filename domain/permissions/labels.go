package permissions

// capability is one thing an approved rule lets the agent do, for the
// review's plain words (SPEC §7.1: the review says what the rules can do).
type capability uint16

const (
	readsProject    capability = 1 << iota // reads files inside the project
	writesProject                          // writes files inside the project
	runsProjectCode                        // runs the project's own code: tests, scripts, build scripts, JS configs
	readsNetwork                           // downloads: dependencies, fetched commits
	sendsNetwork                           // sends the project's data: push, publish
	changesRepo                            // commits, switches branches, rewrites history
	runsUnknown                            // runs a program Memo has no entry for
)
