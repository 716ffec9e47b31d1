// SPDX-License-Identifier: Apache-2.0

package skillstest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"memo.dev/projects/domain/skills/skillstest/tarball"
)

// Entry is one file or folder of a test archive, under its top folder.
type Entry = tarball.Entry

// Archive is a gzip-compressed tar stream shaped like GitHub's: a pax
// global header whose comment is commit (none when ""), the top folder,
// then the entries under it.
func Archive(t testing.TB, commit, top string, entries ...Entry) []byte {
	return tarball.Gzip(t, tarball.Tar(t, commit, top, entries...))
}

// RepoServer answers like codeload.github.com (/{owner}/{repo}/tar.gz/{ref})
// for repositories whose history the test writes: Push makes a commit (its
// id a SHA-1 of the files), HEAD and the branch main move to it, and every
// commit stays served by its id. Archives are shaped like GitHub's: the
// commit in the pax global header's comment, everything under one top
// folder, repo-<commit> (repo-<ref> for a branch or tag).
type RepoServer struct {
	*httptest.Server
	Requests atomic.Int32

	mu      sync.Mutex
	commits map[string][]Entry // "owner/repo/sha"
	head    map[string]string  // "owner/repo" → sha
	serve   func(repo, ref string, archive []byte) []byte
}

// NewRepoServer starts a server that the test's end closes.
func NewRepoServer(t testing.TB) *RepoServer {
	s := &RepoServer{commits: map[string][]Entry{}, head: map[string]string{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Requests.Add(1)
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
		if len(parts) != 4 || parts[2] != "tar.gz" {
			http.NotFound(w, r)
			return
		}
		repo, ref := parts[0]+"/"+parts[1], parts[3]
		s.mu.Lock()
		sha, top := ref, parts[1]+"-"+ref
		if ref == "HEAD" || ref == "main" {
			sha = s.head[repo]
		}
		if ref == "HEAD" {
			top = parts[1] + "-" + sha
		}
		entries, ok := s.commits[repo+"/"+sha]
		serve := s.serve
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		b := Archive(t, sha, top, entries...)
		if serve != nil {
			b = serve(repo, ref, b)
		}
		w.Header().Set("Content-Type", "application/x-gzip")
		w.Write(b)
	}))
	t.Cleanup(s.Close)
	return s
}

// Push commits entries as the new HEAD (and main) of repo ("owner/repo")
// and returns the commit's id.
func (s *RepoServer) Push(repo string, entries ...Entry) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := sha1.New()
	fmt.Fprintf(h, "%s %s\n", repo, s.head[repo])
	for _, e := range entries {
		fmt.Fprintf(h, "%s %d %q\n", e.Name, len(e.Body), e.Body)
	}
	sha := hex.EncodeToString(h.Sum(nil))
	s.commits[repo+"/"+sha] = entries
	s.head[repo] = sha
	return sha
}

// Serve replaces each archive with what serve returns (nil: as made): an
// archive that does not match the lock, or one that is broken.
func (s *RepoServer) Serve(serve func(repo, ref string, archive []byte) []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.serve = serve
}
