// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// zipOf is a zip of name → body; a name ending in "*" is stored executable.
func zipOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		name, exec := strings.CutSuffix(files[i], "*")
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		h.SetMode(0o644)
		if exec {
			h.SetMode(0o755)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// tarOf is a tar of name → body; a name ending in "*" has mode 0755.
func tarOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		name, exec := strings.CutSuffix(files[i], "*")
		mode := int64(0o644)
		if exec {
			mode = 0o755
		}
		tw.WriteHeader(&tar.Header{Name: name, Mode: mode, Size: int64(len(files[i+1])), Typeflag: tar.TypeReg})
		tw.Write([]byte(files[i+1]))
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gzipOf(t testing.TB, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	zw.Close()
	return out.Bytes()
}

// manyZip holds n empty text files: a zip bomb by its count.
func manyZip(t testing.TB, n int) []byte {
	files := make([]string, 0, 2*n)
	for i := range n {
		files = append(files, fmt.Sprintf("f%d.txt", i), "")
	}
	return zipOf(t, files...)
}

// TestInspectNested: one row per kind of nested archive and what it holds.
func TestInspectNested(t *testing.T) {
	big := bytes.Repeat([]byte("a"), maxNestedInflated+10)
	tests := []struct {
		name       string
		body       []byte
		archive    bool
		scripts    []string
		unreadable string // a part of why, "" when readable
	}{
		{"tools.zip", zipOf(t, "run.sh", "#!/bin/sh\necho\n", "README.md", "# hi"), true, []string{"run.sh"}, ""},
		{"docs.zip", zipOf(t, "a.md", "# a", "b/c.md", "# c"), true, nil, ""},
		{"exec.zip", zipOf(t, "bin/tool*", "\x7fELF"), true, []string{"bin/tool"}, ""},
		{"lib.jar", zipOf(t, "x.class", "\xca\xfe\xba\xbe"), true, nil, ""},
		{"env.tar.gz", gzipOf(t, tarOf(t, "env/activate*", "export X=1\n", "env/notes.txt", "n")), true, []string{"env/activate"}, ""},
		{"env.tgz", gzipOf(t, tarOf(t, "a.txt", "plain")), true, nil, ""},
		{"plain.tar", tarOf(t, "go.py", "#!/usr/bin/env python3\n"), true, []string{"go.py"}, ""},
		{"run.sh.gz", gzipOf(t, []byte("#!/bin/sh\nrm -rf ~\n")), true, []string{"run.sh.gz"}, ""},
		{"inner.zip", zipOf(t, "deep.tar", string(tarOf(t, "x.sh*", "echo"))), true, []string{"deep.tar/x.sh"}, ""},
		{"renamed.dat", zipOf(t, "x.sh", "#!/bin/sh"), true, []string{"x.sh"}, ""},
		{"broken.zip", []byte("PK\x03\x04 this is not a zip at all"), true, nil, "damaged"},
		{"named.zip", []byte("just text, named like a zip"), true, nil, "does not read"},
		{"tools.7z", []byte("7z\xbc\xaf\x27\x1c rest"), true, nil, "does not read"},
		{"holds.zip", zipOf(t, "a.xz", "\xfd7zXZ\x00..."), true, nil, "a.xz"},
		{"many.zip", manyZip(t, maxNestedEntries+1), true, nil, "more than 10000 entries"},
		{"bomb.tar.gz", gzipOf(t, tarOf(t, "big.txt", string(big))), true, nil, "unpacks to more than"},
		{"deep.zip", zipOf(t, "1.zip", string(zipOf(t, "2.zip", string(zipOf(t, "3.zip", string(zipOf(t, "x.sh", "#!"))))))), true, nil, "nested more than 3"},
		{"big.txt.gz", gzipOf(t, big), true, nil, ""}, // one big text file: nothing to run
		{"notes.md", []byte("# not an archive\n"), false, nil, ""},
		{"image.png", []byte("\x89PNG\r\n\x1a\n"), false, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := newContentScan(false, tt.name)
			for p := tt.body; len(p) > 0; p = p[min(len(p), 100):] { // in pieces, as a copy writes
				sc.Write(p[:min(len(p), 100)])
			}
			v := sc.nested(tt.name)
			if v.Archive != tt.archive {
				t.Errorf("%s: archive = %v, want %v", tt.name, v.Archive, tt.archive)
			}
			if !slices.Equal(v.Scripts, tt.scripts) {
				t.Errorf("%s: scripts = %q, want %q", tt.name, v.Scripts, tt.scripts)
			}
			why := v.Unreadable.String()
			if tt.unreadable == "" && why != "" || !strings.Contains(why, tt.unreadable) {
				t.Errorf("%s: unreadable = %q, want one saying %q", tt.name, why, tt.unreadable)
			}
			if want := len(tt.scripts) > 0 || tt.unreadable != ""; v.flagged() != want {
				t.Errorf("%s: flagged = %v, want %v", tt.name, v.flagged(), want)
			}
		})
	}
}

// FuzzInspectNested: any bytes under any archive name are judged without a
// panic, and an archive is flagged or found harmless, never both unknown.
func FuzzInspectNested(f *testing.F) {
	f.Add("a.zip", zipOf(f, "run.sh", "#!/bin/sh"))
	f.Add("a.tgz", gzipOf(f, tarOf(f, "x*", "y")))
	f.Add("a.tar", tarOf(f, "x", "y"))
	f.Add("a.bz2", []byte("BZh91AY&SY"))
	f.Add("a.txt", []byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, name string, b []byte) {
		v := inspectNested(name, b)
		if !v.Archive && v.flagged() {
			t.Errorf("%q: flagged %+v but not an archive", name, v)
		}
	})
}
