// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
	"golang.org/x/text/cases"

	"memo.dev/projects/domain"
)

// extract reads a gzip-compressed tar stream from r and writes the entries
// under scope (a folder relative to the repository root, "" for all) that pass
// every check to sink, with the archive's single top folder stripped. Entries
// outside scope are read past, not judged. Problems of entries inside scope
// are recorded, not fatal: only the chosen skill's entries are condemned by
// them (see judge). Stream-level failures (broken gzip or tar, limits of the
// stream) are fatal.
func extract(r io.Reader, scope string, out sink, lim Limits) (*extraction, error) {
	return extractUntil(r, scope, out, lim, nil)
}

// extractUntil is extract that stops as soon as stop, told the commit of the
// pax global header, says so (x.stopped): a check whose commit did not move
// reads no further.
func extractUntil(r io.Reader, scope string, out sink, lim Limits, stop func(commit string) bool) (*extraction, error) {
	// klauspost's gzip inflates about twice as fast as the standard
	// library's. Every member of a multi-member file is read, as gzip -d
	// reads them (pigz and bgzip write such files).
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, archiveError(err)
	}
	inflated := readAhead(zr, func() { zr.Close() })
	defer inflated.Close()
	stream := &countingReader{r: inflated, limit: lim.Stream}
	tr := tar.NewReader(stream)
	x := &extraction{}
	st := state{
		fold:     cases.Fold(),
		byPath:   map[string]int{},
		byFold:   map[string]string{},
		isFile:   map[string]bool{},
		collided: map[string]string{},
		scope:    scope,
		out:      out,
		lim:      lim,
		x:        x,
		buf:      make([]byte, 64<<10),
		written:  0,
	}
	top := ""
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, archiveError(err)
		}
		if hdr.Typeflag == tar.TypeXGlobalHeader {
			// GitHub's pax_global_header: its comment is the commit id.
			if c := hdr.PAXRecords["comment"]; x.commit == "" && isCommitID(c) {
				x.commit = c
				if stop != nil && stop(c) {
					x.stopped = true
					return x, nil
				}
			}
			continue
		}
		first, rest, _ := strings.Cut(hdr.Name, "/")
		if top == "" {
			if problem := nameProblem(first); !problem.IsZero() {
				return nil, domain.T("the archive's top folder {{.Folder}} {{.Problem}}; it is not a GitHub archive", "Folder", strconv.Quote(first), "Problem", problem).Wrap(domain.ErrRefused, errArchive)
			}
			top = first
		}
		if first != top {
			return nil, domain.T("the archive has entries outside its single top folder ({{.Entry}}); it is not a GitHub archive", "Entry", strconv.Quote(hdr.Name)).Wrap(domain.ErrRefused, errArchive)
		}
		if rest == "" || rest == "/" && hdr.Typeflag == tar.TypeDir {
			continue // the top folder itself
		}
		if err := st.add(hdr, rest, tr); err != nil {
			return nil, err
		}
	}
	// Read to the end of the gzip stream so that a truncated or corrupt
	// archive (bad checksum) is refused, not half-trusted.
	if _, err := io.Copy(io.Discard, stream); err != nil {
		return nil, archiveError(err)
	}
	x.condemnCollisions(st.collided)
	return x, nil
}

// state is one extraction's bookkeeping.
type state struct {
	fold     cases.Caser
	byPath   map[string]int    // exact path → index in entries (explicit entries)
	byFold   map[string]string // folded path → the exact path that took it (implicit folders too)
	isFile   map[string]bool   // exact path → a file (false: a folder)
	collided map[string]string // path → the path that collided with it
	scope    string
	out      sink
	lim      Limits
	x        *extraction
	buf      []byte
	written  int64
	count    int
}

func (st *state) add(hdr *tar.Header, rel string, tr *tar.Reader) error {
	isDir := hdr.Typeflag == tar.TypeDir
	if isDir {
		rel = strings.TrimSuffix(rel, "/")
	}
	if !inside(rel, st.scope) {
		return nil
	}
	if len(st.x.entries) >= st.lim.Listed {
		return domain.T("the repository has more than {{.Limit}} files; name the skill's folder (owner/repo/path/to/skill) to install it", "Limit", st.lim.Listed).Err(domain.ErrRefused)
	}
	e := entry{Path: rel, Dir: isDir, Size: hdr.Size, Exec: hdr.Mode&0o111 != 0 && !isDir, Name: hiddenIn(rel)}
	e.Script = e.Exec
	e.Problem = pathProblem(rel)
	if e.Problem.IsZero() {
		e.Problem = typeProblem(hdr, &e)
	}
	if e.Problem.IsZero() && !isDir && hdr.Size > st.lim.PerFile {
		e.Problem = domain.T("is larger than {{.Limit}}, the limit for one file", "Limit", mb(st.lim.PerFile))
	}
	if e.Problem.IsZero() {
		e.Problem = st.place(rel, isDir)
	}
	i := len(st.x.entries)
	if j, dup := st.byPath[rel]; dup {
		if e.Problem.IsZero() {
			e.Problem = domain.T("appears twice in the archive")
		}
		if st.x.entries[j].Problem.IsZero() {
			st.x.entries[j].Problem = domain.T("appears twice in the archive")
		}
	} else {
		st.byPath[rel] = i
	}
	st.x.entries = append(st.x.entries, e)
	if !e.Problem.IsZero() || hdr.Typeflag != tar.TypeReg && !isDir {
		return nil // read past; the archive reader skips the data
	}
	// The sink's budget: once out, keep judging but stop writing.
	if st.count+1 > st.lim.Entries || st.written+hdr.Size > st.lim.Unpacked {
		st.x.overflow = true
	}
	if st.x.overflow {
		// Not written, but a SKILL.md is still read: the skills must be found
		// to fetch the chosen one again.
		if !isDir && path.Base(rel) == skillFile && hdr.Size <= maxSkillMD {
			b, err := io.ReadAll(tr)
			if err != nil {
				return archiveError(err)
			}
			st.x.entries[i].Content = b
		}
		return nil
	}
	st.count++
	if isDir {
		if err := st.out.mkdirAll(rel); err != nil {
			return writeError(rel, err)
		}
		st.x.entries[i].Written = true
		return nil
	}
	if dir := path.Dir(rel); dir != "." {
		if err := st.out.mkdirAll(dir); err != nil {
			return writeError(rel, err)
		}
	}
	w, err := st.out.create(rel)
	if err != nil {
		return writeError(rel, err)
	}
	sc := newContentScan(path.Base(rel) == skillFile && hdr.Size <= maxSkillMD, rel)
	n, err := copyBuffer(io.MultiWriter(w, sc), tr, st.buf)
	if cerr := w.Close(); err == nil && cerr != nil {
		return writeError(rel, cerr)
	}
	st.written += n
	if err != nil {
		var we *writeErr
		if errors.As(err, &we) {
			return writeError(rel, we.err)
		}
		return archiveError(err)
	}
	ent := &st.x.entries[i]
	ent.Written, ent.Read = true, true
	ent.LFS = sc.lfs()
	ent.Script = ent.Script || sc.script()
	ent.Nested = sc.nested(rel)
	ent.Hidden = sc.hidden()
	ent.Digest = sc.digest()
	if sc.keep {
		if ent.Content = sc.kept.Bytes(); ent.Content == nil {
			ent.Content = []byte{} // read, and empty
		}
	}
	return nil
}

// place records rel in the tree so far and says what it collides with: a
// path under a file, a file where a folder is, or another entry equal to it
// after case folding and NFC (two names, one file on macOS and Windows).
func (st *state) place(rel string, isDir bool) domain.Text {
	parts := strings.Split(rel, "/")
	for k := 1; k <= len(parts); k++ {
		p := strings.Join(parts[:k], "/")
		last := k == len(parts)
		file, seen := st.isFile[p]
		switch {
		case seen && file && !last:
			return domain.T("is inside {{.Path}}, which is a file", "Path", strconv.Quote(p))
		case seen && last && file == isDir:
			return domain.T("is both a file and a folder in the archive")
		}
		key := foldKey(st.fold, p)
		if other, taken := st.byFold[key]; taken && other != p {
			// Both sides are condemned, whichever the chosen skill holds.
			st.collided[other] = p
			return domain.T("collides with {{.Path}} (the same name once case and Unicode form are ignored)", "Path", strconv.Quote(other))
		}
		st.byFold[key] = p
		if !seen {
			st.isFile[p] = last && !isDir
		}
	}
	return domain.Text{}
}

// condemnCollisions gives the entries at or under a path that another entry
// collided with the collision as their problem too.
func (x *extraction) condemnCollisions(collided map[string]string) {
	if len(collided) == 0 {
		return
	}
	for i := range x.entries {
		e := &x.entries[i]
		if !e.Problem.IsZero() {
			continue
		}
		p := e.Path
		for {
			if with, ok := collided[p]; ok {
				e.Problem = domain.T("collides with {{.Path}} (the same name once case and Unicode form are ignored)", "Path", strconv.Quote(with))
				break
			}
			k := strings.LastIndexByte(p, '/')
			if k < 0 {
				break
			}
			p = p[:k]
		}
	}
}

func typeProblem(hdr *tar.Header, e *entry) domain.Text {
	for k := range hdr.PAXRecords {
		if strings.HasPrefix(k, "GNU.sparse.") {
			return domain.T("is a sparse file")
		}
	}
	switch hdr.Typeflag {
	case tar.TypeReg, tar.TypeDir:
		return domain.Text{}
	case tar.TypeSymlink:
		e.Link = true
		return domain.T("is a symbolic link")
	case tar.TypeLink:
		e.Link = true
		return domain.T("is a hard link")
	case tar.TypeChar, tar.TypeBlock:
		return domain.T("is a device")
	case tar.TypeFifo:
		return domain.T("is a named pipe")
	case tar.TypeGNUSparse:
		return domain.T("is a sparse file")
	}
	return domain.T("is an archive entry of an unusual type ({{.Type}})", "Type", fmt.Sprintf("%q", hdr.Typeflag))
}

// inside reports whether p is folder or lies under it ("" holds everything).
func inside(p, folder string) bool {
	return folder == "" || p == folder || strings.HasPrefix(p, folder+"/")
}

// isCommitID: 40 hexadecimal digits (SHA-1), or 64 (SHA-256 repositories).
func isCommitID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}
