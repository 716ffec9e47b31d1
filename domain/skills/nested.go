// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/bzip2"
	"errors"
	"io"
	"path"
	"strings"

	"github.com/klauspost/compress/gzip"

	"memo.dev/projects/domain"
)

// A file of a skill may itself be an archive (a .zip of tools, a .tar.gz of
// a virtualenv): Memo never unpacks it, but what it holds could be unpacked
// and run by the agent, so its entries are read, bounded, to tell whether it
// holds scripts. One Memo cannot read is said to be so: it may hold anything.

// Bounds of one nested archive's inspection, every level counted together.
const (
	maxNestedDepth    = 3        // an archive in an archive in an archive
	maxNestedEntries  = 10_000   // entries listed
	maxNestedInflated = 64 << 20 // bytes decompressed
	sniffLen          = 512      // bytes that tell an archive by its magic (tar's is at 257)
)

type archiveKind int

const (
	notArchive archiveKind = iota
	zipKind
	tarKind
	gzipKind
	bzip2Kind
	unreadableKind // an archive Memo has no reader for (xz, 7z, rar, zstd)
)

// kindOf tells an archive by its first bytes, else by its name: a file named
// like an archive that is none Memo reads is unreadable, not harmless.
func kindOf(name string, head []byte) archiveKind {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")), bytes.HasPrefix(head, []byte("PK\x07\x08")):
		return zipKind
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return gzipKind
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2Kind
	case len(head) >= 262 && string(head[257:262]) == "ustar":
		return tarKind
	case bytes.HasPrefix(head, []byte("\xfd7zXZ\x00")), bytes.HasPrefix(head, []byte("7z\xbc\xaf\x27\x1c")),
		bytes.HasPrefix(head, []byte("Rar!\x1a\x07")), bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return unreadableKind
	}
	if archiveName(name) {
		return unreadableKind
	}
	return notArchive
}

// archiveSuffixes are the names of archives a skill may carry.
var archiveSuffixes = []string{".zip", ".jar", ".war", ".whl", ".tar", ".tgz", ".gz", ".tbz2", ".bz2", ".xz", ".txz", ".7z", ".rar", ".zst"}

// archiveName says whether a name is an archive's.
func archiveName(name string) bool {
	lower := strings.ToLower(path.Base(name))
	for _, s := range archiveSuffixes {
		if strings.HasSuffix(lower, s) {
			return true
		}
	}
	return false
}

// nestedVerdict is what a nested archive was found to hold.
type nestedVerdict struct {
	Archive    bool        // the file is an archive
	Scripts    []string    // its members that are scripts ("inner.zip/run.sh" deeper down)
	Unreadable domain.Text // why Memo cannot read it (or part of it), zero when it could
}

// flagged: the archive counts as a script, it holds one or may.
func (v nestedVerdict) flagged() bool { return len(v.Scripts) > 0 || !v.Unreadable.IsZero() }

// inspectNested reads the archive b (the file name) without unpacking it.
func inspectNested(name string, b []byte) nestedVerdict {
	in := &inspection{budget: maxNestedInflated, top: path.Base(name)}
	v := nestedVerdict{Archive: true}
	kind := kindOf(name, headOf(b))
	if kind == notArchive {
		return nestedVerdict{}
	}
	v.Scripts, v.Unreadable = in.archive(kind, b, "", 0)
	return v
}

func headOf(b []byte) []byte { return b[:min(len(b), sniffLen)] }

// inspection is one nested archive's bookkeeping across its levels.
type inspection struct {
	budget  int64 // bytes that may still be decompressed
	entries int
	top     string // the archive's own name, for a compressed single file
}

var errNestedBudget = errors.New("nested archive budget")

// archive lists the scripts of the archive b of kind, their names under prefix.
func (in *inspection) archive(kind archiveKind, b []byte, prefix string, depth int) ([]string, domain.Text) {
	if depth >= maxNestedDepth {
		return nil, domain.T("it is nested more than {{.Limit}} archives deep", "Limit", maxNestedDepth)
	}
	switch kind {
	case zipKind:
		return in.zip(b, prefix, depth)
	case tarKind:
		return in.tar(bytes.NewReader(b), prefix, depth)
	case gzipKind:
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, damaged(err)
		}
		defer zr.Close()
		return in.compressed(zr, prefix, depth)
	case bzip2Kind:
		return in.compressed(bzip2.NewReader(bytes.NewReader(b)), prefix, depth)
	}
	return nil, domain.T("it is an archive of a kind Memo does not read")
}

func damaged(err error) domain.Text {
	if errors.Is(err, errNestedBudget) {
		return domain.T("it unpacks to more than {{.Limit}}", "Limit", mb(maxNestedInflated))
	}
	// The reader's own words (zip: not a valid zip file) say no more than this.
	return domain.T("it is damaged or cut short")
}

// compressed is a gzip or bzip2 stream: a tar inside, or a single file
// (run.sh.gz), which is a script when it starts with #! or is an archive that
// holds one.
func (in *inspection) compressed(r io.Reader, prefix string, depth int) ([]string, domain.Text) {
	br := &budgetReader{r: r, in: in}
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(br, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, damaged(err)
	}
	head = head[:n]
	if kindOf("", head) == tarKind {
		return in.tar(io.MultiReader(bytes.NewReader(head), br), prefix, depth)
	}
	single := strings.TrimSuffix(prefix, "/")
	if single == "" {
		single = in.top
	}
	return in.member(single, 0, io.MultiReader(bytes.NewReader(head), br), depth, uncompressedName(single))
}

// uncompressedName is the name of what a compressed file holds: run.sh for
// run.sh.gz, x.tar for x.tgz.
func uncompressedName(name string) string {
	lower := strings.ToLower(name)
	for _, s := range []string{".tgz", ".tbz2"} {
		if strings.HasSuffix(lower, s) {
			return name[:len(name)-len(s)] + ".tar"
		}
	}
	for _, s := range []string{".gz", ".bz2"} {
		if strings.HasSuffix(lower, s) {
			return name[:len(name)-len(s)]
		}
	}
	return name
}

// member judges one member: a script by its mode or its #! line, or an
// archive holding scripts. It returns the names that are scripts.
func (in *inspection) member(name string, mode int64, r io.Reader, depth int, judged string) ([]string, domain.Text) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, damaged(err)
	}
	head = head[:n]
	if mode&0o111 != 0 || bytes.HasPrefix(head, []byte("#!")) {
		return []string{name}, domain.Text{}
	}
	kind := kindOf(judged, head)
	if kind == notArchive {
		return nil, domain.Text{}
	}
	if kind == unreadableKind {
		return nil, domain.T("it holds {{.Name}}, an archive of a kind Memo does not read", "Name", name)
	}
	rest, err := io.ReadAll(io.LimitReader(r, in.budget+1))
	if err != nil {
		return nil, damaged(err)
	}
	scripts, why := in.archive(kind, append(head, rest...), name+"/", depth+1)
	if !why.IsZero() && len(scripts) == 0 {
		return nil, domain.T("it holds {{.Name}}, which Memo cannot read: {{.Why}}", "Name", name, "Why", why)
	}
	return scripts, why
}

func (in *inspection) count() domain.Text {
	if in.entries++; in.entries > maxNestedEntries {
		return domain.T("it holds more than {{.Limit}} entries", "Limit", maxNestedEntries)
	}
	return domain.Text{}
}

func (in *inspection) zip(b []byte, prefix string, depth int) ([]string, domain.Text) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, damaged(err)
	}
	var scripts []string
	for _, f := range zr.File {
		if why := in.count(); !why.IsZero() {
			return scripts, why
		}
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return scripts, damaged(err)
		}
		mode := int64(0)
		if f.Mode()&0o111 != 0 && f.Mode().IsRegular() {
			mode = 0o111
		}
		found, why := in.member(prefix+f.Name, mode, &budgetReader{r: rc, in: in}, depth, f.Name)
		rc.Close()
		scripts = append(scripts, found...)
		if !why.IsZero() {
			return scripts, why
		}
	}
	return scripts, domain.Text{}
}

func (in *inspection) tar(r io.Reader, prefix string, depth int) ([]string, domain.Text) {
	tr := tar.NewReader(r)
	var scripts []string
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return scripts, domain.Text{}
		}
		if err != nil {
			return scripts, damaged(err)
		}
		if why := in.count(); !why.IsZero() {
			return scripts, why
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		found, why := in.member(prefix+hdr.Name, hdr.Mode, tr, depth, hdr.Name)
		scripts = append(scripts, found...)
		if !why.IsZero() {
			return scripts, why
		}
	}
}

// budgetReader charges what it reads to the inspection's budget.
type budgetReader struct {
	r  io.Reader
	in *inspection
}

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.in.budget <= 0 {
		return 0, errNestedBudget
	}
	if int64(len(p)) > b.in.budget {
		p = p[:b.in.budget]
	}
	n, err := b.r.Read(p)
	b.in.budget -= int64(n)
	return n, err
}
