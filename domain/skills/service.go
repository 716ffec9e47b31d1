package skills

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/filekind"
	"memo.dev/projects/domain/untrusted"
)

// Switch is what the device registry keeps about one installed skill: whether
// it is on, and where it came from. Device-local, never read from the folder.
type Switch struct {
	Enabled bool
	Source  string
}

// Switches is the device registry as this service uses it, keyed by project
// id and skill name.
type Switches interface {
	// Switch returns a skill's switch; ok is false when there is none (off).
	Switch(projectID, name string) (s Switch, ok bool, err error)
	SetSwitch(projectID, name string, s Switch) error
	// DeleteSwitch forgets a skill's switch; forgetting a missing one is not an error.
	DeleteSwitch(projectID, name string) error
}

// Project is a project that is set up, as the caller resolved and guarded it.
type Project struct {
	ID   string
	Root string
}

func (p Project) skillsDir() string { return filepath.Join(p.Root, ".memo", "skills") }

// Service installs, lists, removes and switches a project's skills. Its
// methods are synchronous; the caller chooses the goroutine.
type Service struct {
	switches Switches
	dl       downloader
	limits   Limits
	now      func() time.Time // judges the age of work folders left by dead runs
	saved    func(event, path string)
}

// NewService builds the service. client nil means NewHTTPClient(); base is
// MEMO_GITHUB_ARCHIVE_BASE ("" for GitHub).
func NewService(sw Switches, client *http.Client, base string) (*Service, error) {
	b, err := ArchiveBase(base)
	if err != nil {
		return nil, err
	}
	if client == nil {
		client = NewHTTPClient()
	}
	lim := DefaultLimits()
	return &Service{switches: sw, dl: downloader{client: client, base: b, limit: lim.Download, readTimeout: ReadTimeout}, limits: lim, now: time.Now}, nil
}

// File is one file of a skill as the review shows it.
type File struct {
	Path       string `json:"path"` // relative to the skill's folder
	Size       int64  `json:"size"`
	Executable bool   `json:"executable,omitempty"` // was executable in the archive
	LFS        bool   `json:"lfs,omitempty"`
	Hidden     string `json:"hidden,omitempty"` // hidden or bidi Unicode found
}

// Review is what a skill is, shown before anything is installed.
type Review struct {
	Source       Source   `json:"source"`
	Name         string   `json:"name"`   // the folder it installs as
	Folder       string   `json:"folder"` // in the repository
	Description  string   `json:"description"`
	Files        []File   `json:"files"`
	Size         int64    `json:"size"`
	DroppedTools []string `json:"dropped_tools"`
	// Warnings are sentences; each prints in JSON as its English string.
	Warnings []domain.Text `json:"warnings"`
}

// Installed is the answer of an install (SPEC §8.2 skill add).
type Installed struct {
	Name         string        `json:"name"`
	Path         string        `json:"path"`
	DroppedTools []string      `json:"dropped_tools"`
	Warnings     []domain.Text `json:"warnings"`
}

// InstallOptions are the optional parts of an install.
type InstallOptions struct {
	Progress Progress
	// Confirm is shown the review once the skill is complete in its staging
	// folder; false cancels the install (nothing stays). nil installs.
	Confirm func(Review) bool
}

// ErrDeclined is Confirm saying no.
var ErrDeclined = errors.New("install declined")

// Review downloads and judges the skill src names exactly as Install would,
// and writes nothing (skill add --dry-run).
func (s *Service) Review(ctx context.Context, p Project, src Source, progress Progress) (Review, error) {
	if _, err := s.checkSkillsDir(p); err != nil {
		return Review{}, err
	}
	body, err := s.dl.open(ctx, src, progress)
	if err != nil {
		return Review{}, err
	}
	defer body.Close()
	x, err := extract(body, src.Path, discardSink{}, s.limits)
	if err != nil {
		return Review{}, err
	}
	cand, md, err := discover(x, src)
	if err != nil {
		return Review{}, err
	}
	return s.judge(x, cand, md, src)
}

// Install downloads src's archive, extracts the chosen skill into a staging
// folder under .memo/skills/ and renames it into place when it is complete
// and judged. It never overwrites a skill; the new skill is off.
func (s *Service) Install(ctx context.Context, p Project, src Source, opt InstallOptions) (Installed, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return Installed{}, err
	}
	cleanWork(dir, s.now())
	// Created exclusively (MkdirTemp), removed whatever happens: after a
	// success only an empty shell is left to remove.
	work, err := newWorkDir(dir, stagingPrefix)
	if err != nil {
		return Installed{}, domain.T("cannot make a staging folder in {{.Folder}}: {{.Error}}", "Folder", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	defer work.remove()
	staging := work.path

	rev, tree, err := s.stage(ctx, staging, src, opt.Progress)
	if err != nil {
		return Installed{}, err
	}
	if opt.Confirm != nil && !opt.Confirm(rev) {
		return Installed{}, domain.T("the install was cancelled; nothing was installed").Wrap(errInternal, ErrDeclined)
	}
	if existing, err := s.existing(dir, rev.Name); err != nil {
		return Installed{}, err
	} else if existing != "" {
		return Installed{}, domain.T("a skill named {{.Name}} is already installed ({{.Existing}}); remove it first to install this one", "Name", rev.Name, "Existing", existing).Err(domain.ErrConflict)
	}
	from := filepath.Join(tree, filepath.FromSlash(rev.Folder))
	to := filepath.Join(dir, rev.Name)
	// Files were fsynced as they were closed; the folders now, so that after
	// a crash the skill is either complete under its name or not there.
	if err := syncTree(from, s.saved); err != nil {
		return Installed{}, err
	}
	if err := atomicfile.RenameNoReplace(from, to); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return Installed{}, domain.T("a skill named {{.Name}} is already installed; remove it first to install this one", "Name", rev.Name).Err(domain.ErrConflict)
		}
		return Installed{}, domain.T("cannot move the skill into place: {{.Error}}", "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	if err := atomicfile.SyncDir(dir); err != nil {
		return Installed{}, domain.T("cannot save {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	if s.saved != nil {
		s.saved("renamed", to)
	}
	if err := s.switches.SetSwitch(p.ID, rev.Name, Switch{Enabled: false, Source: src.String()}); err != nil {
		return Installed{}, domain.T("the skill {{.Name}} is installed but its switch could not be recorded: {{.Error}}", "Name", rev.Name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	return Installed{Name: rev.Name, Path: to, DroppedTools: rev.DroppedTools, Warnings: rev.Warnings}, nil
}

// stage extracts into staging/tree (staging/tree2 when the repository was
// too large to extract whole and the chosen folder is fetched again alone)
// and returns the review and the tree folder.
func (s *Service) stage(ctx context.Context, staging string, src Source, progress Progress) (Review, string, error) {
	x, tree, err := s.extractTo(ctx, staging, "tree", src, src.Path, progress)
	if err != nil {
		return Review{}, "", err
	}
	cand, md, err := discover(x, src)
	if err != nil {
		return Review{}, "", err
	}
	rev, err := s.judge(x, cand, md, src)
	if err != nil {
		return Review{}, "", err
	}
	if !x.overflow || complete(x, cand.Folder) {
		return rev, tree, nil
	}
	// The repository is larger than the limits but the skill is not: fetch
	// again, extracting only the skill's folder.
	again := src
	again.Path, again.Skill = cand.Folder, ""
	x, tree, err = s.extractTo(ctx, staging, "tree2", again, cand.Folder, progress)
	if err != nil {
		return Review{}, "", err
	}
	if cand, md, err = discover(x, again); err != nil {
		return Review{}, "", err
	}
	if rev, err = s.judge(x, cand, md, src); err != nil {
		return Review{}, "", err
	}
	if !complete(x, cand.Folder) {
		return Review{}, "", domain.T("the skill {{.Name}} is larger than the limits ({{.Entries}} entries, {{.Size}}); nothing was installed", "Name", rev.Name, "Entries", s.limits.Entries, "Size", mb(s.limits.Unpacked)).Err(domain.ErrRefused)
	}
	return rev, tree, nil
}

func (s *Service) extractTo(ctx context.Context, staging, name string, src Source, scope string, progress Progress) (*extraction, string, error) {
	tree := filepath.Join(staging, name)
	if err := os.Mkdir(tree, 0o777); err != nil {
		return nil, "", err
	}
	root, err := os.OpenRoot(tree)
	if err != nil {
		return nil, "", err
	}
	defer root.Close()
	body, err := s.dl.open(ctx, src, progress)
	if err != nil {
		return nil, "", err
	}
	defer body.Close()
	sy := newSyncer(s.saved)
	x, err := extract(body, scope, syncingSink{rootSink{root}, sy}, s.limits)
	if serr := sy.wait(); err == nil && serr != nil {
		err = serr
	}
	return x, tree, err
}

// complete: every entry of folder was written.
func complete(x *extraction, folder string) bool {
	for _, e := range x.entries {
		if inside(e.Path, folder) && !e.Written {
			return false
		}
	}
	return true
}

// judge condemns the chosen skill for any problem of its own entries, applies
// the limits to it, reads its SKILL.md and makes the review.
func (s *Service) judge(x *extraction, cand Candidate, md []byte, src Source) (Review, error) {
	rev := Review{Source: src, Folder: cand.Folder, DroppedTools: []string{}, Warnings: []domain.Text{}}
	var problems []domain.Text
	count := 0
	var scripts, lfs, hidden []string
	for _, e := range x.entries {
		if !inside(e.Path, cand.Folder) {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(e.Path, cand.Folder), "/")
		if !e.Problem.IsZero() {
			problems = append(problems, domain.T("{{.Path}} {{.Problem}}", "Path", strconv.Quote(orDot(rel)), "Problem", e.Problem))
			continue
		}
		if rel == "" {
			continue // the folder itself
		}
		count++
		if e.Dir {
			continue
		}
		rev.Size += e.Size
		rev.Files = append(rev.Files, File{Path: rel, Size: e.Size, Executable: e.Exec, LFS: e.LFS, Hidden: e.Hidden})
		if e.Exec {
			scripts = append(scripts, rel)
		}
		if e.LFS {
			lfs = append(lfs, rel)
		}
		if e.Hidden != "" {
			hidden = append(hidden, rel+" ("+e.Hidden+")")
		}
	}
	if len(problems) > 0 {
		sort.Slice(problems, func(i, j int) bool { return problems[i].String() < problems[j].String() })
		var more domain.Text
		if len(problems) > 5 {
			more = domain.T(" … ({{.Count}} in all)", "Count", len(problems))
			problems = problems[:5]
		}
		return Review{}, domain.T("the skill {{.Name}} ({{.Folder}}) cannot be installed, its archive has entries Memo refuses: {{range $i, $p := .Problems}}{{if $i}}; {{end}}{{$p}}{{end}}{{.More}}; nothing was installed", "Name", cand.Name, "Folder", folderOf(cand.Folder), "Problems", problems, "More", more).Err(domain.ErrRefused)
	}
	if count > s.limits.Entries {
		return Review{}, domain.T("the skill {{.Name}} has {{.Count}} files and folders, more than the limit of {{.Limit}}; nothing was installed", "Name", cand.Name, "Count", count, "Limit", s.limits.Entries).Err(domain.ErrRefused)
	}
	if rev.Size > s.limits.Unpacked {
		return Review{}, domain.T("the skill {{.Name}} unpacks to more than {{.Limit}}; nothing was installed", "Name", cand.Name, "Limit", mb(s.limits.Unpacked)).Err(domain.ErrRefused)
	}
	meta, err := ParseSkillMD(md)
	if err != nil {
		return Review{}, domain.T("the skill {{.Name}} cannot be installed: {{.Error}}", "Name", cand.Name, "Error", domain.Sentence(err)).Err(domain.ErrRefused)
	}
	if meta.Description == "" {
		return Review{}, domain.T("the skill {{.Name}} cannot be installed: its SKILL.md has no description (the front matter needs name and description)", "Name", cand.Name).Err(domain.ErrRefused)
	}
	rev.Description = meta.Description
	folderName := path.Base(cand.Folder)
	if cand.Folder == "" {
		folderName = src.Repo
	}
	switch {
	case ValidName(meta.Name):
		rev.Name = meta.Name
	case ValidName(folderName):
		rev.Name = folderName
		warning := domain.T("the front-matter name {{.Name}} is not a valid skill name (1–64 of a-z, 0-9 and single hyphens); it installs as {{.Folder}}, its folder's name", "Name", strconv.Quote(meta.Name), "Folder", folderName)
		if meta.Name == "" {
			warning = domain.T("SKILL.md names no skill; it installs as {{.Folder}}, its folder's name", "Folder", folderName)
		}
		rev.Warnings = append(rev.Warnings, warning)
	default:
		return Review{}, domain.T("the skill in {{.Folder}} cannot be installed: neither its name {{.Name}} nor its folder's name {{.FolderName}} is a valid skill name (1–64 of a-z, 0-9 and single hyphens)", "Folder", folderOf(cand.Folder), "Name", strconv.Quote(meta.Name), "FolderName", strconv.Quote(folderName)).Err(domain.ErrRefused)
	}
	if len(meta.Description) > maxDescription {
		rev.Warnings = append(rev.Warnings, domain.T("the description is {{.Length}} characters, longer than the {{.Limit}} the format allows", "Length", len(meta.Description), "Limit", maxDescription))
	}
	if len(meta.DroppedTools) > 0 {
		rev.DroppedTools = meta.DroppedTools
		rev.Warnings = append(rev.Warnings, domain.T("declared tools are dropped, the skill is instructions only: {{.Tools}}", "Tools", strings.Join(meta.DroppedTools, ", ")))
	}
	if len(scripts) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("scripts (executable in the archive, installed as plain files): {{.Files}}", "Files", strings.Join(scripts, ", ")))
	}
	if len(lfs) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("Git LFS pointer files (the archive holds a pointer, not the file): {{.Files}}", "Files", strings.Join(lfs, ", ")))
	}
	if len(hidden) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("hidden or direction-changing Unicode, text that reads differently to a model than to a person: {{.Files}}", "Files", strings.Join(hidden, ", ")))
	}
	return rev, nil
}

func orDot(rel string) string {
	if rel == "" {
		return "."
	}
	return rel
}

// checkSkillsDir returns the project's .memo/skills folder, which setup creates.
func (s *Service) checkSkillsDir(p Project) (string, error) {
	dir := p.skillsDir()
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", domain.T("{{.Root}} has no .memo/skills folder; set the project up first", "Root", p.Root).Wrap(domain.ErrNotFound, err)
	case err != nil:
		return "", domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	case !fi.IsDir():
		return "", domain.T("{{.Folder}} is not a folder (a link or a file); Memo installs skills only into a real .memo/skills folder", "Folder", dir).Err(domain.ErrRefused)
	}
	return dir, nil
}

// existing finds an installed folder whose name equals name ignoring case (one
// folder on macOS and Windows).
func (s *Service) existing(dir, name string) (string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) {
			return e.Name(), nil
		}
	}
	return "", nil
}

// Listed is one installed skill (SPEC §8.2 skill list).
type Listed struct {
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Enabled      bool     `json:"enabled"`
	DroppedTools []string `json:"dropped_tools"`
	Source       string   `json:"source"`
	Size         int64    `json:"size"`
	// Problem says why the skill cannot be used (zero when it can).
	Problem domain.Text `json:"problem,omitzero"`
}

// List returns the project's skills by name. A folder's SKILL.md is read as
// untrusted input; the switch comes from the registry only.
func (s *Service) List(p Project) ([]Listed, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", dir, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	out := []Listed{}
	for _, e := range ents {
		name := e.Name()
		kind, err := filekind.Entry(dir, e) // a junction is a link, a OneDrive folder a folder
		if err != nil {
			return nil, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", filepath.Join(dir, name), "Error", domain.Sentence(err)).Wrap(errInternal, err)
		}
		if strings.HasPrefix(name, ".") || kind != filekind.Dir && kind != filekind.Link {
			continue // staging folders, stray files
		}
		l := Listed{Name: name, DroppedTools: []string{}}
		sw, _, err := s.switches.Switch(p.ID, name)
		if err != nil {
			return nil, err
		}
		l.Enabled, l.Source = sw.Enabled, sw.Source
		if kind == filekind.Link {
			l.Problem = domain.T("the skill's folder is a link; Memo uses only real folders")
			out = append(out, l)
			continue
		}
		folder := filepath.Join(dir, name)
		l.Size = folderSize(folder)
		md, err := untrusted.ReadFile(filepath.Join(folder, skillFile), maxSkillMD)
		if err != nil {
			l.Problem = domain.Sentence(err)
			out = append(out, l)
			continue
		}
		meta, err := ParseSkillMD(md)
		if err != nil {
			l.Problem = domain.Sentence(err)
		}
		l.Description = meta.Description
		if len(meta.DroppedTools) > 0 {
			l.DroppedTools = meta.DroppedTools
		}
		out = append(out, l)
	}
	return out, nil
}

// folderSize adds up the plain files under dir, never through a link.
func folderSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		// OneDrive files are files too; WalkDir never enters a junction.
		if kind, err := filekind.Entry(filepath.Dir(p), d); err == nil && kind == filekind.File {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// installed resolves an installed skill's folder from a name a person typed.
func (s *Service) installed(p Project, name string) (string, fs.FileInfo, error) {
	dir, err := s.checkSkillsDir(p)
	if err != nil {
		return "", nil, err
	}
	if problem := nameProblem(name); !problem.IsZero() || strings.HasPrefix(name, ".") {
		return "", nil, domain.T("{{.Name}} is not a skill name", "Name", strconv.Quote(name)).Err(domain.ErrInvalid)
	}
	folder := filepath.Join(dir, name)
	fi, err := os.Lstat(folder)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, domain.T("no skill named {{.Name}} in {{.Root}}", "Name", name, "Root", p.Root).Wrap(domain.ErrNotFound, err)
	}
	if err != nil {
		return "", nil, domain.T("cannot read {{.Path}}: {{.Error}}", "Path", folder, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	return folder, fi, nil
}

// Remove deletes an installed skill's folder and forgets its switch. The
// folder is first renamed aside, so no half-removed skill is ever seen.
func (s *Service) Remove(p Project, name string) error {
	folder, fi, err := s.installed(p, name)
	if err != nil {
		return err
	}
	dir := filepath.Dir(folder)
	cleanWork(dir, s.now())
	if fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() {
		err = os.Remove(folder) // the link itself, never what it points to
	} else {
		// A removal killed midway leaves a removing folder that the next
		// install or removal deletes, never a half-removed skill.
		aside, merr := newWorkDir(dir, removingPrefix)
		if merr != nil {
			return domain.T("cannot remove {{.Name}}: {{.Error}}", "Name", name, "Error", domain.Sentence(merr)).Wrap(errInternal, merr)
		}
		err = os.Rename(folder, filepath.Join(aside.path, "skill"))
		if rerr := aside.remove(); err == nil {
			err = rerr
		}
	}
	if err != nil {
		return domain.T("cannot remove the skill {{.Name}}: {{.Error}}", "Name", name, "Error", domain.Sentence(err)).Wrap(errInternal, err)
	}
	return s.switches.DeleteSwitch(p.ID, name)
}

// SetEnabled turns an installed skill on or off for this device.
func (s *Service) SetEnabled(p Project, name string, on bool) error {
	if _, _, err := s.installed(p, name); err != nil {
		return err
	}
	sw, _, err := s.switches.Switch(p.ID, name)
	if err != nil {
		return err
	}
	sw.Enabled = on
	return s.switches.SetSwitch(p.ID, name, sw)
}
