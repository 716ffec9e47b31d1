// SPDX-License-Identifier: Apache-2.0

// Package tarball makes test archives shaped like GitHub's: a pax global
// header whose comment is the commit, one top folder, the entries under it.
// It imports nothing of Memo's, so the skills package's own tests use it as
// well as skillstest.
package tarball

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"time"
)

// Entry is one entry of a test archive. Names are under the archive's top
// folder unless Raw.
type Entry struct {
	Name     string
	Type     byte // tar.TypeReg when 0
	Body     string
	Mode     int64
	Linkname string
	Raw      bool
}

// Tar is a tar stream: the pax global header with commit ("" for none),
// the top folder ("" for none), then the entries, under it unless Raw.
func Tar(t testing.TB, commit, top string, entries ...Entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	if commit != "" {
		must(tw.WriteHeader(&tar.Header{Typeflag: tar.TypeXGlobalHeader, Name: "pax_global_header",
			PAXRecords: map[string]string{"comment": commit}}))
	}
	if top != "" {
		must(tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: top + "/", Mode: 0o775, ModTime: time.Unix(1, 0)}))
	}
	for _, e := range entries {
		name := e.Name
		if !e.Raw {
			name = top + "/" + e.Name
		}
		h := &tar.Header{Typeflag: e.Type, Name: name, Mode: e.Mode, Linkname: e.Linkname, ModTime: time.Unix(1, 0), Format: tar.FormatPAX}
		if h.Typeflag == 0 {
			h.Typeflag = tar.TypeReg
		}
		if h.Mode == 0 {
			h.Mode = 0o664
		}
		if h.Typeflag == tar.TypeReg {
			h.Size = int64(len(e.Body))
		}
		if h.Typeflag == tar.TypeDir && !strings.HasSuffix(h.Name, "/") {
			h.Name += "/"
		}
		must(tw.WriteHeader(h))
		if h.Typeflag == tar.TypeReg {
			_, err := tw.Write([]byte(e.Body))
			must(err)
		}
	}
	must(tw.Close())
	return buf.Bytes()
}

// Gzip compresses b as one gzip member.
func Gzip(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
