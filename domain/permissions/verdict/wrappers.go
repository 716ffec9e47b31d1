// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// Wrappers that run a command (docs/permissions.md §7, §12): cross-env,
// nice, timeout, nix develop -c, nix-shell --run, concurrently, run-p … The
// command a wrapper runs is checked as a line of its own, with its own entry,
// configs and definitions; a rule approves it only when it names it. Where
// the command starts is data (wrapData, in the catalogue); reading it is
// here.

// checkLines checks each command a wrapper was given as a string (or an
// operand it runs as a script) as a line of its own. words are the line's,
// args the program's arguments, prefix how many of words are the rule's.
func (in *inspector) checkLines(name string, words, args []string, prefix, depth int, r catalog.Reading) (domain.Text, *projectfiles.Block) {
	c := in.catalog()
	for _, l := range r.Lines {
		at := len(words) - len(args) + l.At
		if at >= prefix {
			return domain.T("`{{.Word}}` runs a program the rule does not name; name it in the rule, as in `uv run pytest`", "Word", strings.Join(words[:at+1], " ")), nil
		}
		wn, _ := c.ResolveProgram(l.Words)
		if reason := refusedRule(c, wn, c.ProgramWords(l.Words)); !reason.IsZero() {
			return reason, nil
		}
		// The rule spells the whole command: its options are the rule's.
		sub := *in
		sub.spelled = map[string]bool{}
		for k := range in.spelled {
			sub.spelled[k] = true
		}
		for k := range catalog.SpelledOptions(l.Words) {
			sub.spelled[k] = true
		}
		if reason, b := sub.inspect(l.Words, len(l.Words), depth+1); !reason.IsZero() {
			return reason, b
		}
	}
	return domain.Text{}, nil
}

// looseOperands: the operands of a program without an entry are unknown as
// its options are. Past the rule's words, an operand passes only when it
// names a file or folder the project holds, or a file of the project not
// written yet spelled as a path (`./report.xml`: NamesNewFile)
// (docs/permissions.md §7).
func (in *inspector) looseOperands(name string, words, args []string, prefix int, r catalog.Reading) domain.Text {
	ruleArgs := prefix - (len(words) - len(args))
	for _, j := range r.Loose {
		if j < ruleArgs || j >= len(args) {
			continue
		}
		if w := args[j]; strings.HasPrefix(w, "@") {
			// javac, java, kotlinc, MSBuild … read more arguments from the
			// file @FILE names (-J-XX:OnError=…, -processorpath): a file
			// named @x.java that a pattern matches, too.
			return domain.T("`{{.Word}}` may make {{.Program}} read more arguments from a file, as many programs do; Memo knows no operands of {{.Program}}", "Word", w, "Program", name)
		} else if !in.project.Holds(w) && !in.project.NamesNewFile(w) && !plainNumber(w) && !in.heldWithLine(w) {
			return domain.T("`{{.Word}}` is neither a path in the project nor a word the rule spells; Memo knows no operands of {{.Program}}", "Word", w, "Program", name)
		}
	}
	return domain.Text{}
}

// heldWithLine: w is file:LINE (or file:LINE:COLUMN) of a file the
// project holds.
func (in *inspector) heldWithLine(w string) bool {
	f := withoutLineNumber(w)
	return f != "" && in.project.Holds(f)
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

// maxEnvFile bounds an environment file Memo reads.
const maxEnvFile = 256 << 10

// envFileBlock: an environment file the wrapper loads (dotenv's .env, or
// the files its -e options name) sets a variable that makes the command
// load or run other code. own are the wrapper's own arguments.
func (in *inspector) envFileBlock(name string, own []string) *projectfiles.Block {
	e := in.catalog().Entries[name]
	if e == nil || e.Wrap.EnvFiles == nil || in.project == nil {
		return nil
	}
	var files []string
	for i := 0; i < len(own); i++ {
		if f, n, ok := catalog.StringOption(e.Wrap.EnvFiles, own[i], own[i+1:]); ok && f != "" {
			files = append(files, f)
			i += n
		}
	}
	if len(files) == 0 {
		files = e.Wrap.EnvFirst
	}
	p := in.project
	c := in.catalog()
	return p.Memo("envfile", strings.Join(files, "\x00"), func(q *projectfiles.Project) any {
		for _, f := range files {
			path := f
			if !filepath.IsAbs(path) {
				path = filepath.Join(q.Dir, f)
			}
			data, err := q.Read(path, maxEnvFile)
			if err != nil {
				continue // absent: nothing loaded (an unreadable one: its path was checked)
			}
			for _, line := range strings.Split(string(data), "\n") {
				line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
				key, value, ok := strings.Cut(line, "=")
				key = strings.TrimSpace(key)
				if !ok || strings.HasPrefix(key, "#") || !catalog.IsAssignment(key+"=") {
					continue
				}
				if c.VariableRisk([]string{key + "="}).IsZero() {
					continue
				}
				if len(value) > 80 {
					value = value[:80] + "…"
				}
				show := q.Display(path)
				return &projectfiles.Block{File: show, Key: key, Reason: domain.T("{{.Path}} sets {{.Key}} ({{.Value}}), which can make the program run another or load code, so its lines ask", "Path", show, "Key", key, "Value", strings.TrimSpace(value))}
			}
		}
		return (*projectfiles.Block)(nil)
	}).(*projectfiles.Block)
}
