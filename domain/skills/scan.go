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
}

const lfsPrefix = "version https://git-lfs.github.com/spec/v1"

// binaryProbe is how far a NUL byte marks a file as binary, as git judges it.
const binaryProbe = 8000

func newContentScan(keep bool) *contentScan {
	return &contentScan{keep: keep, text: newTextScan(), sum: sha256.New(), head: make([]byte, 0, len(lfsPrefix))}
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
	c.n += int64(len(p))
	return len(p), nil
}

func (c *contentScan) lfs() bool { return c.n < 1024 && string(c.head) == lfsPrefix }

// script: a #! first line makes a file a script whatever its mode.
func (c *contentScan) script() bool { return bytes.HasPrefix(c.head, []byte("#!")) }

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
