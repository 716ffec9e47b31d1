// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"strings"
)

// sanitizerKey is a sanitizer runtime option's name (detect_leaks).
var sanitizerKey = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// sanitizerOptions: a sanitizer variable's value (ASAN_OPTIONS) is
// key=value pairs joined by `:` or `,`, each value a switch or a whole
// number (detect_leaks=0:halt_on_error=1), no key one of
// sanitizer_not_keys (a program, a file or the system log:
// external_symbolizer_path, log_path, suppressions …). Anything else, a
// word value or none at all, asks.
func (c *Catalog) sanitizerOptions(value string) bool {
	pairs := 0
	for _, part := range strings.FieldsFunc(value, func(r rune) bool { return r == ':' || r == ',' }) {
		key, v, ok := strings.Cut(part, "=")
		if !ok || !sanitizerKey.MatchString(key) || c.sanitizerNotKeys[key] || !switchOrNumber(v) {
			return false
		}
		pairs++
	}
	return pairs > 0
}

// switchOrNumber is a sanitizer option's switch (0, 1, true, false, yes,
// no) or a whole number (verbosity=2, exitcode=-1).
func switchOrNumber(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no":
		return true
	}
	v = strings.TrimPrefix(v, "-")
	return v != "" && strings.Trim(v, "0123456789") == ""
}

// projectName is the shape of a project's own variable's name: capitals,
// digits and _, starting with a capital (DB, ECTO_ADAPTER).
var projectName = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

// projectWord is the value a project's own variable may hold: a plain
// word of letters, digits, `.`, `_` and `-`, starting with a letter, a digit
// or `_` (pg, mysql2, default.sqlite3, django.db.backends.mysql); never a
// path (`/`), an option (a leading `-`), a dot file or `..`, an assignment
// (`=`) or a list.
var projectWord = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]*$`)

// ProjectVariable reports whether NAME=VALUE has the shape of a project's
// own variable (docs/permissions.md §3): a name no list of the catalogue
// knows (variables, plain, switch, word, flag, log and sanitizer
// variables) and none of not_project_variables' shapes (a name that
// suggests the value carries code, options, paths or addresses, or is a
// tool's own: *_OPTS, *PATH*, GO*, CC …), set to a plain word (projectWord).
// Whether the project reads it is the checker's to say, once the rule is
// known: a definition the rule runs must name it.
func (c *Catalog) ProjectVariable(name, value string) bool {
	if !projectName.MatchString(name) || !projectWord.MatchString(value) || c.knowsVariable(name) {
		return false
	}
	for _, n := range c.notProjectVariables {
		pre, star1 := strings.CutPrefix(n, "*")
		mid, star2 := strings.CutSuffix(pre, "*")
		switch {
		case star1 && star2 && strings.Contains(name, mid),
			star1 && !star2 && strings.HasSuffix(name, mid),
			!star1 && star2 && strings.HasPrefix(name, mid),
			!star1 && !star2 && name == n:
			return false
		}
	}
	return true
}

// knowsVariable: one of the catalogue's variables lists names it, whose
// own rule then decides (a switch variable with a word value asks).
func (c *Catalog) knowsVariable(name string) bool {
	if !c.VariableRisk([]string{name}).IsZero() || c.PlainVariables[name] || c.switchVariables[name] ||
		c.wordVariables[name] || c.FlagVariables[name] || c.sanitizerVariables[name] {
		return true
	}
	for _, s := range c.logSuffixes {
		if strings.HasSuffix(name, s[1:]) {
			return true
		}
	}
	return false
}
