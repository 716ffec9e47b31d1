// SPDX-License-Identifier: Apache-2.0

// Package projectfiles reads the project a line runs in: the paths its
// words name (through the project's links), the git repository and its
// configuration, the configs that make a program run another (Block), and
// the definitions a rule runs (scripts, recipes, tasks), followed to the
// files they name. Files are read through a Cache shared by every check.
// What only the checker can say (whether a rule is accepted, why words a
// config holds ask) it asks of a Judge given when the project is opened,
// so the arrows point down: projectfiles imports catalog and cmdline,
// never verdict.
package projectfiles
