// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"crypto/sha256"
	"errors"
	"io"

	"memo.dev/projects/domain"
)

// Limits bound what one install may read and write (docs/skills.md §6).
type Limits struct {
	Download int64 // compressed bytes read from the network
	Unpacked int64 // bytes written for the skill
	PerFile  int64 // bytes of one file
	Entries  int   // files and folders of the skill
	// Listed bounds the entries of the scope recorded for judging (the whole
	// repository when no folder was named), so memory stays small.
	Listed int
	// Stream bounds the uncompressed tar stream, skipped entries included: a
	// small archive that inflates to gigabytes is refused after this much.
	Stream int64
}

// DefaultLimits are the limits of docs/skills.md §6.
func DefaultLimits() Limits {
	return Limits{Download: 25 << 20, Unpacked: 60 << 20, PerFile: 5 << 20, Entries: 5000, Listed: 100_000, Stream: 400 << 20}
}

// skillFile names the file that makes a folder a skill.
const skillFile = "SKILL.md"

// maxSkillMD bounds a SKILL.md kept in memory while streaming (and read from disk).
const maxSkillMD = 1 << 20

// entry is one archive entry inside the extraction scope, judged but not yet
// condemned: a problem counts only if the entry lies in the chosen skill.
type entry struct {
	Path    string // relative to the repository root, "/"-separated, no trailing "/"
	Dir     bool
	Link    bool          // a symbolic or hard link
	Size    int64         // file bytes
	Exec    bool          // executable in the archive (it is not made executable here)
	Script  bool          // executable in the archive or starting with #!
	Nested  nestedVerdict // what it holds when it is an archive itself
	LFS     bool          // a Git LFS pointer, not the file itself
	Hidden  hidden
	Name    hidden      // hidden characters in the entry's name
	Problem domain.Text // why it cannot be installed (the end of a sentence naming it), zero when it can
	Read    bool        // its bytes went by (Digest holds their SHA-256)
	Written bool        // written to the sink
	Digest  [sha256.Size]byte
	Content []byte // SKILL.md files only
}

// extraction is what one pass over an archive found.
type extraction struct {
	entries  []entry
	overflow bool   // the sink's budget ran out: some good entries were not written
	commit   string // the commit id GitHub put in the pax global header, "" when none
	stopped  bool   // extractUntil stopped at the commit
}

// errArchive marks an archive that is broken or not shaped like GitHub's.
var errArchive = errors.New("not a usable archive")

// countingReader refuses a decompressed stream longer than limit.
type countingReader struct {
	r     io.Reader
	n     int64
	limit int64
}

var errStreamLimit = errors.New("stream limit")

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n > c.limit {
		return 0, errStreamLimit
	}
	if room := c.limit + 1 - c.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.n > c.limit {
		return n, errStreamLimit
	}
	return n, err
}

// writeErr marks a failure of the sink, not of the archive.
type writeErr struct{ err error }

func (e *writeErr) Error() string { return e.err.Error() }

// copyBuffer copies src to dst, telling the sink's failures apart from the archive's.
func copyBuffer(dst io.Writer, src io.Reader, buf []byte) (int64, error) {
	var n int64
	for {
		k, rerr := src.Read(buf)
		if k > 0 {
			w, werr := dst.Write(buf[:k])
			n += int64(w)
			if werr != nil {
				return n, &writeErr{werr}
			}
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr
		}
	}
}

func writeError(rel string, err error) error {
	return domain.T("cannot write {{.Path}} while installing: {{.Error}}", "Path", rel, "Error", domain.Sentence(err)).Wrap(errInternal, err)
}

// archiveError describes a failure to read the stream: the download's own
// sentence when it was the download that failed, else a broken archive.
func archiveError(err error) error {
	var de *domain.Error
	switch {
	case errors.As(err, &de):
		return err
	case errors.Is(err, errStreamLimit):
		return domain.T("the archive unpacks to far more than a skill needs (over the limit of the stream); nothing was installed").Wrap(domain.ErrRefused, errArchive)
	}
	return domain.T("the archive is damaged or is not a .tar.gz: {{.Error}}", "Error", domain.Sentence(err)).Wrap(domain.ErrInvalid, errArchive)
}
