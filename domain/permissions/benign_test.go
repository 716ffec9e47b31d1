// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

type benignLine struct {
	n                     int
	verb, rule, line, why string
}

// readBenign reads testdata/benign.txt: verb, the rule and the line, both
// Go-quoted, and why it is not approved after a #.
func readBenign(t testing.TB) []benignLine {
	f, err := os.Open("testdata/benign.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []benignLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		verb, rest, _ := strings.Cut(text, " ")
		rule, err := strconv.QuotedPrefix(rest)
		if err != nil {
			t.Fatalf("benign.txt:%d: %v", n, err)
		}
		rest = strings.TrimSpace(rest[len(rule):])
		line, err := strconv.QuotedPrefix(rest)
		if err != nil {
			t.Fatalf("benign.txt:%d: %v", n, err)
		}
		why := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest[len(line):]), "#"))
		b := benignLine{n: n, verb: verb, why: why}
		b.rule, _ = strconv.Unquote(rule)
		b.line, _ = strconv.Unquote(line)
		out = append(out, b)
	}
	return out
}

// benignShares are the shares approved, of every line and of the lines
// whose rule is accepted.
func benignShares(lines []benignLine) (all, accepted float64) {
	approved, ruled := 0, 0
	for _, b := range lines {
		if b.verb != "refused" {
			ruled++
		}
		if b.verb == "approve" {
			approved++
		}
	}
	return 100 * float64(approved) / float64(len(lines)), 100 * float64(approved) / float64(ruled)
}

// benignBins are the programs the corpus's npx lines run, installed in the
// projects those lines come from (their package.json names them).
var benignBins = []string{"vitest", "jest", "eslint", "prettier", "tsc"}

// benignProject is the project the corpus is checked in: a folder with a
// package.json, a src folder (the operand of programs without an entry)
// and node_modules/.bin holding benignBins, outside any repository.
func benignProject(t testing.TB) *Project {
	root := t.TempDir()
	files := map[string]string{"package.json": "{}\n", "src/.keep": ""}
	for _, b := range benignBins {
		files[filepath.Join("node_modules", ".bin", b)] = "#!/usr/bin/env node\n"
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := NewProject(root, "", OSGitFS(""), nil)
	p.Git = func(string) domain.Text { return domain.Text{} }
	return p
}

// The benign corpus: every verdict as the file says, every line that is
// not approved explained, and the share approved reported.
func TestBenignCorpus(t *testing.T) {
	lines := readBenign(t)
	if len(lines) < 400 {
		t.Fatalf("benign.txt has %d lines, want at least 400", len(lines))
	}
	project := benignProject(t)
	for _, b := range lines {
		v := NewChecker([]string{b.rule}).CheckIn(b.line, project)
		refused := AcceptRule(b.rule)
		switch b.verb {
		case "approve":
			if !v.Approved {
				t.Errorf("benign.txt:%d: %q with rule %q asks (%s), want it approved", b.n, b.line, b.rule, v.Reason)
			}
		case "ask":
			if v.Approved || !refused.IsZero() {
				t.Errorf("benign.txt:%d: %q with rule %q: approved=%v, rule refused %q; want an accepted rule that asks", b.n, b.line, b.rule, v.Approved, refused)
			}
		case "refused":
			if refused.IsZero() {
				t.Errorf("benign.txt:%d: rule %q is accepted, want it refused", b.n, b.rule)
			}
		default:
			t.Errorf("benign.txt:%d: unknown verb %q", b.n, b.verb)
		}
		if b.verb != "approve" && b.why == "" {
			t.Errorf("benign.txt:%d: %q is not approved and the file says not why", b.n, b.line)
		}
	}
	all, accepted := benignShares(lines)
	t.Logf("benign corpus: %d lines; approved %.1f%% of all, %.1f%% of those whose rule is accepted", len(lines), all, accepted)
	if accepted < 95 {
		t.Errorf("%.1f%% of the benign lines with an accepted rule are approved, want at least 95%%", accepted)
	}
}

// BenchmarkBenignCorpus reports the share approved and the cost per line.
func BenchmarkBenignCorpus(b *testing.B) {
	lines := readBenign(b)
	checkers := make([]*Checker, len(lines))
	for i, l := range lines {
		checkers[i] = NewChecker([]string{l.rule})
	}
	project := benignProject(b)
	i := 0
	for b.Loop() {
		checkers[i%len(lines)].CheckIn(lines[i%len(lines)].line, project)
		i++
	}
	all, accepted := benignShares(lines)
	b.ReportMetric(all, "%approved")
	b.ReportMetric(accepted, "%approved-of-accepted-rules")
}
