// SPDX-License-Identifier: Apache-2.0

// Package cmdline is the first floor of the command checker: the line. It
// reads a command line as bash would and accepts only one plain command of
// literal words: a small character set (Words), then bash's own grammar
// (mvdan.cc/sh), quotes removed. What it returns is the words every floor
// above reads; it knows nothing of programs, projects or rules.
package cmdline
