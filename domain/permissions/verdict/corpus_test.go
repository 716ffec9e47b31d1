// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type corpusCase struct {
	line    int
	approve bool
	Text    string
	family  string
}

// readCorpus reads testdata/corpus.txt: rules and lines with verdicts.
func readCorpus(t testing.TB) (rules []string, cases []corpusCase) {
	f, err := os.Open("testdata/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		verb, rest, _ := strings.Cut(line, " ")
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			t.Fatalf("corpus line %d: %v", n, err)
		}
		text, _ := strconv.Unquote(q)
		family := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest[len(q):]), "#"))
		switch verb {
		case "rule":
			rules = append(rules, text)
		case "approve", "ask":
			cases = append(cases, corpusCase{line: n, approve: verb == "approve", Text: text, family: family})
		default:
			t.Fatalf("corpus line %d: unknown verb %q", n, verb)
		}
	}
	return rules, cases
}

func TestCorpus(t *testing.T) {
	rules, cases := readCorpus(t)
	if len(cases) < 150 {
		t.Fatalf("corpus has %d lines, want at least 150", len(cases))
	}
	pass := 0
	checker := NewChecker(rules)
	for _, c := range cases {
		v := checker.Check(c.Text, nil)
		if v.Approved != c.approve {
			t.Errorf("corpus line %d (%s): %q approved=%v (rule %q, reason %q), want %v",
				c.line, c.family, c.Text, v.Approved, v.Rule, v.Reason, c.approve)
			continue
		}
		if !v.Approved && v.Reason.IsZero() {
			t.Errorf("corpus line %d: %q asks without a reason", c.line, c.Text)
			continue
		}
		pass++
	}
	t.Logf("corpus: %d/%d lines give the expected verdict", pass, len(cases))
}
