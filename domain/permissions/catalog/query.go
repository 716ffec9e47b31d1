// SPDX-License-Identifier: Apache-2.0

package catalog

import "strings"

// A bazel query expression (docs/permissions.md §2): bazel parses it
// itself and runs nothing from it (kind(platform, //pkg:all), deps(//x)
// except //x/...). Its functions only read the build graph; its words are
// target patterns (read as labels: a path outside the project asks), regular
// expressions and counts, all path-checked as labels are, so a word naming
// /tmp or climbing with `..` asks whatever its place.

// queryWords are the words of expr bazel reads as target patterns or
// arguments (function names, operators and keywords left out), and false
// when expr holds a character a query expression never needs: then it is
// judged as a plain label, where a refused character asks.
func queryWords(expr string) ([]string, bool) {
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(" /:@._-*+,()'\"^=$", c) >= 0
		if !ok {
			return nil, false
		}
	}
	if !strings.ContainsAny(expr, "() ") {
		return nil, false // a plain label
	}
	var out []string
	f := strings.FieldsFunc(expr, func(r rune) bool { return r == ' ' || r == ',' || r == ')' })
	for _, w := range f {
		// name( opens a call: the name is the function's.
		if i := strings.LastIndexByte(w, '('); i >= 0 {
			w = w[i+1:]
		}
		w = strings.Trim(w, `'"`)
		switch w {
		case "", "^", "+", "-", "=", "intersect", "union", "except", "let", "in":
			continue
		}
		if strings.ContainsAny(w, `'"()`) {
			return nil, false
		}
		out = append(out, w)
	}
	return out, true
}
