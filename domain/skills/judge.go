// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"memo.dev/projects/domain"
)

// maxDescription is the longest description the format allows, in
// characters: a longer one makes the skill invalid, as a bad name does.
const maxDescription = 1024

// judge condemns the chosen skill for any problem of its own entries, applies
// the limits to it, reads its SKILL.md and makes the review.
func (s *Service) judge(x *extraction, cand Candidate, md []byte, src Source) (Review, error) {
	rev := Review{Source: src, Folder: cand.Folder, Commit: x.commit, DroppedTools: []string{}, Warnings: []domain.Text{}}
	var problems []domain.Text
	count := 0
	var scripts, lfs []string
	var hiddenFiles, hiddenNames, archives, unreadable []domain.Text
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
		if e.Name != 0 {
			hiddenNames = append(hiddenNames, hiddenItem(reveal(rel), e.Name))
		}
		if e.Dir {
			continue
		}
		rev.Size += e.Size
		f := File{Path: rel, Size: e.Size, Executable: e.Exec, Script: e.Script || e.Nested.flagged(), LFS: e.LFS, Hidden: (e.Hidden | e.Name).String()}
		f.ArchiveScripts, f.ArchiveUnreadable = e.Nested.Scripts, !e.Nested.Unreadable.IsZero()
		rev.Files = append(rev.Files, f)
		if e.Script {
			scripts = append(scripts, rel)
		}
		if len(e.Nested.Scripts) > 0 {
			archives = append(archives, domain.T("{{.Item}} ({{.Detail}})", "Item", rel, "Detail", listSome(e.Nested.Scripts, 5)))
		}
		if !e.Nested.Unreadable.IsZero() {
			unreadable = append(unreadable, domain.T("{{.Item}} ({{.Detail}})", "Item", rel, "Detail", e.Nested.Unreadable))
		}
		if e.LFS {
			lfs = append(lfs, rel)
		}
		if e.Hidden != 0 {
			hiddenFiles = append(hiddenFiles, hiddenItem(rel, e.Hidden))
		}
	}
	if len(problems) > 0 {
		problems, more := firstProblems(problems)
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
	if problem := meta.problem(); !problem.IsZero() {
		return Review{}, domain.T("the skill {{.Name}} cannot be installed: {{.Problem}}", "Name", cand.Name, "Problem", problem).Err(domain.ErrRefused)
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
		warning := domain.T("the front-matter name {{.Name}} is not a valid skill name (1–64 of a-z, 0-9 and single hyphens); it installs as {{.Folder}}, its folder's name", "Name", reveal(meta.Name), "Folder", folderName)
		if meta.Name == "" {
			warning = domain.T("SKILL.md names no skill; it installs as {{.Folder}}, its folder's name", "Folder", folderName)
		}
		rev.Warnings = append(rev.Warnings, warning)
	default:
		return Review{}, domain.T("the skill in {{.Folder}} cannot be installed: neither its name {{.Name}} nor its folder's name {{.FolderName}} is a valid skill name (1–64 of a-z, 0-9 and single hyphens)", "Folder", folderOf(cand.Folder), "Name", reveal(meta.Name), "FolderName", reveal(folderName)).Err(domain.ErrRefused)
	}
	if len(meta.DroppedTools) > 0 {
		rev.DroppedTools = meta.DroppedTools
		rev.Warnings = append(rev.Warnings, domain.T("declared tools are dropped, the skill is instructions only: {{.Tools}}", "Tools", strings.Join(meta.DroppedTools, ", ")))
	}
	if len(scripts) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("scripts (executable in the archive or starting with #!, installed as plain files): {{.Files}}", "Files", strings.Join(scripts, ", ")))
	}
	if len(archives) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("archives holding scripts (Memo read them without unpacking; the agent could unpack and run them): {{range $i, $f := .Files}}{{if $i}}, {{end}}{{$f}}{{end}}", "Files", archives))
	}
	if len(unreadable) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("archives Memo cannot read, which may hold scripts: {{range $i, $f := .Files}}{{if $i}}; {{end}}{{$f}}{{end}}", "Files", unreadable))
	}
	if len(lfs) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("Git LFS pointer files (the archive holds a pointer, not the file): {{.Files}}", "Files", strings.Join(lfs, ", ")))
	}
	if len(hiddenFiles) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("hidden or direction-changing Unicode, text that reads differently to a model than to a person: {{range $i, $f := .Files}}{{if $i}}, {{end}}{{$f}}{{end}}", "Files", hiddenFiles))
	}
	if len(hiddenNames) > 0 {
		rev.Warnings = append(rev.Warnings, domain.T("file names with hidden or direction-changing Unicode: {{range $i, $f := .Files}}{{if $i}}, {{end}}{{$f}}{{end}}", "Files", hiddenNames))
	}
	if len(meta.hidden) > 0 {
		var keys []domain.Text
		for _, k := range meta.hidden {
			keys = append(keys, hiddenItem(k.key, k.found))
		}
		rev.Warnings = append(rev.Warnings, domain.T("SKILL.md's front matter holds hidden or direction-changing Unicode (after its escapes and binary values are decoded): {{range $i, $k := .Keys}}{{if $i}}, {{end}}{{$k}}{{end}}", "Keys", keys))
	}
	rev.Hash = folderHash(x, cand.Folder)
	return rev, nil
}

// firstProblems sorts the problems of a skill's entries and keeps the first
// five, with more saying how many there were when there were more.
func firstProblems(problems []domain.Text) (first []domain.Text, more domain.Text) {
	sort.Slice(problems, func(i, j int) bool { return problems[i].String() < problems[j].String() })
	if len(problems) > 5 {
		return problems[:5], domain.T(" … ({{.Count}} in all)", "Count", len(problems))
	}
	return problems, more
}

// entryProblems are the problems of the entries of folder in x, as judge
// names them ("x" is a symbolic link).
func entryProblems(x *extraction, folder string) []domain.Text {
	var problems []domain.Text
	for _, e := range x.entries {
		if inside(e.Path, folder) && !e.Problem.IsZero() {
			rel := strings.TrimPrefix(strings.TrimPrefix(e.Path, folder), "/")
			problems = append(problems, domain.T("{{.Path}} {{.Problem}}", "Path", strconv.Quote(orDot(rel)), "Problem", e.Problem))
		}
	}
	return problems
}

// folderHash is the hash (TreeHash) of the files of folder in x, "" when
// the bytes of one of them were not read.
func folderHash(x *extraction, folder string) string {
	var files []fileDigest
	for _, e := range x.entries {
		if e.Dir || !inside(e.Path, folder) {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(e.Path, folder), "/")
		files = append(files, fileDigest{path: rel, digest: e.Digest, read: e.Read})
	}
	return hashOf(files)
}

// hiddenItem is one file or key and what it hides: "notes.md (bidirectional controls)".
func hiddenItem(what string, h hidden) domain.Text {
	return domain.T("{{.Item}} ({{range $i, $k := .Kinds}}{{if $i}}, {{end}}{{$k}}{{end}})", "Item", what, "Kinds", h.texts())
}

// reveal quotes s with every hidden character written as its code point,
// so that a warning about hidden text shows it instead of hiding it too.
func reveal(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			b.WriteString(`\x` + strconv.FormatUint(uint64(s[i]), 16))
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || isDefaultIgnorable(r):
			b.WriteString(codePoint(r))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// problem says why a skill with this front matter cannot be used: a
// description the format does not allow (zero when it can).
func (m Meta) problem() domain.Text {
	switch n := utf8.RuneCountInString(m.Description); {
	case m.Description == "":
		return domain.T("its SKILL.md has no description (the front matter needs name and description)")
	case n > maxDescription:
		return domain.T("its description is {{.Length}} characters, longer than the {{.Limit}} the format allows", "Length", n, "Limit", maxDescription)
	}
	return domain.Text{}
}

func orDot(rel string) string {
	if rel == "" {
		return "."
	}
	return rel
}

// listSome joins the first n names, saying how many there are in all when
// there are more.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + ", … (" + strconv.Itoa(len(names)) + ")"
}
