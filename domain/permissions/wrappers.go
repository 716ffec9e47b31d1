// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
)

// Wrappers that run a command (docs/permissions.md §7, §12): cross-env,
// nice, timeout, nix develop -c, nix-shell --run, concurrently, run-p … The
// command a wrapper runs is checked as a line of its own, with its own entry,
// configs and definitions; a rule approves it only when it names it. Where
// the command starts is data (wrapData, in the catalogue); reading it is
// here.

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
	strings *optSet
	// lines: "" none, "line" a command line, else the words each operand
	// is appended to.
	lines     []string
	lineEach  bool
	shorthand []shorthand
	configs   []string
	envFiles  *optSet
	envFirst  []string
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
		w.strings = compileOpts(getopt, d.Strings, false)
	}
	switch d.Lines {
	case "":
	case "line":
		w.lineEach = true
	default:
		words, reason := Words(d.Lines)
		if !reason.IsZero() || len(words) == 0 {
			return w, fmt.Errorf("lines %q is neither \"line\" nor plain words", d.Lines)
		}
		w.lines = words
	}
	for p, to := range d.Shorthand {
		words, reason := Words(to)
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
	w.configs = d.Configs
	if d.EnvFiles != "" {
		if err := checkSpec(d.EnvFiles); err != nil {
			return w, fmt.Errorf("env_files: %w", err)
		}
		w.envFiles = compileOpts(getopt, d.EnvFiles, false)
	}
	for _, f := range d.EnvDefault {
		if !filepath.IsLocal(filepath.FromSlash(f)) {
			return w, fmt.Errorf("env_default %q is not a path inside the project", f)
		}
	}
	w.envFirst = d.EnvDefault
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
	at    int
	words []string
}

// operandLine reads an operand of a wrapper whose operands are commands.
func (w *wrapSpec) operandLine(a string) ([]string, domain.Text) {
	if len(w.lines) > 0 {
		words, reason := Words(a)
		if !reason.IsZero() {
			return nil, reason
		}
		return append(append([]string{}, w.lines...), words...), domain.Text{}
	}
	for _, s := range w.shorthand {
		if rest, ok := strings.CutPrefix(a, s.prefix); ok {
			words, reason := Words(rest)
			if !reason.IsZero() || len(words) == 0 {
				return nil, reason
			}
			return append(append([]string{}, s.words...), words...), domain.Text{}
		}
	}
	return Words(a)
}

// isAssignment: NAME=value, as cross-env and env read a variable.
func isAssignment(a string) bool {
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

// checkLines checks each command a wrapper was given as a string (or an
// operand it runs as a script) as a line of its own. words are the line's,
// args the program's arguments, prefix how many of words are the rule's.
func (in *inspector) checkLines(name string, words, args []string, prefix, depth int, r reading) (domain.Text, *Block) {
	c := in.catalog()
	for _, l := range r.lines {
		at := len(words) - len(args) + l.at
		if at >= prefix {
			return domain.T("`{{.Word}}` runs a program the rule does not name; name it in the rule, as in `uv run pytest`", "Word", strings.Join(words[:at+1], " ")), nil
		}
		wn, _ := c.resolveProgram(l.words)
		if reason := c.refusedRule(wn, c.programWords(l.words)); !reason.IsZero() {
			return reason, nil
		}
		// The rule spells the whole command: its options are the rule's.
		sub := *in
		sub.spelled = map[string]bool{}
		for k := range in.spelled {
			sub.spelled[k] = true
		}
		for k := range spelledOptions(l.words) {
			sub.spelled[k] = true
		}
		if reason, b := sub.inspect(l.words, len(l.words), depth+1); !reason.IsZero() {
			return reason, b
		}
	}
	return domain.Text{}, nil
}

// stringOption reads an option of set whose value is a command line: the
// value, how many of next it takes, and whether a is one.
func stringOption(set *optSet, a string, next []string) (string, int, bool) {
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

func hasShort(set *optSet, c byte) bool {
	_, ok := set.lookupShort(c)
	return ok
}

// looseOperands: the operands of a program without an entry are unknown as
// its options are. Past the rule's words, an operand passes only when it
// names a file or folder the project holds (docs/permissions.md §7).
func (in *inspector) looseOperands(name string, words, args []string, prefix int, r reading) domain.Text {
	ruleArgs := prefix - (len(words) - len(args))
	for _, j := range r.loose {
		if j < ruleArgs || j >= len(args) {
			continue
		}
		if w := args[j]; !in.project.holds(w) && !plainNumber(w) && !in.heldWithLine(w) {
			return domain.T("`{{.Word}}` is neither a path in the project nor a word the rule spells; Memo knows no operands of {{.Program}}", "Word", w, "Program", name)
		}
	}
	return domain.Text{}
}

// heldWithLine: w is file:LINE (or file:LINE:COLUMN) of a file the
// project holds.
func (in *inspector) heldWithLine(w string) bool {
	f := withoutLineNumber(w)
	return f != "" && in.project.holds(f)
}

// plainNumber: w is a decimal number (a port, a count, a line), which names
// neither a file nor a program nor a place on the network.
func plainNumber(w string) bool {
	return w != "" && len(w) <= 20 && strings.Trim(w, "0123456789") == ""
}

// withoutLineNumber is a file:LINE or file:LINE:COLUMN word (how test
// runners and editors name a place in a file) without its numbers, or ""
// when w is not one.
func withoutLineNumber(w string) string {
	for range 2 {
		i := strings.LastIndexByte(w, ':')
		if i <= 0 || !plainNumber(w[i+1:]) {
			break
		}
		w = w[:i]
		if !strings.Contains(w, ":") {
			return w
		}
	}
	return ""
}

// takesCommands: the program or one of its subcommands is given a command
// by an option or a word (nix develop -c, nix-shell --run): the names the
// table of risky arguments holds for programs without one (--command …)
// are how it is given, and its entry's options are default deny.
func (c *compiled) takesCommands() bool {
	if c.wrap.takesCommands() {
		return true
	}
	for _, s := range c.subs {
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
func (w *wrapSpec) readAfterDashes(r *reading, name string, args []string, from, skipped int) {
	for j := from; j < len(args); j++ {
		a := args[j]
		switch {
		case w.runsLines():
			words, reason := w.operandLine(a)
			if !reason.IsZero() {
				r.unknown = badCommandString(a, strings.TrimSpace(name+" "+r.sub), reason)
				return
			}
			r.lines = append(r.lines, commandLine{word: a, at: j, words: words})
		case w.assigns && isAssignment(a):
			r.paths = append(r.paths, a)
			r.assigns = append(r.assigns, a)
		case skipped < w.skip:
			skipped++
			r.operands = append(r.operands, a)
			r.paths = append(r.paths, a)
		default:
			r.wrapped = args[j:]
			return
		}
	}
}

// variableRisk: a variable a wrapper sets that makes the program it runs
// load or run other code (LD_PRELOAD, NODE_OPTIONS, GIT_SSH_COMMAND …, the
// variables list of catalog/wrappers.toml), as a project config would.
func (c *catalog) variableRisk(assigns []string) domain.Text {
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

// maxEnvFile bounds an environment file Memo reads.
const maxEnvFile = 256 << 10

// envFileBlock: an environment file the wrapper loads (dotenv's .env, or
// the files its -e options name) sets a variable that makes the command
// load or run other code. own are the wrapper's own arguments.
func (in *inspector) envFileBlock(name string, own []string) *Block {
	e := in.catalog().entries[name]
	if e == nil || e.wrap.envFiles == nil || in.project == nil {
		return nil
	}
	var files []string
	for i := 0; i < len(own); i++ {
		if f, n, ok := stringOption(e.wrap.envFiles, own[i], own[i+1:]); ok && f != "" {
			files = append(files, f)
			i += n
		}
	}
	if len(files) == 0 {
		files = e.wrap.envFirst
	}
	p := in.project
	c := in.catalog()
	return p.memo("envfile", strings.Join(files, "\x00"), func(q *Project) any {
		for _, f := range files {
			path := f
			if !filepath.IsAbs(path) {
				path = filepath.Join(q.Dir, f)
			}
			data, err := q.read(path, maxEnvFile)
			if err != nil {
				continue // absent: nothing loaded (an unreadable one: its path was checked)
			}
			for _, line := range strings.Split(string(data), "\n") {
				line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
				key, value, ok := strings.Cut(line, "=")
				key = strings.TrimSpace(key)
				if !ok || strings.HasPrefix(key, "#") || !isAssignment(key+"=") {
					continue
				}
				if c.variableRisk([]string{key + "="}).IsZero() {
					continue
				}
				if len(value) > 80 {
					value = value[:80] + "…"
				}
				show := q.display(path)
				return &Block{File: show, Key: key, Reason: domain.T("{{.Path}} sets {{.Key}} ({{.Value}}), which can make the program run another or load code, so its lines ask", "Path", show, "Key", key, "Value", strings.TrimSpace(value))}
			}
		}
		return (*Block)(nil)
	}).(*Block)
}
