package permissions

import "testing"

func TestTmpAskReasons(t *testing.T) {
	c := readBenign(t)
	projects := benignProjects(t, c.lines)
	for i, b := range c.lines {
		if b.verb != "ask" {
			continue
		}
		v := NewChecker([]string{b.rule}).CheckIn(b.line, projects[i])
		t.Logf("%s\t%s\t%s", b.place, b.line, v.Reason)
	}
}
