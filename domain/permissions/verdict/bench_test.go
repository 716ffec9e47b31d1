// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"testing"
)

func hundredRules() []string {
	rules := make([]string, 0, 100)
	for i := 0; len(rules) < 99; i++ {
		rules = append(rules, fmt.Sprintf("make target%d", i))
	}
	return append(rules, "go test") // the match is last
}

func BenchmarkCheckCommand100Rules(b *testing.B) {
	c := NewChecker(hundredRules())
	for b.Loop() {
		if v := c.Check("go test -run TestParse -count=1 ./domain/permissions/", nil); !v.Approved {
			b.Fatal(v)
		}
	}
}

func BenchmarkCheckCommandAsk100Rules(b *testing.B) {
	c := NewChecker(hundredRules())
	for b.Loop() {
		if v := c.Check("go test ./... -exec=sh", nil); v.Approved {
			b.Fatal(v)
		}
	}
}
