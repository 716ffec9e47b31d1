// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"

	"memo.dev/projects/domain/permissions/cmdline"
)

// A keyed value (=k, docs/permissions.md §2): NAME;key=value;…, as VSTest
// reads a logger (dotnet test --logger "trx;LogFileName=x.trx"). The `;`
// must be quoted, and passes because the program splits the value itself
// and hands it to no shell. NAME is path-checked as any value; each key must
// be one the subcommand lists: `keys` take text (console's verbosity),
// `file_keys` name a file or folder, path-checked and never climbing with
// `..` (the program reads them from its results folder, not from the folder
// the line runs in). Any other key asks, with the `;`'s reason: a logger's
// setting Memo does not know may name a file to write anywhere.

// keyedValueOf is the value of the keyed option word a (next are the words
// after it, n of which it takes), and false for a spelling Memo does not
// read apart (-logger:x): that value is read as a plain one.
func keyedValueOf(a string, next []string, n int) (string, bool) {
	switch {
	case n == 1:
		return next[0], true
	case strings.HasPrefix(a, "--"):
		if i := strings.IndexAny(a, "=:"); i > 0 {
			return a[i+1:], true
		}
	case len(a) > 3 && (a[2] == '=' || a[2] == ':'):
		return a[3:], true // -l:x, -l=x
	case len(a) > 2 && !strings.ContainsAny(a, "=:"):
		return a[2:], true // -lx
	}
	return "", false
}

// keyedList reads v as NAME;key=value;…: the paths it names (NAME and the
// values of file keys), or false when v is no such list of keys the
// subcommand lists: a character the line check refuses other than `;`, a
// key it does not list, a file key's value climbing with `..`. Then v is
// judged as a plain value, where its `;` asks with the character's reason.
func keyedList(v string, keys, fileKeys map[string]bool) ([]string, bool) {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c != ';' && (!cmdline.Allowed(c) || c == '\'' || c == '"') {
			return nil, false
		}
	}
	fields := strings.Split(v, ";")
	if fields[0] == "" {
		return nil, false
	}
	paths := []string{fields[0]}
	for _, f := range fields[1:] {
		key, value, ok := strings.Cut(f, "=")
		k := strings.ToLower(key)
		switch {
		case ok && fileKeys[k] && value != "" && !climbs(value):
			paths = append(paths, value)
		case ok && keys[k] && !fileKeys[k]:
		default:
			return nil, false
		}
	}
	return paths, true
}

// climbs: p has a `..` part.
func climbs(p string) bool {
	for _, part := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return true
		}
	}
	return false
}

// lowerSet is the words, in lower case, as a set; nil when none.
func lowerSet(words []string) map[string]bool {
	if len(words) == 0 {
		return nil
	}
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[strings.ToLower(w)] = true
	}
	return m
}
