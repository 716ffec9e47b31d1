// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/project"
)

// BenchmarkStatus measures `status` of a set-up project with a small and a large
// registry: lookups are by indexed path and id, so the size must not matter.
func BenchmarkStatus(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(fmt.Sprintf("registry=%d", n), func(b *testing.B) {
			home := b.TempDir()
			s, err := Open(home, Options{Now: testClock})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			rows := make([]projectRow, n)
			for i := range rows {
				rows[i] = projectRow{ID: fmt.Sprintf("p_%032x", i), Path: fmt.Sprintf("/work/project-%d", i), LastOpened: testClock()}
			}
			if err := s.db.CreateInBatches(rows, 500).Error; err != nil {
				b.Fatal(err)
			}
			rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
			svc := project.NewService(rules, s.Registry(), s.Settings(), time.Now)
			dir := b.TempDir()
			if _, err := svc.Setup(dir); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				st, err := svc.Status(dir)
				if err != nil || !st.Enabled {
					b.Fatalf("Status = %+v, %v", st, err)
				}
			}
		})
	}
}
