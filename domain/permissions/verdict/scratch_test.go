package verdict

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestScratch(t *testing.T) {
	f, err := os.Open("/tmp/scratch.txt")
	if err != nil {
		t.Skip()
	}
	defer f.Close()
	p := benignProject(t)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rule, line, ok := strings.Cut(sc.Text(), " => ")
		if !ok {
			continue
		}
		v := NewChecker([]string{rule}).CheckIn(line, p)
		t.Logf("%-5v %q  [%s] %s", v.Approved, line, rule, v.Reason)
	}
}
