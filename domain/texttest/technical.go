// SPDX-License-Identifier: Apache-2.0

package texttest

import (
	"regexp"
	"strings"
)

// technical are the marks of a library's or the system's own text, which
// belongs in an error's detail, never in its sentence (docs/cli.md §3):
// Go's parsers and decoders, SQLite and its result codes, the os package's
// "op /path: reason" and Go's own formatting of nothing.
var technical = []struct {
	name string
	re   *regexp.Regexp
}{
	{"strconv", regexp.MustCompile(`strconv\.`)},
	{"encoding/json", regexp.MustCompile(`\bjson: |Go struct|Go value|invalid character|unexpected end of JSON`)},
	{"a SQLite result code", regexp.MustCompile(`[a-z] \(\d+\)`)},
	{"SQLite", regexp.MustCompile(`sqlite|SQL logic|no such table|no such column|database disk image`)},
	{"an os error", regexp.MustCompile(`\b(open|stat|lstat|mkdir|mkdirat|openat|read|write|rename|remove|unlinkat|readlink|chmod|fsync|sync) [^ ]*/[^ ]*: `)},
	{"Go's formatting", regexp.MustCompile(`%!|<nil>|\bruntime error\b|\bpanic\b|unexpected EOF`)},
	{"pflag", regexp.MustCompile(`invalid argument ".*" for ".*" flag|flag needs an argument|bad flag syntax`)},
	{"a generated \"a\" before a vowel", regexp.MustCompile(`\ba (ID|id|address|error|option|int|int64|integer|empty)\b`)},
}

// Technical names the library or system text found in sentence s ("" when
// none): what a person reads must be in their words.
func Technical(s string) string {
	var found []string
	for _, t := range technical {
		if m := t.re.FindString(s); m != "" {
			found = append(found, t.name+" ("+m+")")
		}
	}
	return strings.Join(found, ", ")
}
