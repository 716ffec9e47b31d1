// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// With thousands of project pools the Global memory summary names the
// largest ones and says how many more there are.
func TestGlobalMemorySummaryStaysShort(t *testing.T) {
	test.NewTempApp(t)
	counts := map[string]int{"": 2}
	for i := range 3000 {
		counts[fmt.Sprintf("p_%032x", i)] = 1 + i%3
	}
	g := newGlobalView(inline(), nil, listSource{})
	g.showPools(fakeMemories(memoryOn, counts), memoryOn)
	if n := len(g.pools.Objects); n != maxPoolLines+1 {
		t.Fatalf("the summary has %d lines, want %d and one for the rest", n, maxPoolLines+1)
	}
	last, ok := g.pools.Objects[maxPoolLines].(*widget.Label)
	if !ok || !strings.Contains(last.Text, fmt.Sprint(3000-maxPoolLines)) {
		t.Errorf("the last line is %v, want how many more", g.pools.Objects[maxPoolLines])
	}
}
