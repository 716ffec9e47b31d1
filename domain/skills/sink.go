// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"io"
	"os"
	"path"
)

// sink receives what passes the checks. Paths are judged before they reach it.
type sink interface {
	mkdirAll(p string) error
	create(p string) (io.WriteCloser, error)
}

// rootSink writes under an os.Root: even a path the checks missed cannot
// leave it. Resolving every path from the root again costs an openat per
// folder of it, twice a file (its folders, then the file): the folders made
// are remembered, and the last few are kept open as roots of their own, so
// a file is created with one openat in its folder.
type rootSink struct {
	root *os.Root
	made map[string]bool     // folders made (or found) so far
	open map[string]*os.Root // a few of them, open
}

// maxOpenFolders bounds the folders kept open (file descriptors); git
// lists a folder's files together, so a few would suffice, but an archive
// made otherwise may go round many folders in turn.
const maxOpenFolders = 128

func newRootSink(root *os.Root) *rootSink {
	return &rootSink{root: root, made: map[string]bool{}, open: map[string]*os.Root{}}
}

// Folders and files get 0777/0666 less the umask, like everything Memo creates.
func (s *rootSink) mkdirAll(p string) error {
	if s.made[p] {
		return nil
	}
	if err := s.root.MkdirAll(p, 0o777); err != nil {
		return err
	}
	for d := p; d != "." && !s.made[d]; d = path.Dir(d) {
		s.made[d] = true
	}
	return nil
}

func (s *rootSink) create(p string) (io.WriteCloser, error) {
	// O_EXCL: an entry never replaces another (duplicates are refused before,
	// this is the floor under that check).
	const flags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	dir, base := path.Split(p)
	if dir == "" {
		return s.root.OpenFile(p, flags, 0o666)
	}
	sub, err := s.folder(dir[:len(dir)-1])
	if err != nil {
		return nil, err
	}
	return sub.OpenFile(base, flags, 0o666)
}

// folder is the folder dir of the root as a root of its own, opened once.
func (s *rootSink) folder(dir string) (*os.Root, error) {
	if r, ok := s.open[dir]; ok {
		return r, nil
	}
	if len(s.open) >= maxOpenFolders {
		for d, r := range s.open { // any one: map order is random enough
			r.Close()
			delete(s.open, d)
			break
		}
	}
	r, err := s.root.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	s.open[dir] = r
	return r, nil
}

// close closes the folders kept open.
func (s *rootSink) close() {
	for d, r := range s.open {
		r.Close()
		delete(s.open, d)
	}
}

// discardSink writes nothing: the review (dry run) reads and judges the same
// stream without touching the disk.
type discardSink struct{}

func (discardSink) mkdirAll(string) error { return nil }
func (discardSink) create(string) (io.WriteCloser, error) {
	return nopWriteCloser{io.Discard}, nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
