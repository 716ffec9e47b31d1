// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
)

// wrapData is where a program or subcommand is given the command it runs,
// besides `wraps` (its first operand) and `module`.
type wrapData struct {
	// WrapsAfter are words after which the rest of the line is the command
	// (`--` for dotenv and mise exec, `-c --command` for nix develop).
	WrapsAfter string `toml:"wraps_after"`
	// WrapsSkip is how many operands come before the program (timeout's
	// duration, faketime's time, direnv exec's folder).
	WrapsSkip int `toml:"wraps_skip"`
	// Assigns: operands NAME=value before the program set variables
	// (cross-env, env).
	Assigns bool `toml:"assigns"`
	// Strings are the options whose value is a command line (nix-shell
	// --run, hyperfine --prepare).
	Strings string `toml:"strings"`
	// Lines says what each operand is: "line", a command line
	// (concurrently), or words each operand is appended to ("npm run":
	// npm-run-all's operands are scripts).
	Lines string `toml:"lines"`
	// Shorthand maps an operand prefix to the words it stands for
	// (concurrently's "npm:lint" is `npm run lint`).
	Shorthand map[string]string `toml:"shorthand"`
	// Configs are the files of the project root the wrapper runs code from
	// before its command (a flake's shellHook, .envrc), pinned whole with
	// the trust (definitions = "wrapper configs").
	Configs []string `toml:"configs"`
	// EnvFiles are the options naming an environment file the wrapper
	// loads into the command's variables (dotenv -e), and EnvDefault the
	// files it loads when none is named: a variable of the variables list
	// set there makes the lines ask.
	EnvFiles   string   `toml:"env_files"`
	EnvDefault []string `toml:"env_default"`
}

// wrapSpec is wrapData read.
type wrapSpec struct {
	after   map[string]bool
	skip    int
	assigns bool
	strings *OptSet
	// lines: "" none, "line" a command line, else the words each operand
	// is appended to.
	lines     []string
	lineEach  bool
	shorthand []shorthand
	Configs   []string
	EnvFiles  *OptSet
	EnvFirst  []string
}

type shorthand struct {
	prefix string
	words  []string
}

func (d wrapData) spec() (wrapSpec, error) {
	var w wrapSpec
	for _, a := range strings.Fields(d.WrapsAfter) {
		if !strings.HasPrefix(a, "-") {
			return w, fmt.Errorf("wraps_after %q is not an option or --", a)
		}
		if w.after == nil {
			w.after = map[string]bool{}
		}
		w.after[a] = true
	}
	if d.WrapsSkip < 0 || d.WrapsSkip > 2 {
		return w, fmt.Errorf("wraps_skip %d is not 0, 1 or 2", d.WrapsSkip)
	}
	w.skip, w.assigns = d.WrapsSkip, d.Assigns
	if d.Strings != "" {
		if err := checkSpec(d.Strings); err != nil {
			return w, fmt.Errorf("strings: %w", err)
		}
		w.strings = compileOpts(Getopt, d.Strings, false)
	}
	switch d.Lines {
	case "":
	case "line":
		w.lineEach = true
	default:
		words, reason := cmdline.Words(d.Lines)
		if !reason.IsZero() || len(words) == 0 {
			return w, fmt.Errorf("lines %q is neither \"line\" nor plain words", d.Lines)
		}
		w.lines = words
	}
	for p, to := range d.Shorthand {
		words, reason := cmdline.Words(to)
		if !reason.IsZero() || p == "" {
			return w, fmt.Errorf("shorthand %q = %q: not plain words", p, to)
		}
		w.shorthand = append(w.shorthand, shorthand{p, words})
	}
	for _, f := range d.Configs {
		if !filepath.IsLocal(filepath.FromSlash(f)) || strings.Contains(f, `\`) {
			return w, fmt.Errorf("configs %q is not a path inside the project", f)
		}
	}
	w.Configs = d.Configs
	if d.EnvFiles != "" {
		if err := checkSpec(d.EnvFiles); err != nil {
			return w, fmt.Errorf("env_files: %w", err)
		}
		w.EnvFiles = compileOpts(Getopt, d.EnvFiles, false)
	}
	for _, f := range d.EnvDefault {
		if !filepath.IsLocal(filepath.FromSlash(f)) {
			return w, fmt.Errorf("env_default %q is not a path inside the project", f)
		}
	}
	w.EnvFirst = d.EnvDefault
	sort.Slice(w.shorthand, func(i, j int) bool { return len(w.shorthand[i].prefix) > len(w.shorthand[j].prefix) })
	if len(w.shorthand) > 0 && !w.lineEach {
		return w, fmt.Errorf("shorthand needs lines = \"line\"")
	}
	return w, nil
}

// runsLines: the operands are commands, not operands.
func (w *wrapSpec) runsLines() bool { return w.lineEach || len(w.lines) > 0 }

// commandLine is a line a wrapper runs that is given as one word: the word
// and its place among the program's arguments.
type commandLine struct {
	word  string
	At    int
	Words []string
}

// operandLine reads an operand of a wrapper whose operands are commands.
func (w *wrapSpec) operandLine(a string) ([]string, domain.Text) {
	if len(w.lines) > 0 {
		words, reason := cmdline.Words(a)
		if !reason.IsZero() {
			return nil, reason
		}
		return append(append([]string{}, w.lines...), words...), domain.Text{}
	}
	for _, s := range w.shorthand {
		if rest, ok := strings.CutPrefix(a, s.prefix); ok {
			words, reason := cmdline.Words(rest)
			if !reason.IsZero() || len(words) == 0 {
				return nil, reason
			}
			return append(append([]string{}, s.words...), words...), domain.Text{}
		}
	}
	return cmdline.Words(a)
}

// IsAssignment reports whether a is NAME=value, as cross-env and env read a variable.
func IsAssignment(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	if !ok || name == "" || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// badCommandString is why a command given as a string asks.
func badCommandString(word, program string, reason domain.Text) domain.Text {
	return domain.T("the command `{{.Word}}` that {{.Program}} runs is not one plain command: {{.Reason}}", "Word", word, "Program", program, "Reason", reason)
}

// StringOption reads an option of set whose value is a command line: the
// value, how many of next it takes, and whether a is one.
func StringOption(set *OptSet, a string, next []string) (string, int, bool) {
	name, val, glued := strings.Cut(strings.TrimLeft(a, "-"), "=")
	if !strings.HasPrefix(a, "-") {
		return "", 0, false
	}
	if _, ok := set.lookupLong(name); ok && strings.HasPrefix(a, "--") || len(name) == 1 && !strings.HasPrefix(a, "--") && hasShort(set, name[0]) {
		switch {
		case glued:
			return val, 0, true
		case len(next) > 0:
			return next[0], 1, true
		}
		return "", 0, true
	}
	return "", 0, false
}

func hasShort(set *OptSet, c byte) bool {
	_, ok := set.lookupShort(c)
	return ok
}

// takesCommands: the program or one of its subcommands is given a command
// by an option or a word (nix develop -c, nix-shell --run): the names the
// table of risky arguments holds for programs without one (--command …)
// are how it is given, and its entry's options are default deny.
func (c *compiled) takesCommands() bool {
	if c.Wrap.takesCommands() {
		return true
	}
	for _, s := range c.Subs {
		if s.wrap.takesCommands() {
			return true
		}
	}
	return false
}

func (w *wrapSpec) takesCommands() bool {
	return w.after != nil || w.strings != nil || w.runsLines()
}

// readAfterDashes reads a wrapper's words after `--`, from args[from]: the
// operands it skips and variables it sets, then its command (or each
// operand as a command).
func (w *wrapSpec) readAfterDashes(r *Reading, name string, args []string, from, skipped int) {
	for j := from; j < len(args); j++ {
		a := args[j]
		switch {
		case w.runsLines():
			words, reason := w.operandLine(a)
			if !reason.IsZero() {
				r.Unknown = badCommandString(a, strings.TrimSpace(name+" "+r.Sub), reason)
				return
			}
			r.Lines = append(r.Lines, commandLine{word: a, At: j, Words: words})
		case w.assigns && IsAssignment(a):
			r.Paths = append(r.Paths, a)
			r.Assigns = append(r.Assigns, a)
		case skipped < w.skip:
			skipped++
			r.Operands = append(r.Operands, a)
			r.Paths = append(r.Paths, a)
		default:
			r.Wrapped = args[j:]
			return
		}
	}
}

// VariableRisk is why a variable a wrapper sets that makes the program it runs
// load or run other code (LD_PRELOAD, NODE_OPTIONS, GIT_SSH_COMMAND …, the
// variables list of catalog/wrappers.toml), as a project config would.
func (c *Catalog) VariableRisk(assigns []string) domain.Text {
	for _, a := range assigns {
		name, _, _ := strings.Cut(a, "=")
		name = strings.ToUpper(name) // Windows reads them in any case
		why, ok := c.variables[name]
		for p, w := range c.variables {
			if pre, star := strings.CutSuffix(p, "*"); star && strings.HasPrefix(name, pre) && !ok {
				why, ok = w, true
			}
		}
		if ok {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", name, "Why", why)
		}
	}
	return domain.Text{}
}

// MaxWrapDepth bounds programs wrapped in programs.
const MaxWrapDepth = 4
