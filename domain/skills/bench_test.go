// SPDX-License-Identifier: Apache-2.0

//go:build unix

// The benchmarks compare with tar(1): Unix only.

package skills_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/skills"
)

// realisticArchive is a skill shaped like the large real ones: mostly
// Markdown and scripts, some binary assets, a few folder levels deep.
func realisticArchive(b testing.TB, files, binaries, textSize, binSize int) []byte {
	rng := rand.New(rand.NewSource(1))
	words := strings.Fields("the skill reads a file and writes the answer with care when asked to check each step of the work before it says done and lists what was not verified")
	entries := []skills.TarEntry{{Name: "SKILL.md", Body: "---\nname: big\ndescription: A large skill.\n---\n# Big\n"}}
	for i := range files {
		var sb strings.Builder
		for sb.Len() < textSize {
			sb.WriteString(words[rng.Intn(len(words))])
			if rng.Intn(12) == 0 {
				sb.WriteString(".\n")
			} else {
				sb.WriteByte(' ')
			}
		}
		entries = append(entries, skills.TarEntry{Name: fmt.Sprintf("docs/part%02d/section%02d/page%04d.md", i%10, i%7, i), Body: sb.String()})
	}
	for i := range binaries {
		blob := make([]byte, binSize)
		rng.Read(blob)
		entries = append(entries, skills.TarEntry{Name: fmt.Sprintf("assets/img%03d.png", i), Body: string(blob)})
	}
	return skills.BuildArchive(b, "big-skill-0123abc", entries...)
}

// BenchmarkInstall compares an install from a loopback server (download,
// inflate, judge, write and fsync every file and folder, rename into place)
// with `tar -xzf` of the same archive from a file, in pairs, the order of
// the two swapped every pair so that a machine whose speed drifts favours
// neither: memo/tar is the median of the pairs' ratios of wall time. Both
// write under TMPDIR: bench/install.sh runs it on a tmpfs (/dev/shm) and on
// disk.
func BenchmarkInstall(b *testing.B) {
	sizes := []struct {
		name                               string
		files, binaries, textSize, binSize int
	}{
		{"2MB-300files", 250, 50, 8 << 10, 30 << 10},
		{"20MB-4000files", 3700, 300, 12 << 10, 30 << 10},
	}
	for _, sz := range sizes {
		archive := realisticArchive(b, sz.files, sz.binaries, sz.textSize, sz.binSize)
		file := filepath.Join(b.TempDir(), "a.tar.gz")
		if err := os.WriteFile(file, archive, 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(sz.name, func(b *testing.B) {
			b.Logf("%.1f MB compressed", float64(len(archive))/(1<<20))
			srv := skills.NewArchiveServer(b, map[string][]byte{"o/big/HEAD": archive})
			s, err := skills.NewService(newSwitches(), srv.Client(), srv.URL)
			if err != nil {
				b.Fatal(err)
			}
			src, _ := skills.ParseSource("o/big")
			memo := func() {
				root := b.TempDir()
				os.MkdirAll(filepath.Join(root, ".memo", "skills"), 0o755)
				if _, err := s.Install(context.Background(), skills.Project{ID: "p", Root: root}, src, skills.InstallOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			tarxzf := func() {
				if out, err := exec.Command("tar", "-xzf", file, "-C", b.TempDir()).CombinedOutput(); err != nil {
					b.Fatal(err, string(out))
				}
			}
			var ratios, memoMs, tarMs []float64
			b.SetBytes(int64(len(archive)))
			b.ResetTimer()
			for i := range b.N {
				var m, t time.Duration
				if i%2 == 0 {
					m, t = timed(memo), timed(tarxzf)
				} else {
					t, m = timed(tarxzf), timed(memo)
				}
				ratios = append(ratios, float64(m)/float64(t))
				memoMs = append(memoMs, float64(m)/1e6)
				tarMs = append(tarMs, float64(t)/1e6)
			}
			b.ReportMetric(median(ratios), "memo/tar")
			b.ReportMetric(median(memoMs), "memo-ms")
			b.ReportMetric(median(tarMs), "tar-ms")
		})
	}
}

func timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// BenchmarkBomb: an archive of about 1 MB holding a 1 GB file of zeros is
// refused after the stream limit, in bounded time and memory.
func BenchmarkBomb(b *testing.B) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	tw := tar.NewWriter(zw)
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: "bomb-main/", Mode: 0o755})
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: "bomb-main/SKILL.md", Mode: 0o644, Size: int64(len(md))})
	tw.Write([]byte(md))
	const size = 1 << 30
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: "bomb-main/zeros", Mode: 0o644, Size: size})
	zeros := make([]byte, 1<<20)
	for range size / len(zeros) {
		tw.Write(zeros)
	}
	tw.Close()
	zw.Close()
	archive := gz.Bytes()
	srv := skills.NewArchiveServer(b, map[string][]byte{"o/bomb/HEAD": archive})
	s, _ := skills.NewService(newSwitches(), srv.Client(), srv.URL)
	src, _ := skills.ParseSource("o/bomb")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for range b.N {
		root := b.TempDir()
		os.MkdirAll(filepath.Join(root, ".memo", "skills"), 0o755)
		_, err := s.Install(context.Background(), skills.Project{ID: "p", Root: root}, src, skills.InstallOptions{})
		if err == nil || !strings.Contains(err.Error(), "far more than a skill needs") {
			b.Fatalf("bomb: %v", err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(len(archive))/1024, "archive-kB")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/(1<<20), "alloc-MB/op")
	b.ReportMetric(float64(after.Sys)/(1<<20), "sys-MB")
}
