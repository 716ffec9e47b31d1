// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

func TestNameProblem(t *testing.T) {
	tests := []struct {
		name string
		says string // "" means fine
	}{
		{"SKILL.md", ""},
		{"run.sh", ""},
		{".hidden", ""},
		{"café.md", ""},
		{"a b.md", ""},
		{"console.md", ""}, // CON only as the whole base name
		{"COM10", ""},
		{"", "empty"},
		{".", "dot part"},
		{"..", "dot part"},
		{"a\x00b", "control"},
		{"a\nb", "control"},
		{"a\u0085b", "control"},
		{"\xff", "UTF-8"},
		{`a\b`, "backslash"},
		{"c:", `":"`},
		{"file:stream", `":"`},
		{"a<b", "Windows"},
		{"a|b", "Windows"},
		{"a*", "Windows"},
		{"a.", "dot or a space"},
		{"a ", "dot or a space"},
		{"CON", "reserves"},
		{"con", "reserves"},
		{"nul.txt", "reserves"},
		{"Nul.tar.gz", "reserves"},
		{"aux", "reserves"},
		{"PRN.md", "reserves"},
		{"COM1", "reserves"},
		{"com9.log", "reserves"},
		{"LPT1", "reserves"},
		{"lpt¹", "reserves"},
		{"CONIN$", "reserves"},
		{strings.Repeat("a", 256), "255"},
	}
	for _, tt := range tests {
		got := nameProblem(tt.name).String()
		if (tt.says == "") != (got == "") || !strings.Contains(got, tt.says) {
			t.Errorf("nameProblem(%q) = %q; want %q", tt.name, got, tt.says)
		}
	}
}

// sparseTar is a tar stream holding a GNU sparse entry, which Go's writer
// cannot make: a regular header is rewritten to type 'S'.
func sparseTar(t testing.TB) []byte {
	raw := BuildTar(t, "repo-main", TarEntry{Name: "SKILL.md", Body: goodMD}, TarEntry{Name: "holes.bin", Body: ""})
	i := bytes.LastIndex(raw, []byte("repo-main/holes.bin"))
	for ; i%512 != 0; i-- {
	}
	h := raw[i : i+512]
	h[156] = 'S'
	copy(h[257:265], "ustar  \x00") // GNU format, which sparse entries need
	copy(h[148:156], "        ")
	var sum int
	for _, b := range h {
		sum += int(b)
	}
	copy(h[148:156], fmt.Sprintf("%06o\x00 ", sum))
	return raw
}

const goodMD = "---\nname: pdf\ndescription: Work with PDF files.\n---\n"

func testLimits() Limits {
	return Limits{Download: 1 << 20, Unpacked: 8000, PerFile: 2000, Entries: 10, Listed: 200, Stream: 64 << 10}
}

// extractDir runs extract into a fresh staging folder and returns it.
func extractDir(t testing.TB, gz []byte, scope string, lim Limits) (*extraction, string, error) {
	parent := t.TempDir()
	staging := filepath.Join(parent, "staging")
	if err := os.Mkdir(staging, 0o755); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(staging)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	x, err := extract(bytes.NewReader(gz), scope, newRootSink(root), lim)
	return x, parent, err
}

func TestExtractSparseIsAProblem(t *testing.T) {
	x, _, err := extractDir(t, Gzip(t, sparseTar(t)), "", testLimits())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range x.entries {
		if e.Path == "holes.bin" {
			found = true
			if e.Problem.String() != "is a sparse file" || e.Written {
				t.Errorf("holes.bin = %+v; want a sparse-file problem, not written", e)
			}
		}
	}
	if !found {
		t.Error("holes.bin not seen")
	}
}

// A small archive that inflates to far more than the limits is refused after
// reading at most the stream limit.
func TestExtractRefusesABomb(t *testing.T) {
	raw := BuildTar(t, "repo-main", TarEntry{Name: "SKILL.md", Body: goodMD}, TarEntry{Name: "zeros", Body: string(make([]byte, 4<<20))})
	gz := Gzip(t, raw)
	if len(gz) > 10_000 {
		t.Fatalf("bomb is %d bytes compressed", len(gz))
	}
	lim := testLimits()
	lim.PerFile = 8 << 20
	lim.Unpacked = 8 << 20
	lim.Stream = 1 << 20
	r := &countReader{r: bytes.NewReader(gz)}
	staging := t.TempDir()
	root, err := os.OpenRoot(staging)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	_, err = extract(r, "", newRootSink(root), lim)
	if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "unpacks to far more") {
		t.Errorf("bomb: extract = %v; want refused", err)
	}
	var written int64
	filepath.WalkDir(staging, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			fi, _ := d.Info()
			written += fi.Size()
		}
		return nil
	})
	if r.n != int64(len(gz)) && r.n > 64<<10 {
		t.Errorf("bomb: read %d compressed bytes", r.n)
	}
	if written > lim.Stream {
		t.Errorf("bomb: wrote %d bytes; want at most the stream limit %d", written, lim.Stream)
	}
}

type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func TestExtractBrokenArchives(t *testing.T) {
	good := BuildArchive(t, "repo-main", TarEntry{Name: "SKILL.md", Body: goodMD})
	tests := map[string][]byte{
		"not gzip":     []byte("hello"),
		"truncated":    good[:len(good)-10],
		"bad crc":      append(append([]byte{}, good[:len(good)-8]...), 0, 0, 0, 0, 0, 0, 0, 0),
		"gzip of junk": Gzip(t, bytes.Repeat([]byte("junk"), 300)),
	}
	for name, gz := range tests {
		_, _, err := extractDir(t, gz, "", testLimits())
		if err == nil || domain.KindOf(err) == domain.KindInternal && !strings.Contains(err.Error(), "damaged") {
			t.Errorf("%s: extract = %v; want a damaged-archive error", name, err)
		}
	}
}

func TestExtractListedLimit(t *testing.T) {
	var entries []TarEntry
	for i := range 30 {
		entries = append(entries, TarEntry{Name: fmt.Sprintf("f%02d", i), Body: "x"})
	}
	lim := testLimits()
	lim.Listed = 20
	_, _, err := extractDir(t, BuildArchive(t, "r", entries...), "", lim)
	if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "more than 20 files") {
		t.Errorf("extract of 30 entries with Listed 20 = %v", err)
	}
	// Outside the scope they are not listed at all.
	if _, _, err := extractDir(t, BuildArchive(t, "r", entries...), "skills/x", lim); err != nil {
		t.Errorf("extract of 30 entries outside the scope = %v", err)
	}
}

func TestParseSkillMD(t *testing.T) {
	tests := []struct {
		in        string
		name, des string
		tools     []string
		bad       bool
	}{
		{"---\nname: pdf\ndescription: PDF.\n---\nbody", "pdf", "PDF.", nil, false},
		{"---\r\nname: pdf\r\ndescription: |\r\n  Line one\r\n  line two\r\n---\r\n", "pdf", "Line one\nline two", nil, false},
		{"\ufeff---\nNAME: pdf\nDescription: x\n---\n", "pdf", "x", nil, false},
		{"---\nname: pdf\ndescription: x\nallowed-tools: Bash(git status:*), Read Grep\n---\n", "pdf", "x", []string{"Bash(git status:*)", "Grep", "Read"}, false},
		{"---\nname: pdf\ndescription: x\nallowed-tools:\n  - Bash\n  - Write\ntools: [Edit]\n---\n", "pdf", "x", []string{"Bash", "Edit", "Write"}, false},
		{"---\nname: pdf\ndescription: x\nhooks: {}\n---\n", "pdf", "x", []string{"hooks"}, false},
		{"---\nname: pdf\ndescription: x\n...\n", "pdf", "x", nil, false},
		{"---\nname: pdf\ndescription: x\n---", "pdf", "x", nil, false},
		{"---\nname: 42\ndescription: x\n---\n", "42", "x", nil, false},
		{"# no front matter", "", "", nil, true},
		{"---\nname: pdf\n", "", "", nil, true},
		{"---\nname: [unclosed\n---\n", "", "", nil, true},
	}
	for _, tt := range tests {
		m, err := ParseSkillMD([]byte(tt.in))
		if tt.bad {
			if domain.KindOf(err) != domain.KindInvalid {
				t.Errorf("ParseSkillMD(%q) = %+v, %v; want invalid", tt.in, m, err)
			}
			continue
		}
		if err != nil || m.Name != tt.name || m.Description != tt.des || fmt.Sprint(m.DroppedTools) != fmt.Sprint(tt.tools) && len(tt.tools)+len(m.DroppedTools) > 0 {
			t.Errorf("ParseSkillMD(%q) = %+v, %v; want %q %q %q", tt.in, m, err, tt.name, tt.des, tt.tools)
		}
	}
}

func TestIsVCSName(t *testing.T) {
	for name, want := range map[string]bool{
		".git": true, ".GIT": true, ".Git": true, ".hg": true, ".svn": true, ".bzr": true, ".HG": true,
		"git~1": true, "GIT~2": true, ".g\u200cit": true, ".gi\u00adt": true, "\ufeff.git": true,
		".gitignore": false, ".gitattributes": false, "git": false, ".git2": false, "git~": false, "git~x": false,
		".github": false, "svn": false, "x.git": false, ".hgignore": false,
	} {
		if got := isVCSName(name); got != want {
			t.Errorf("isVCSName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{
		"pdf": true, "a": true, "frontend-design": true, "a1-b2": true, strings.Repeat("a", 64): true,
		"": false, "-a": false, "a-": false, "a--b": false, "A": false, "a_b": false, "a b": false, strings.Repeat("a", 65): false, "é": false,
	} {
		if ValidName(name) != want {
			t.Errorf("ValidName(%q) = %v, want %v", name, !want, want)
		}
	}
}

// hostileSeeds are tar streams (uncompressed) for the fuzz test to start from.
func hostileSeeds(t testing.TB) [][]byte {
	skill := TarEntry{Name: "SKILL.md", Body: goodMD}
	sets := [][]TarEntry{
		{skill, {Name: "scripts/run.sh", Body: "#!/bin/sh\n", Mode: 0o755}},
		{skill, {Name: "link", Type: tar.TypeSymlink, Linkname: "/etc/passwd"}, {Name: "link/x", Body: "through the link"}},
		{skill, {Name: "hard", Type: tar.TypeLink, Linkname: "repo-main/SKILL.md"}},
		{skill, {Name: "dev", Type: tar.TypeChar}, {Name: "fifo", Type: tar.TypeFifo}},
		{skill, {Name: "../../escape", Body: "x"}, {Name: "repo-main//abs", Raw: true, Body: "x"}},
		{skill, {Name: `a\..\b`, Body: "x"}, {Name: "c:x", Body: "x"}, {Name: "CON.txt", Body: "x"}, {Name: "a. ", Body: "x"}},
		{skill, {Name: "A", Body: "x"}, {Name: "a", Body: "y"}, {Name: "a/b", Body: "z"}},
		{skill, {Name: "caf\u00e9", Body: "x"}, {Name: "cafe\u0301", Body: "y"}},
		{skill, {Name: "d", Type: tar.TypeDir}, {Name: "d", Body: "x"}, {Name: "d/e", Body: "x"}},
		{skill, {Name: "big", Body: strings.Repeat("b", 3000)}},
		{skill, {Name: "other-top/x", Raw: true, Body: "x"}},
		{skill, {Name: ".git/config", Body: "[core]\n\tfsmonitor = x\n"}, {Name: "a/.git", Body: "gitdir: /tmp\n"}},
		{skill, {Name: ".Hg/hgrc", Body: "x"}, {Name: "b/.svn", Type: tar.TypeDir}, {Name: ".bzr/x", Body: "x"}, {Name: "git~1/config", Body: "x"}},
		{skill, {Name: "run", Body: "#!/bin/sh\nrm -rf ~\n"}, {Name: "n\u202eote.md", Body: "x\u00ady\U000E0041"}},
	}
	var out [][]byte
	for _, s := range sets {
		out = append(out, BuildTar(t, "repo-main", s...))
	}
	return append(out, sparseTar(t), manyEntries(t, 15))
}

func manyEntries(t testing.TB, n int) []byte {
	var e []TarEntry
	for i := range n {
		e = append(e, TarEntry{Name: fmt.Sprintf("d%d/f", i), Body: strings.Repeat("z", 900)})
	}
	return BuildTar(t, "repo-main", e...)
}

// FuzzExtract: whatever the tar stream, nothing is written outside the
// staging folder, nothing is a link or executable, every written path passes
// the checks, and no limit is passed.
func FuzzExtract(f *testing.F) {
	for _, s := range hostileSeeds(f) {
		f.Add(s, "")
	}
	f.Add(BuildTar(f, "repo-main", TarEntry{Name: "skills/a/SKILL.md", Body: goodMD}), "skills/a")
	lim := testLimits()
	base := f.TempDir()
	f.Fuzz(func(t *testing.T, raw []byte, scope string) {
		if len(raw) > 256<<10 {
			return
		}
		parent, err := os.MkdirTemp(base, "x")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(parent)
		staging := filepath.Join(parent, "staging")
		if err := os.Mkdir(staging, 0o755); err != nil {
			t.Fatal(err)
		}
		root, err := os.OpenRoot(staging)
		if err != nil {
			t.Fatal(err)
		}
		defer root.Close()
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
		zw.Write(raw)
		zw.Close()
		x, err := extract(&gz, scope, newRootSink(root), lim)
		if err == nil && len(x.entries) > lim.Listed {
			t.Fatalf("listed %d entries, over %d", len(x.entries), lim.Listed)
		}
		// Beside the staging folder: nothing.
		if ents, _ := os.ReadDir(parent); len(ents) != 1 {
			t.Fatalf("the parent holds %d entries; want only the staging folder", len(ents))
		}
		var count int
		var total int64
		err = filepath.WalkDir(staging, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p == staging {
				return nil
			}
			count++
			rel, _ := filepath.Rel(staging, p)
			if problem := pathProblem(filepath.ToSlash(rel)); !problem.IsZero() {
				t.Errorf("wrote %q, which %s", rel, problem)
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			switch {
			case fi.Mode()&fs.ModeSymlink != 0 || !fi.Mode().IsRegular() && !fi.IsDir():
				t.Errorf("wrote %q of mode %v", rel, fi.Mode())
			case fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0:
				t.Errorf("wrote %q executable (%v)", rel, fi.Mode())
			case fi.Mode().IsRegular():
				total += fi.Size()
				if fi.Size() > lim.PerFile {
					t.Errorf("wrote %q of %d bytes, over the per-file limit", rel, fi.Size())
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// Implicit parent folders are not entries; allow one per written file.
		if total > lim.Unpacked || count > 2*lim.Entries+1 {
			t.Fatalf("wrote %d entries, %d bytes; limits %d, %d", count, total, lim.Entries, lim.Unpacked)
		}
	})
}
