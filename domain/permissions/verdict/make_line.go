// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// A make line in a project may name, beyond its rule, the folder or the
// makefiles make reads (-C DIR, --directory=DIR, -CDIR, -f FILE) and set
// variables (make X=1) whose value could choose a program. Both pass when
// Memo can tell exactly what the line runs (docs/permissions.md §5, §7):
// every makefile the line reaches is among what the rule's trust pins
// (the root makefile's `$(MAKE) -C lib` pins lib's for the rule `make`),
// its targets are ones those makefiles define, and each variable is used
// in those makefiles only where its value cannot choose what runs.

// makeLine returns the program's arguments without the words it let pass,
// for the rest of the inspection, or why the line asks.
func (in *inspector) makeLine(words, args []string, prefix int) ([]string, domain.Text) {
	c := in.catalog()
	off := len(words) - len(args)
	var folder, extra, kept []string
	var assigns []string
	envOverrides := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		own := off+i < prefix
		if a == "--" {
			kept = append(kept, args[i:]...)
			break
		}
		if n := makeFolderOption(a, args[i+1:]); n > 0 {
			folder = append(folder, args[i:i+n]...)
			if own {
				kept = append(kept, args[i:i+n]...)
			} else {
				extra = append(extra, args[i:i+n]...)
			}
			i += n - 1
			continue
		}
		if a == "-e" || a == "--environment-overrides" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsRune(a, 'e') && !strings.ContainsAny(a, "=jlOW") {
			envOverrides = true
		}
		if !own && !strings.HasPrefix(a, "-") && strings.Contains(a, "=") {
			if !c.SafeAssignment(a) {
				assigns = append(assigns, a)
				continue
			}
			// A switch or flag value is harmless to the makefiles, but make
			// exports it to every recipe: a variable the programs read from
			// their environment (NODE_TLS_REJECT_UNAUTHORIZED=0, GOSUMDB=off)
			// asks whatever the makefiles do with it.
			if reason := c.VariableRisk([]string{a}); !reason.IsZero() {
				return nil, domain.T("`{{.Word}}` overrides a make variable: {{.Why}}", "Word", a, "Why", domain.T("make exports it to every recipe, where {{.Why}}", "Why", reason))
			}
		}
		kept = append(kept, a)
	}
	// Those set before make are judged as on its line, whatever their value.
	assigns = append(assigns, in.envAssigns...)
	if len(extra) == 0 && len(assigns) == 0 {
		return args, domain.Text{}
	}
	if f := makefileElsewhere(extra); f != "" {
		// make runs a makefile's recipes in its own folder (-C), never in
		// the makefile's: a.b/Makefile's `rm -rf ../../out`, trusted as
		// run in a/b, would run two folders higher, outside the project.
		return nil, domain.T("`-f {{.File}}` makes make run the recipes of a makefile of another folder in this one, where their paths mean other files; the rule would have to name it", "File", f)
	}
	run := in.project.MakeRunOf(in.ruleText, append([]string{"make"}, folder...))
	if len(extra) > 0 {
		spelled := strings.Join(extra, " ")
		if !run.Problem.IsZero() {
			return nil, domain.T("`{{.Words}}` makes make read makefiles the trust of `{{.Rule}}` does not pin ({{.Why}}); the rule would have to name `{{.Words}}`", "Words", spelled, "Rule", in.ruleText, "Why", run.Problem)
		}
		if r := in.read("make", kept); r.Unknown.IsZero() {
			for _, t := range targetsOf("make", r) {
				if !run.Defines(t) {
					return nil, domain.T("`{{.Target}}` is no target that {{.Files}} defines; the rule would have to name `{{.Words}}`", "Target", t, "Files", strings.Join(run.Makefiles(), ", "), "Words", spelled+" "+t)
				}
			}
		}
	}
	for _, a := range assigns {
		if envOverrides {
			return nil, domain.T("`{{.Word}}` overrides a make variable, and `-e` lets the environment override the makefiles too, so Memo cannot tell what runs", "Word", a)
		}
		if reason := in.makeVariable(run, a); !reason.IsZero() {
			return nil, reason
		}
	}
	return kept, domain.Text{}
}

// makefileElsewhere is the first makefile words name (-f FILE, -fFILE,
// --file=, --makefile=) that is not in make's own folder, or "".
func makefileElsewhere(words []string) string {
	for i, w := range words {
		var v string
		switch {
		case (w == "-f" || w == "--file" || w == "--makefile") && i+1 < len(words):
			v = words[i+1]
		case strings.HasPrefix(w, "--file="), strings.HasPrefix(w, "--makefile="):
			_, v, _ = strings.Cut(w, "=")
		case strings.HasPrefix(w, "-f") && len(w) > 2:
			v = w[2:]
		default:
			continue
		}
		if d := path.Dir(path.Clean(strings.ReplaceAll(v, `\`, "/"))); d != "." {
			return v
		}
	}
	return ""
}

// makeFolderOption is how many words a, with next, spends choosing make's
// folder or makefiles (-C DIR, -CDIR, --directory=DIR, -f FILE, --file=,
// --makefile=), 0 for another word. Abbreviations and bundles are not
// read here: they ask as the catalogue says.
func makeFolderOption(a string, next []string) int {
	switch a {
	case "-C", "--directory", "-f", "--file", "--makefile":
		if len(next) == 0 {
			return 0
		}
		return 2
	}
	for _, p := range []string{"--directory=", "--file=", "--makefile="} {
		if strings.HasPrefix(a, p) && len(a) > len(p) {
			return 1
		}
	}
	if (strings.HasPrefix(a, "-C") || strings.HasPrefix(a, "-f")) && len(a) > 2 {
		return 1
	}
	return 0
}

// makeValueChars are the characters a variable's value may hold: no
// quote, $, backquote, ~, ; or other character make or a shell reads.
const makeValueChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.,:+=/%-"

// makeVariable tells why NAME=value on the line could change what runs.
func (in *inspector) makeVariable(run *projectfiles.MakeRun, a string) domain.Text {
	c := in.catalog()
	name, value, _ := strings.Cut(a, "=")
	ask := func(why domain.Text) domain.Text {
		return domain.T("`{{.Word}}` overrides a make variable: {{.Why}}", "Word", a, "Why", why)
	}
	if !makeVariableName(name) {
		return ask(domain.T("Memo reads only plain names set with ="))
	}
	if catalog.MakeOwnVariable(name) {
		return ask(domain.T("`{{.Name}}` is a variable make itself reads", "Name", name))
	}
	if reason := c.VariableRisk([]string{name}); !reason.IsZero() {
		return ask(domain.T("make exports it to every recipe, where {{.Why}}", "Why", reason))
	}
	if catalog.ToolVariable(name) {
		return ask(domain.T("`{{.Name}}` names a program build tools run, and make exports it to every recipe", "Name", name))
	}
	for _, r := range value {
		if !strings.ContainsRune(makeValueChars, r) {
			return ask(domain.T("`{{.Char}}` in its value is a character make or a shell reads", "Char", string(r)))
		}
	}
	words := strings.Fields(value)
	flags := strings.HasSuffix(strings.ToUpper(name), "FLAGS")
	if flags && len(words) > 0 && !c.CompilerFlags(value) {
		return ask(domain.T("a *FLAGS variable holds compiler or linker flags, and these are not all flags the compilers' entry lists as safe"))
	}
	for _, w := range words {
		if !flags && strings.HasPrefix(w, "-") {
			return ask(domain.T("`{{.Value}}` would be an option of the programs the recipes run", "Value", w))
		}
		for _, p := range projectfiles.PathCandidates(w) {
			if reason := in.project.PathProblem(p); !reason.IsZero() {
				return ask(reason)
			}
		}
	}
	if strings.Contains(value, "://") {
		// A URL: where the recipes would fetch from or send to, which
		// the project does not name.
		return ask(domain.T("`{{.Value}}` names a place on the network the project does not name", "Value", value))
	}
	if _, why := run.VariableUse(name, projectfiles.MakeValue{Flags: flags && len(words) > 0, Empty: len(words) == 0, Split: len(words) > 1}); !why.IsZero() {
		return ask(why)
	}
	if !run.Uses(name) {
		// make exports a line's variables to every recipe: one no makefile
		// reads is there only for the programs the recipes run, in their
		// environment (GOPROXY, PIP_INDEX_URL, PYTEST_PLUGINS …).
		return ask(domain.T("no makefile this line reads uses `{{.Name}}`, so it only reaches the environment of the programs the recipes run, which Memo does not read", "Name", name))
	}
	return domain.Text{}
}

// makeVariableName: a name Memo reads (letters, digits, _ and -, not
// first).
func makeVariableName(name string) bool {
	if name == "" || name[0] == '-' || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != '_' && c != '-' && !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
