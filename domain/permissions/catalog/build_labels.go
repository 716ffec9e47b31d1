// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"

	"memo.dev/projects/domain"
)

// Two spellings the option spec cannot say (docs/permissions.md §12):
// bazel's build labels, which are not paths, and rustup's +toolchain word.

// LabelPaths are the words of a labels program (bazel) as the paths they
// name: //pkg:target and //pkg/... name the package folder pkg of the
// workspace, -//pkg/... excludes it; @repo//… and :target name no folder
// of the project (another repository's, fetched as MODULE.bazel says, or
// a target of the current package). Labels cannot climb out of the
// workspace, but the folder is still checked through its links.
func LabelPaths(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		l := strings.TrimPrefix(w, "-")
		switch {
		case strings.HasPrefix(l, "//"):
			pkg, _, _ := strings.Cut(l[2:], ":")
			pkg = strings.TrimSuffix(strings.TrimSuffix(pkg, "..."), "/")
			if pkg == "" {
				pkg = "."
			}
			out = append(out, pkg)
		case strings.HasPrefix(l, "@"), strings.HasPrefix(l, ":"):
		default:
			out = append(out, w)
		}
	}
	return out
}

// labelOption reads a build setting given on the line (--//pkg:flag=v,
// --@repo//pkg:flag=v, --no//pkg:flag): whether a is one, and the paths its
// value names. A value that is a label of another repository picks code
// from outside the project (which interpreter `bazel run` starts, say).
func labelOption(a string) (ok bool, paths []string, reason domain.Text) {
	body, found := strings.CutPrefix(a, "--")
	if !found {
		return false, nil, domain.Text{}
	}
	body = strings.TrimPrefix(body, "no")
	if !strings.HasPrefix(body, "//") && !strings.HasPrefix(body, "@") {
		return false, nil, domain.Text{}
	}
	_, value, hasValue := strings.Cut(body, "=")
	if !hasValue {
		return true, nil, domain.Text{}
	}
	if strings.HasPrefix(value, "@") {
		return true, nil, domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", runsProgram)
	}
	return true, LabelPaths([]string{value}), domain.Text{}
}

// WithoutToolchain is words without the +toolchain word of a program whose
// entry reads one (cargo +nightly fmt is cargo fmt run by the nightly
// toolchain rustup installed), or nil when there is none. The name must
// be a toolchain's (stable, 1.80.0, nightly-2024-05-01-x86_64-unknown-linux-gnu,
// a custom one's): never a path, which rustup would run binaries from.
func (c *Catalog) WithoutToolchain(words []string) []string {
	if len(words) < 2 || !strings.HasPrefix(words[1], "+") {
		return nil
	}
	e := c.Entries[c.Canonical(ProgramName(words[0]))]
	if e == nil || !e.toolchain || !toolchainName(words[1][1:]) {
		return nil
	}
	return append([]string{words[0]}, words[2:]...)
}

// toolchainName: letters, digits, `.`, `_` and `-`, not starting with a dash
// or a dot, at most 100 bytes.
func toolchainName(s string) bool {
	if s == "" || len(s) > 100 || s[0] == '-' || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// SameSubcommand reports whether a and b, the words after program, name
// the same subcommand: equal, or one the documented alias of the other
// (same_subs: npm i and npm install, npm t and npm test).
func (c *Catalog) SameSubcommand(program, a, b string) bool {
	if a == b {
		return true
	}
	e := c.Entries[c.Canonical(ProgramName(program))]
	if e == nil || e.sameSubs == nil {
		return false
	}
	canon := func(s string) string {
		if n, ok := e.sameSubs[s]; ok {
			return n
		}
		return s
	}
	return canon(a) == canon(b)
}
