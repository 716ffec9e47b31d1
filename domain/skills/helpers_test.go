// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"memo.dev/projects/domain/skills/skillstest/tarball"
)

// TarEntry is one entry of a test archive. Names are under the archive's top
// folder unless Raw.
type TarEntry = tarball.Entry

// BuildTar makes a GitHub-shaped tar stream: a pax_global_header, the top
// folder, then the entries.
func BuildTar(t testing.TB, top string, entries ...TarEntry) []byte {
	return tarball.Tar(t, "0123456789abcdef0123456789abcdef01234567", top, entries...)
}

// Gzip compresses b as one gzip member.
func Gzip(t testing.TB, b []byte) []byte { return tarball.Gzip(t, b) }

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
