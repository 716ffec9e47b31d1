// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"bytes"
	"crypto/sha256"
	"hash"
)

// contentScan watches a file's bytes go by once, as they are written: their
// SHA-256 (the lock's hash), a Git LFS pointer, a #! first line, hidden
// Unicode in text, and SKILL.md kept for reading.
type contentScan struct {
	keep   bool
	kept   bytes.Buffer
	head   []byte // the first bytes (LFS pointer and #! checks)
	binary bool
	text   textScan
	sum    hash.Hash
	n      int64
	// arch keeps the bytes of what may be a nested archive: all of a file
	// named like one, else the first sniffLen bytes until they show it is
	// one (then all) or is not (then nil). A file is at most Limits.PerFile.
	arch     *bytes.Buffer
	archName bool
}

const lfsPrefix = "version https://git-lfs.github.com/spec/v1"

// binaryProbe is how far a NUL byte marks a file as binary, as git judges it.
const binaryProbe = 8000

func newContentScan(keep bool, name string) *contentScan {
	return &contentScan{keep: keep, text: newTextScan(), sum: sha256.New(), head: make([]byte, 0, len(lfsPrefix)), arch: &bytes.Buffer{}, archName: archiveName(name)}
}

func (c *contentScan) Write(p []byte) (int, error) {
	c.sum.Write(p)
	if c.keep {
		c.kept.Write(p)
	}
	if len(c.head) < cap(c.head) {
		c.head = append(c.head, p[:min(len(p), cap(c.head)-len(c.head))]...)
	}
	if !c.binary {
		if c.n < binaryProbe && bytes.IndexByte(p[:min(len(p), int(binaryProbe-c.n))], 0) >= 0 {
			c.binary = true
		} else {
			c.text.write(p)
		}
	}
	if c.arch != nil {
		c.arch.Write(p)
		if !c.archName && c.arch.Len() >= sniffLen && kindOf("", headOf(c.arch.Bytes())) == notArchive {
			c.arch = nil
		}
	}
	c.n += int64(len(p))
	return len(p), nil
}

func (c *contentScan) lfs() bool { return c.n < 1024 && string(c.head) == lfsPrefix }

// script: a #! first line makes a file a script whatever its mode.
func (c *contentScan) script() bool { return bytes.HasPrefix(c.head, []byte("#!")) }

// nested is what the file holds if it is an archive (zero when it is none).
func (c *contentScan) nested(name string) nestedVerdict {
	if c.arch == nil {
		return nestedVerdict{}
	}
	return inspectNested(name, c.arch.Bytes())
}

// hidden is what the text held; a binary file holds no text.
func (c *contentScan) hidden() hidden {
	if c.binary {
		return 0
	}
	return c.text.found
}

func (c *contentScan) digest() (d [sha256.Size]byte) {
	c.sum.Sum(d[:0])
	return d
}
