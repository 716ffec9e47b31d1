package skills

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"

	"golang.org/x/text/cases"

	"memo.dev/projects/domain"
)

// Limits bound what one install may read and write (SPEC §6).
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

// DefaultLimits are SPEC §6's limits.
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
	Link    bool  // a symbolic or hard link
	Size    int64 // file bytes
	Exec    bool  // executable in the archive (it is not made executable here)
	LFS     bool  // a Git LFS pointer, not the file itself
	Hidden  string
	Problem domain.Text // why it cannot be installed (the end of a sentence naming it), zero when it can
	Written bool        // written to the sink
	Content []byte      // SKILL.md files only
}

// extraction is what one pass over an archive found.
type extraction struct {
	entries  []entry
	overflow bool // the sink's budget ran out: some good entries were not written
}

// sink receives what passes the checks. Paths are judged before they reach it.
type sink interface {
	mkdirAll(p string) error
	create(p string) (io.WriteCloser, error)
}

// rootSink writes under an os.Root: even a path the checks missed cannot leave it.
type rootSink struct{ root *os.Root }

// Folders and files get 0777/0666 less the umask, like everything Memo creates.
func (s rootSink) mkdirAll(p string) error { return s.root.MkdirAll(p, 0o777) }

func (s rootSink) create(p string) (io.WriteCloser, error) {
	// O_EXCL: an entry never replaces another (duplicates are refused before,
	// this is the floor under that check).
	return s.root.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
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

// errArchive marks an archive that is broken or not shaped like GitHub's.
var errArchive = errors.New("not a usable archive")

// extract reads a gzip-compressed tar stream from r and writes the entries
// under scope (a folder relative to the repository root, "" for all) that pass
// every check to sink, with the archive's single top folder stripped. Entries
// outside scope are read past, not judged. Problems of entries inside scope
// are recorded, not fatal: only the chosen skill's entries are condemned by
// them (see judge). Stream-level failures (broken gzip or tar, limits of the
// stream) are fatal.
func extract(r io.Reader, scope string, out sink, lim Limits) (*extraction, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, archiveError(err)
	}
	zr.Multistream(false)
	stream := &countingReader{r: zr, limit: lim.Stream}
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
			continue // GitHub's pax_global_header (the commit id)
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
	// Read to the end of the gzip member so that a truncated or corrupt
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
	e := entry{Path: rel, Dir: isDir, Size: hdr.Size, Exec: hdr.Mode&0o111 != 0 && !isDir}
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
	sc := contentScan{keep: path.Base(rel) == skillFile && hdr.Size <= maxSkillMD}
	n, err := copyBuffer(io.MultiWriter(w, &sc), tr, st.buf)
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
	ent.Written = true
	ent.LFS = sc.lfs()
	ent.Hidden = sc.hiddenWhat()
	if sc.keep {
		ent.Content = sc.kept.Bytes()
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

// contentScan watches a file's bytes go by: a Git LFS pointer, hidden or
// direction-changing Unicode in text, and SKILL.md kept for reading.
type contentScan struct {
	keep   bool
	kept   bytes.Buffer
	head   []byte // the first bytes (LFS pointer check)
	tail   []byte // up to 3 bytes carried across writes
	binary bool
	hidden map[string]bool
	n      int64
}

const lfsPrefix = "version https://git-lfs.github.com/spec/v1"

func (c *contentScan) Write(p []byte) (int, error) {
	if c.keep {
		c.kept.Write(p)
	}
	if len(c.head) < len(lfsPrefix) {
		c.head = append(c.head, p[:min(len(p), len(lfsPrefix)-len(c.head))]...)
	}
	if !c.binary {
		if c.n < 8000 && bytes.IndexByte(p[:min(len(p), int(8000-c.n))], 0) >= 0 {
			c.binary = true
		} else {
			c.scanHidden(p)
		}
	}
	c.n += int64(len(p))
	return len(p), nil
}

func (c *contentScan) lfs() bool { return c.n < 1024 && string(c.head) == lfsPrefix }

// hiddenRunes are characters that read differently to a model than to a
// person: invisible ones and those that change the direction of text.
var hiddenRunes = []struct {
	what string
	lo   rune
	hi   rune
}{
	{"zero-width characters", 0x200B, 0x200D},
	{"direction marks", 0x200E, 0x200F},
	{"bidirectional controls", 0x202A, 0x202E},
	{"invisible characters", 0x2060, 0x2064},
	{"bidirectional controls", 0x2066, 0x2069},
	{"direction marks", 0x061C, 0x061C},
	{"invisible characters", 0xFEFF, 0xFEFF},
	{"Unicode tag characters", 0xE0000, 0xE007F},
}

func (c *contentScan) scanHidden(p []byte) {
	data := p
	if len(c.tail) > 0 {
		data = append(append([]byte{}, c.tail...), p...)
	}
	for i := 0; i < len(data); {
		b := data[i]
		if b < 0xC0 {
			i++
			continue
		}
		r, size := decodeRune(data[i:])
		if size == 0 { // incomplete sequence at the end: carry it
			c.tail = append(c.tail[:0], data[i:]...)
			return
		}
		if !(r == 0xFEFF && c.n == 0 && i == 0) { // a leading byte-order mark is harmless
			for _, h := range hiddenRunes {
				if r >= h.lo && r <= h.hi {
					if c.hidden == nil {
						c.hidden = map[string]bool{}
					}
					c.hidden[h.what] = true
				}
			}
		}
		i += size
	}
	c.tail = c.tail[:0]
}

// decodeRune decodes one UTF-8 sequence; size 0 means it is cut off at the end.
func decodeRune(b []byte) (rune, int) {
	need := 0
	switch {
	case b[0]&0xE0 == 0xC0:
		need = 2
	case b[0]&0xF0 == 0xE0:
		need = 3
	case b[0]&0xF8 == 0xF0:
		need = 4
	default:
		return -1, 1
	}
	if len(b) < need {
		return -1, 0
	}
	r := rune(b[0] & (0x7F >> need))
	for k := 1; k < need; k++ {
		if b[k]&0xC0 != 0x80 {
			return -1, 1
		}
		r = r<<6 | rune(b[k]&0x3F)
	}
	return r, need
}

func (c *contentScan) hiddenWhat() string {
	if c.binary || len(c.hidden) == 0 {
		return ""
	}
	var whats []string
	for _, h := range hiddenRunes {
		if c.hidden[h.what] {
			whats = append(whats, h.what)
			delete(c.hidden, h.what)
		}
	}
	return strings.Join(whats, ", ")
}
