// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"fmt"
	"strings"
)

// A test framework linked into a program reads its own options on the
// program's line, whatever the program is: googletest's --gtest_color,
// --gtest_filter … in every test binary a C++ project builds. The builtin
// list test_binary_options (cpp.toml) names the ones that only choose,
// order and report tests; the checker lets them pass on the line of a
// program of the project that has no entry and is no script
// (docs/permissions.md §7, Programs without an entry).

// testBinarySpec: googletest reads an option's value glued on alone
// (--gtest_filter=X; --gtest_filter X leaves X to the program), so the
// list holds switches and glued values (=?) only: a value that could be
// the next word would be read as one the program does not take.
func testBinarySpec(s *OptSet) error {
	if len(s.Short) > 0 || len(s.prefixes) > 0 {
		return fmt.Errorf("test_binary_options holds long options only")
	}
	for n, a := range s.Long {
		if a != noValue && a != optValue {
			return fmt.Errorf("test_binary_options: --%s takes its value glued alone: write it --%s=?", n, n)
		}
	}
	return nil
}

// TestBinaryOption reports whether the word a is one of the framework
// options test_binary_options lists, as the framework reads it: the
// option alone, or with its value glued on where it takes one
// (--gtest_color=yes, --gtest_output=xml:build/report.xml). The value is
// the caller's to path-check.
func (c *Catalog) TestBinaryOption(a string) bool {
	body, ok := strings.CutPrefix(a, "--")
	if c.TestBinary == nil || !ok {
		return false
	}
	name, _, glued := strings.Cut(body, "=")
	ar, known := c.TestBinary.Long[name]
	switch {
	case !known:
		return false
	case ar == noValue:
		return !glued
	}
	return true
}
