package skills

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TarEntry is one entry of a test archive. Names are under the archive's top
// folder unless Raw.
type TarEntry struct {
	Name     string
	Type     byte // tar.TypeReg when 0
	Body     string
	Mode     int64
	Linkname string
	Raw      bool
}

// BuildTar makes a GitHub-shaped tar stream: a pax_global_header, the top
// folder, then the entries.
func BuildTar(t testing.TB, top string, entries ...TarEntry) []byte {
	return BuildCommitTar(t, "0123456789abcdef0123456789abcdef01234567", top, entries...)
}

// BuildCommitTar is BuildTar with the commit id GitHub puts in the pax
// global header's comment ("" for none).
func BuildCommitTar(t testing.TB, commit, top string, entries ...TarEntry) []byte {
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

// BuildArchive is BuildTar gzipped, as codeload serves it.
func BuildArchive(t testing.TB, top string, entries ...TarEntry) []byte {
	return Gzip(t, BuildTar(t, top, entries...))
}

// ArchiveServer answers like codeload: /{owner}/{repo}/tar.gz/{ref}.
type ArchiveServer struct {
	*httptest.Server
	Archives map[string][]byte // by "owner/repo/ref"
	Requests atomic.Int32
}

func NewArchiveServer(t testing.TB, archives map[string][]byte) *ArchiveServer {
	s := &ArchiveServer{Archives: archives}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Requests.Add(1)
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
		if len(parts) != 4 || parts[2] != "tar.gz" {
			http.NotFound(w, r)
			return
		}
		b, ok := s.Archives[parts[0]+"/"+parts[1]+"/"+parts[3]]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/x-gzip")
		w.Write(b)
	}))
	t.Cleanup(s.Close)
	return s
}

func SkillMD(name, desc string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n---\n# " + name + "\n"
}
