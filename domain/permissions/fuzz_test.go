// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"encoding/json"
	"strings"
	"testing"
)

var fuzzRules = []string{"go test", "git status", "git log", "npm run", "make", "sed", "sort", "tar", "rg", "cargo build", "ls"}

// seedLines are the corpus lines and every table entry in its spellings.
func seedLines(f *testing.F) []string {
	_, cases := readCorpus(f)
	var seeds []string
	for _, c := range cases {
		seeds = append(seeds, c.text)
	}
	for name, p := range programs {
		base := strings.Join(lead(name), " ")
		for _, r := range p.long {
			seeds = append(seeds, base+" --"+r.name+"=x", base+" -"+r.name+" x", base+` "--`+r.name[:1]+`""`+r.name[1:]+`"`)
		}
		for _, r := range p.short {
			seeds = append(seeds, base+" -q"+r.name+" x")
		}
		for _, r := range p.riskySub {
			seeds = append(seeds, name+" "+r.name)
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
		if !charGate(line).IsZero() {
			// Refused characters, quoted, in text a program only matches
			// or prints (quoted.go): FuzzQuotedText's property.
			checkQuotedProperty(t, rules, line)
			return
		}
		for i := 0; i < len(line); i++ {
			if !allowed(line[i]) {
				t.Fatalf("approved %q holds %q", line, line[i])
			}
		}
		if strings.ContainsAny(line, ";&|<>$`*?~{}[]#\\!()\n\r\t") {
			t.Fatalf("approved %q holds a shell metacharacter", line)
		}
		words, reason := parseGate(line)
		if !reason.IsZero() {
			t.Fatalf("approved %q does not parse: %s", line, reason)
		}
		if !AcceptRule(v.Rule).IsZero() {
			t.Fatalf("approved %q by refused rule %q", line, v.Rule)
		}
		rw, _ := Words(v.Rule)
		if !hasPrefixWords(words, rw) {
			t.Fatalf("approved %q does not start with rule %q", line, v.Rule)
		}
		if r := checkArgs(words); !r.IsZero() {
			t.Fatalf("approved %q with a risky argument: %s", line, r)
		}
	})
}

// A file with any invalid rule approves nothing; every refused rule is
// reported at its index.
func FuzzFileWithInvalidRule(f *testing.F) {
	for _, s := range seedLines(f)[:60] {
		f.Add("go test", s)
	}
	f.Fuzz(func(t *testing.T, r1, r2 string) {
		b, _ := json.Marshal(map[string]any{"version": 1, "allowed_commands": []string{r1, r2}})
		_, probs := Parse(b)
		for i, r := range []string{r1, r2} {
			if AcceptRule(r).IsZero() {
				continue
			}
			found := false
			for _, p := range probs {
				found = found || p.Where == "allowed_commands["+string(rune('0'+i))+"]"
			}
			if !found {
				t.Fatalf("refused rule %q not reported: %v", r, probs)
			}
		}
		st := judge(Status{TrustedHash: Hash(b), Effective: none()}, b)
		if len(probs) > 0 && (st.State != StateInvalid || len(st.Effective.AllowedCommands) != 0 || st.Trusted) {
			t.Fatalf("a file with problems grants %+v", st.Effective)
		}
		if len(probs) == 0 && st.State != StateTrusted {
			t.Fatalf("a valid pinned file is %s", st.State)
		}
	})
}
