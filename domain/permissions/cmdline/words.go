// SPDX-License-Identifier: Apache-2.0

package cmdline

import (
	"strings"
)

func FirstWord(s string) string {
	w, _, _ := strings.Cut(s, " ")
	return w
}

// ValuesOf are the values after each `=` of a word.
func ValuesOf(w string) []string {
	var out []string
	for i := strings.IndexByte(w, '='); i >= 0; i = strings.IndexByte(w, '=') {
		w = w[i+1:]
		out = append(out, w)
	}
	return out
}

func HasPrefixWords(words, prefix []string) bool {
	if len(prefix) == 0 || len(words) < len(prefix) {
		return false
	}
	for i := range prefix {
		if words[i] != prefix[i] {
			return false
		}
	}
	return true
}

func Uniq(paths ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
