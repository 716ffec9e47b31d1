// SPDX-License-Identifier: Apache-2.0

package skills

import "io"

// aheadReader reads r in a goroutine of its own, a few chunks ahead of its
// reader: the archive is inflated on one core while it is judged and
// written from another, as tar -xz does with a gzip process beside it. The
// goroutine owns r; Close stops it without waiting for a read in progress
// (the caller then closes what r reads from).
type aheadReader struct {
	chunks chan chunk
	free   chan []byte
	stop   chan struct{}
	cur    []byte // what is left of the chunk being read
	buf    []byte // that chunk's buffer, given back once read
	err    error
}

type chunk struct {
	b, buf []byte
	err    error
}

// Read-ahead sizes: 4 chunks of 256 kB in flight at most.
const (
	aheadChunks = 4
	aheadChunk  = 256 << 10
)

func readAhead(r io.Reader, closeR func()) *aheadReader {
	a := &aheadReader{chunks: make(chan chunk, aheadChunks), free: make(chan []byte, aheadChunks), stop: make(chan struct{})}
	for range aheadChunks {
		a.free <- make([]byte, aheadChunk)
	}
	go func() {
		defer closeR()
		for {
			var buf []byte
			select {
			case buf = <-a.free:
			case <-a.stop:
				return
			}
			n, err := fill(r, buf)
			select {
			case a.chunks <- chunk{buf[:n], buf, err}:
			case <-a.stop:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return a
}

// fill reads into buf until it is full or r fails (io.EOF at the end).
func fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		k, err := r.Read(buf[n:])
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func (a *aheadReader) Read(p []byte) (int, error) {
	for len(a.cur) == 0 {
		if a.err != nil {
			return 0, a.err
		}
		if a.buf != nil {
			a.free <- a.buf // never blocks: there are only aheadChunks buffers
			a.buf = nil
		}
		c := <-a.chunks
		a.cur, a.buf, a.err = c.b, c.buf, c.err
	}
	n := copy(p, a.cur)
	a.cur = a.cur[n:]
	return n, nil
}

// Close stops the goroutine at its next chunk.
func (a *aheadReader) Close() { close(a.stop) }
