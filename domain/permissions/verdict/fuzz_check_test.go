// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// seedLines are the corpus lines and every table entry in its spellings.
func seedLines(f *testing.F) []string {
	_, cases := readCorpus(f)
	var seeds []string
	for _, c := range cases {
		seeds = append(seeds, c.Text)
	}
	for name, p := range catalog.Programs {
		base := strings.Join(lead(name), " ")
		for _, r := range p.Long {
			seeds = append(seeds, base+" --"+r.Name+"=x", base+" -"+r.Name+" x", base+` "--`+r.Name[:1]+`""`+r.Name[1:]+`"`)
		}
		for _, r := range p.Short {
			seeds = append(seeds, base+" -q"+r.Name+" x")
		}
		for _, r := range p.RiskySub {
			seeds = append(seeds, name+" "+r.Name)
		}
	}
	return seeds
}

// Anything approved passes the character set, parses as one simple command
// of literal words, starts with an accepted rule's words, and has no risky
// argument.
func FuzzCheckCommand(f *testing.F) {
	for _, s := range seedLines(f) {
		f.Add("go test", s)
	}
	for _, s := range compoundSeeds {
		f.Add("go test", s)
	}
	f.Fuzz(func(t *testing.T, rule, line string) {
		rules := append([]string{rule}, fuzzRules...)
		v := CheckCommand(rules, line, nil)
		if !v.Approved {
			if v.Reason.IsZero() {
				t.Fatalf("%q asks without a reason", line)
			}
			return
		}
		if _, ok, _ := cmdline.SplitCompound(line); ok {
			checkCompoundProperty(t, rules, line, v)
			return
		}
		if !cmdline.CharGate(line).IsZero() {
			// Refused characters, quoted, in text a program only matches
			// or prints (cmdline.QuotedWords): FuzzQuotedText's property.
			checkQuotedProperty(t, rules, line)
			return
		}
		for i := 0; i < len(line); i++ {
			if !cmdline.Allowed(line[i]) {
				t.Fatalf("approved %q holds %q", line, line[i])
			}
		}
		if strings.ContainsAny(line, ";&|<>$`*?~{}[]#\\!()\n\r\t") {
			t.Fatalf("approved %q holds a shell metacharacter", line)
		}
		words, reason := cmdline.ParseGate(line)
		if !reason.IsZero() {
			t.Fatalf("approved %q does not parse: %s", line, reason)
		}
		if !AcceptRule(v.Rule).IsZero() {
			t.Fatalf("approved %q by refused rule %q", line, v.Rule)
		}
		rw, _ := cmdline.Words(v.Rule)
		if !cmdline.HasPrefixWords(words, rw) {
			t.Fatalf("approved %q does not start with rule %q", line, v.Rule)
		}
		if r := catalog.CheckArgs(words); !r.IsZero() {
			t.Fatalf("approved %q with a risky argument: %s", line, r)
		}
	})
}

var fuzzRules = []string{"go test", "git status", "git log", "npm run", "make", "sed", "sort", "tar", "rg", "cargo build", "ls"}

// compoundSeeds are compound lines and their hostile neighbours.
var compoundSeeds = []string{
	"go test ./... 2>&1 | tail -20", "git log --oneline | head -5", "go test | sh", "git log | tee x",
	"git status && git diff --stat", "git status && curl evil", "make && go test", "cargo build || true",
	"go test 2>/dev/null", "go test >/dev/null 2>&1 | head", "go test >&3", "git log | sort -o x",
	"git log | head -c 1 /etc/passwd", "true && rm -rf /", "git log | grep -f x", "ls | cat -n",
	"go test > out.txt", "go test 2> .git/config", "go test < go.mod", "echo x > Makefile && make test",
	"go test >> ../x", "make > Makefile", "git log | sort > x",
	"go test 2>&1 | tee x.log | tail -5", "go test | tee -a ../x", "make | tee Makefile", "tee x",
}

// checkCompoundProperty: a compound line is approved only when every
// command is, on its own: the first of each pipeline as a line of its
// own, a later one so or as a filter (approved under a rule naming the
// program alone, reading only); every command before a later program
// only reads; the verdict names one rule per command, the first as rule.
func checkCompoundProperty(t *testing.T, rules []string, line string, v Verdict) {
	t.Helper()
	cl, ok, reason := cmdline.SplitCompound(line)
	if !ok || !reason.IsZero() {
		t.Fatalf("approved %q, which is no compound line Memo reads", line)
	}
	if len(v.Rules) != len(cl.Commands) || v.Rule != v.Rules[0] {
		t.Fatalf("approved %q with rule %q and rules %q for %d commands", line, v.Rule, v.Rules, len(cl.Commands))
	}
	cat := catalog.Builtin()
	for i, cmd := range cl.Commands {
		if len(cmd.Files) > 0 {
			// Checked without a project: no folder to find a file in.
			t.Fatalf("approved %q, which redirects to or from a file, without a project", line)
		}
		words, _ := cmdline.Words(cmd.Line)
		if noProgram(words) {
			if len(words) > 0 && words[0] == "cd" {
				t.Fatalf("approved %q with a cd, checked without a project", line)
			}
			continue
		}
		alone := CheckCommand(rules, cmd.Line, nil)
		w, _, _ := cmdline.QuotedWords(cmd.Line)
		if w == nil {
			w, _ = (&inspector{}).afterAssignments(cmd.Line)
		}
		if len(w) == 0 {
			t.Fatalf("approved %q, whose command %q has no words", line, cmd.Line)
		}
		does, _ := wordsCapabilities(cat, w)
		switch {
		case alone.Approved && (cmd.Stage == 0 || does.OnlyReads()):
			if v.Rules[i] != alone.Rule {
				t.Fatalf("approved %q: command %q under %q, alone under %q", line, cmd.Line, v.Rules[i], alone.Rule)
			}
		case cmd.Stage > 0 && v.Rules[i] == "":
			if !CheckCommand(append([]string{w[0]}, rules...), cmd.Line, nil).Approved {
				t.Fatalf("approved %q: filter %q asks even under the rule %q", line, cmd.Line, w[0])
			}
			does = catalog.FilterDoes
		default:
			t.Fatalf("approved %q, but its command %q asks on its own: %s", line, cmd.Line, alone.Reason)
		}
		later := false
		for _, n := range cl.Commands[i+1:] {
			nw, _ := cmdline.Words(n.Line)
			later = later || n.Pipeline > cmd.Pipeline && !noProgram(nw)
		}
		if later && !does.OnlyReads() {
			t.Fatalf("approved %q, whose command %q can change what a later command runs", line, cmd.Line)
		}
	}
	// `;` is a list operator of its own (`A ; B`), outside every command.
	for _, op := range []string{" & ", "&\n", "`", "$(", "<(", ">(", "<<"} {
		if strings.Contains(line, op) && !strings.Contains(strings.Join(commandLines(cl), "\x00"), op) {
			t.Fatalf("approved %q holding %q outside its commands' words", line, op)
		}
	}
}

func commandLines(cl cmdline.Compound) []string {
	var out []string
	for _, c := range cl.Commands {
		out = append(out, c.Line)
	}
	return out
}
