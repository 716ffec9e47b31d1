// SPDX-License-Identifier: Apache-2.0

// Package verdict is the command checker's verdict: it matches a line's
// words (cmdline) to an allowed rule, reads the program's arguments with
// the catalogue (catalog), checks the risky ones, the paths, the
// destinations and the wrapped commands, and in a project the configs and
// pinned definitions its files hold (projectfiles); then says Approved, or
// why the line asks. It also decides which rules may be saved
// (AcceptRule). The file, the trust, the service and the catalogue's
// examples (run with this checker) sit above it, in package permissions.
package verdict
