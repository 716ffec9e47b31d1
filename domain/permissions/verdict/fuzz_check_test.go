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
	f.Fuzz(func(t *testing.T, rule, line string) {
		rules := append([]string{rule}, fuzzRules...)
		v := CheckCommand(rules, line, nil)
		if !v.Approved {
			if v.Reason.IsZero() {
				t.Fatalf("%q asks without a reason", line)
			}
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
