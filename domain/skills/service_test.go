// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"archive/tar"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

type E = skills.TarEntry

const md = "---\nname: pdf\ndescription: Work with PDF files.\n---\n# PDF\n"

// newProject makes a set-up project (its .memo/skills folder) inside its own
// parent folder, so that a test can see anything written beside it.
func newProject(t *testing.T) (skills.Project, string) {
	t.Helper()
	parent := t.TempDir()
	root := filepath.Join(parent, "proj")
	if err := os.MkdirAll(filepath.Join(root, ".memo", "skills"), 0o755); err != nil {
		t.Fatal(err)
	}
	return skills.Project{ID: "p_0123456789abcdef0123456789abcdef", Root: root}, parent
}

func newService(t *testing.T, archives map[string][]byte) (*skills.Service, *skillstest.Switches, *skills.ArchiveServer) {
	t.Helper()
	srv := skills.NewArchiveServer(t, archives)
	sw := skillstest.NewSwitches()
	s, err := skills.NewService(sw, srv.Client(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return s, sw, srv
}

func mustSource(t *testing.T, s string) skills.Source {
	t.Helper()
	src, err := skills.ParseSource(s)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// tree lists every path under dir, folders with a trailing slash.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if rel == "." {
			return nil
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestInstallRefusesHostileArchives: one archive per refusal of
// docs/skills.md §6; each fails the whole install and leaves nothing behind, in the
// project or beside it.
func TestInstallRefusesHostileArchives(t *testing.T) {
	skill := E{Name: "SKILL.md", Body: md}
	tests := []struct {
		name    string
		entries []E
		says    string
	}{
		{"symlink", []E{skill, {Name: "link", Type: tar.TypeSymlink, Linkname: "/etc/passwd"}}, "symbolic link"},
		{"relative symlink", []E{skill, {Name: "docs/up", Type: tar.TypeSymlink, Linkname: "../../.."}}, "symbolic link"},
		{"hard link", []E{skill, {Name: "hard", Type: tar.TypeLink, Linkname: "repo-main/SKILL.md"}}, "hard link"},
		{"char device", []E{skill, {Name: "tty", Type: tar.TypeChar}}, "device"},
		{"block device", []E{skill, {Name: "sda", Type: tar.TypeBlock}}, "device"},
		{"fifo", []E{skill, {Name: "pipe", Type: tar.TypeFifo}}, "named pipe"},
		{"absolute path", []E{skill, {Name: "repo-main//etc/cron.d/x", Raw: true, Body: "x"}}, "absolute"},
		{"dot dot", []E{skill, {Name: "a/../../escape.txt", Body: "x"}}, "dot part"},
		{"dot dot at start", []E{skill, {Name: "../escape.txt", Body: "x"}}, "dot part"},
		{"dot part", []E{skill, {Name: "./a.txt", Body: "x"}}, "dot part"},
		{"backslash", []E{skill, {Name: `a\..\..\escape.txt`, Body: "x"}}, "backslash"},
		{"drive letter", []E{skill, {Name: "c:/x.txt", Body: "x"}}, `":"`},
		{"ntfs stream", []E{skill, {Name: "notes.md:secret", Body: "x"}}, `":"`},
		{"control character", []E{skill, {Name: "a\x01b.md", Body: "x"}}, "control"},
		{"delete character", []E{skill, {Name: "a\x7fb.md", Body: "x"}}, "control"},
		{"reserved CON", []E{skill, {Name: "CON", Body: "x"}}, "reserves"},
		{"reserved nul.txt", []E{skill, {Name: "docs/nul.txt", Body: "x"}}, "reserves"},
		{"reserved com1 folder", []E{skill, {Name: "com1/a.md", Body: "x"}}, "reserves"},
		{"reserved LPT9.log", []E{skill, {Name: "LPT9.log", Body: "x"}}, "reserves"},
		{"trailing dot", []E{skill, {Name: "a.", Body: "x"}}, "ends with a dot"},
		{"trailing space", []E{skill, {Name: "docs /a.md", Body: "x"}}, "ends with a dot or a space"},
		{"windows forbidden char", []E{skill, {Name: "a?.md", Body: "x"}}, "Windows does not allow"},
		{"case collision", []E{skill, {Name: "Readme.md", Body: "a"}, {Name: "README.md", Body: "b"}}, "collides"},
		{"case collision of folders", []E{skill, {Name: "Docs/a.md", Body: "a"}, {Name: "docs/b.md", Body: "b"}}, "collides"},
		{"NFC collision", []E{skill, {Name: "caf\u00e9.md", Body: "a"}, {Name: "cafe\u0301.md", Body: "b"}}, "collides"},
		{"SKILL.md collides", []E{skill, {Name: "skill.md", Body: "b"}}, "collides"},
		{"duplicate", []E{skill, {Name: "a.md", Body: "a"}, {Name: "a.md", Body: "b"}}, "twice"},
		{"duplicate SKILL.md", []E{skill, {Name: "SKILL.md", Body: md}}, "twice"},
		{"file under a file", []E{skill, {Name: "a", Body: "a"}, {Name: "a/b", Body: "b"}}, "which is a file"},
		{"folder then file", []E{skill, {Name: "d", Type: tar.TypeDir}, {Name: "d", Body: "b"}}, "both a file and a folder"},
		{"linked SKILL.md", []E{{Name: "SKILL.md", Type: tar.TypeSymlink, Linkname: "README.md"}, {Name: "README.md", Body: md}}, "is a link"},
		{"no single top folder", []E{skill, {Name: "other-top/x.md", Raw: true, Body: "x"}}, "single top folder"},
		{"absolute top", []E{{Name: "/etc/passwd", Raw: true, Body: "x"}}, "not a GitHub archive"},
		{"file too large", []E{skill, {Name: "big.bin", Body: strings.Repeat("x", 2001)}}, "limit for one file"},
		{"too many entries", append([]E{skill}, manyFiles(12)...), "more than the limit"},
		{"too many bytes", append([]E{skill}, bigFiles(6, 1500)...), "unpacks to more than"},
		// Version-control metadata makes the skill's folder a repository
		// whose config runs programs (core.fsmonitor, hooks) in it.
		{".git folder", []E{skill, {Name: ".git/config", Body: "[core]\n\tfsmonitor = touch /tmp/pwned\n"}}, "version-control metadata"},
		{".git folder entry", []E{skill, {Name: ".git", Type: tar.TypeDir}}, "version-control metadata"},
		{".git file", []E{skill, {Name: ".git", Body: "gitdir: /tmp/evil\n"}}, "version-control metadata"},
		{"nested .git", []E{skill, {Name: "docs/sub/.git/HEAD", Body: "ref: refs/heads/main\n"}}, "version-control metadata"},
		{".GIT in another case", []E{skill, {Name: ".GIT/config", Body: "x"}}, "version-control metadata"},
		{".git with an invisible character", []E{skill, {Name: ".g\u200cit/config", Body: "x"}}, "version-control metadata"},
		{"GIT~1, the Windows short name of .git", []E{skill, {Name: "GIT~1/config", Body: "x"}}, "version-control metadata"},
		{".hg", []E{skill, {Name: ".hg/hgrc", Body: "[hooks]\n"}}, "version-control metadata"},
		{".svn", []E{skill, {Name: "x/.svn/entries", Body: "x"}}, "version-control metadata"},
		{".bzr", []E{skill, {Name: ".bzr", Type: tar.TypeDir}}, "version-control metadata"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			archive := skills.BuildArchive(t, "repo-main", tt.entries...)
			s, sw, _ := newService(t, map[string][]byte{"owner/repo/HEAD": archive})
			s.SetLimits(skills.Limits{Download: 1 << 20, Unpacked: 8000, PerFile: 2000, Entries: 10, Listed: 1000, Stream: 1 << 20})
			p, parent := newProject(t)
			_, err := s.Install(context.Background(), p, mustSource(t, "owner/repo"), skills.InstallOptions{})
			if err == nil {
				t.Fatalf("Install(%s) succeeded; want a refusal", tt.name)
			}
			if k := domain.KindOf(err); k != domain.KindForbidden {
				t.Errorf("Install(%s) kind = %s (%v); want forbidden", tt.name, k, err)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("Install(%s) = %q; want it to say %q", tt.name, err, tt.says)
			}
			if got, want := tree(t, parent), []string{"proj/", "proj/.memo/", "proj/.memo/skills/"}; !slices.Equal(got, want) {
				t.Errorf("after Install(%s) the folder holds %q; want only %q", tt.name, got, want)
			}
			if sw.Len() != 0 {
				t.Errorf("Install(%s) recorded a switch", tt.name)
			}
			// The review refuses the same archive and writes nothing either.
			if _, err := s.Review(context.Background(), p, mustSource(t, "owner/repo"), nil); err == nil {
				t.Errorf("Review(%s) succeeded; want a refusal", tt.name)
			}
		})
	}
}

func manyFiles(n int) []E {
	var out []E
	for i := range n {
		out = append(out, E{Name: "f/" + string(rune('a'+i)) + ".md", Body: "x"})
	}
	return out
}

func bigFiles(n, size int) []E {
	var out []E
	for i := range n {
		out = append(out, E{Name: "b/" + string(rune('a'+i)) + ".bin", Body: strings.Repeat("y", size)})
	}
	return out
}

func TestInstallSingleSkillAtRoot(t *testing.T) {
	archive := skills.BuildArchive(t, "repo-main",
		E{Name: "SKILL.md", Body: "\ufeff---\r\nName: pdf\r\ndescription: >\r\n  Work with\r\n  PDF files.\r\nallowed-tools: Bash(git log:*) Read, Write\r\nhooks:\r\n  PreToolUse: x\r\n---\r\n# PDF\r\n"},
		E{Name: "scripts/run.sh", Body: "#!/bin/sh\necho hi\n", Mode: 0o755},
		E{Name: "assets/logo.png", Body: "version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 12\n"},
		E{Name: "notes.md", Body: "safe text \u202Eevil\u202C here"},
		E{Name: "empty", Type: tar.TypeDir},
	)
	s, sw, _ := newService(t, map[string][]byte{"owner/pdf-skill/HEAD": archive})
	p, _ := newProject(t)
	var reviewed skills.Review
	got, err := s.Install(context.Background(), p, mustSource(t, "owner/pdf-skill"), skills.InstallOptions{
		Confirm: func(r skills.Review) bool { reviewed = r; return true },
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "pdf" || got.Path != filepath.Join(p.Root, ".memo", "skills", "pdf") {
		t.Errorf("Install = %+v; want pdf in .memo/skills/pdf", got)
	}
	wantTools := []string{"Bash(git log:*)", "Read", "Write", "hooks:PreToolUse"}
	if !slices.Equal(got.DroppedTools, wantTools) {
		t.Errorf("dropped tools = %q; want %q", got.DroppedTools, wantTools)
	}
	for _, want := range []string{"declared tools are dropped", "scripts", "scripts/run.sh", "LFS", "assets/logo.png", "direction-changing", "notes.md (bidirectional controls)"} {
		if !strings.Contains(joinTexts(got.Warnings), want) {
			t.Errorf("warnings %q do not mention %q", got.Warnings, want)
		}
	}
	if reviewed.Description != "Work with PDF files." || len(reviewed.Files) != 4 {
		t.Errorf("review = %+v; want the description and 4 files", reviewed)
	}
	if got, want := tree(t, filepath.Join(p.Root, ".memo", "skills")), []string{"pdf/", "pdf/SKILL.md", "pdf/assets/", "pdf/assets/logo.png", "pdf/empty/", "pdf/notes.md", "pdf/scripts/", "pdf/scripts/run.sh"}; !slices.Equal(got, want) {
		t.Errorf("installed tree = %q; want %q", got, want)
	}
	fi, err := os.Stat(filepath.Join(got.Path, "scripts", "run.sh"))
	if err != nil || fi.Mode().Perm()&0o111 != 0 {
		t.Errorf("run.sh mode = %v, %v; want not executable", fi.Mode(), err)
	}
	sw0, ok, _ := sw.Switch(p.ID, "pdf")
	if !ok || sw0.Enabled || sw0.Source != "owner/pdf-skill" {
		t.Errorf("switch after install = %+v, %v; want off with its source", sw0, ok)
	}

	// Never overwrite.
	_, err = s.Install(context.Background(), p, mustSource(t, "owner/pdf-skill"), skills.InstallOptions{})
	if domain.KindOf(err) != domain.KindConflict {
		t.Errorf("second Install = %v; want a conflict", err)
	}
	if got := tree(t, filepath.Join(p.Root, ".memo", "skills")); len(got) != 8 {
		t.Errorf("after the conflict .memo/skills holds %q", got)
	}

	// List, on/off, remove.
	sl, err := s.List(p)
	list := sl.Skills
	if err != nil || len(list) != 1 || list[0].Name != "pdf" || list[0].Enabled || list[0].Description != "Work with PDF files." ||
		!slices.Equal(list[0].DroppedTools, wantTools) || list[0].Source != "owner/pdf-skill" || list[0].Size == 0 {
		t.Errorf("List = %+v, %v", list, err)
	}
	if _, err := s.SetEnabled(p, "pdf", true); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.List(p); !list.Skills[0].Enabled {
		t.Errorf("after SetEnabled(on) List = %+v", list)
	}
	if _, err := s.SetEnabled(p, "nope", true); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("SetEnabled(nope) = %v; want not found", err)
	}
	if err := s.Remove(p, "../proj"); domain.KindOf(err) != domain.KindInvalid {
		t.Errorf("Remove(../proj) = %v; want invalid", err)
	}
	if err := s.Remove(p, "pdf"); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, filepath.Join(p.Root, ".memo", "skills")); len(got) != 0 {
		t.Errorf("after Remove .memo/skills holds %q", got)
	}
	if sw.Len() != 0 {
		t.Errorf("Remove left the switch")
	}
	if err := s.Remove(p, "pdf"); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("second Remove = %v; want not found", err)
	}
}

// A repository of several skills, shaped like the real ones: folders at
// different depths, front-matter names that differ from folder names and
// repeat, a .github with a case collision, a mirror with a dangling link.
func multiRepo(t *testing.T) []byte {
	return skills.BuildArchive(t, "skills-0123abc",
		E{Name: "README.md", Body: "# skills"},
		E{Name: ".github/Workflow.yml", Body: "a"},
		E{Name: ".github/workflow.yml", Body: "b"},
		E{Name: "skills/pdf/SKILL.md", Body: md},
		E{Name: "skills/pdf/ref.md", Body: "ref"},
		E{Name: "skills/xlsx/SKILL.md", Body: skills.SkillMD("spreadsheets", "Excel files.")},
		E{Name: "area/plugin/skills/review/SKILL.md", Body: skills.SkillMD("review", "Review code.")},
		E{Name: "other/plugin/skills/review/SKILL.md", Body: skills.SkillMD("review", "Another review.")},
		E{Name: "Bad Name_x/SKILL.md", Body: skills.SkillMD("Bad Name", "Spaces.")},
		E{Name: ".git/x/SKILL.md", Body: md},
		E{Name: "node_modules/y/SKILL.md", Body: md},
		E{Name: ".claude/skills/pdf/SKILL.md", Type: tar.TypeSymlink, Linkname: "../../../skills/pdf/SKILL.md"},
	)
}

func TestInstallChoosesAmongSeveral(t *testing.T) {
	s, _, _ := newService(t, map[string][]byte{"anthropics/skills/HEAD": multiRepo(t)})
	ctx := context.Background()

	t.Run("several: the error lists them all", func(t *testing.T) {
		p, _ := newProject(t)
		_, err := s.Install(ctx, p, mustSource(t, "anthropics/skills"), skills.InstallOptions{})
		var choice *skills.ChoiceError
		if !errors.As(err, &choice) || domain.KindOf(err) != domain.KindInvalid {
			t.Fatalf("Install = %v; want a ChoiceError of kind invalid", err)
		}
		var got []string
		for _, c := range choice.Candidates {
			got = append(got, c.Name+"@"+c.Folder)
		}
		want := []string{".claude/skills/pdf@.claude/skills/pdf", "Bad Name@Bad Name_x", "review@area/plugin/skills/review", "review@other/plugin/skills/review", "pdf@skills/pdf", "spreadsheets@skills/xlsx"}
		slices.Sort(got)
		slices.Sort(want)
		want[0] = "pdf@.claude/skills/pdf"
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("candidates = %q; want %q", got, want)
		}
		if !strings.Contains(err.Error(), "cannot be installed: its SKILL.md is a link") {
			t.Errorf("error %q does not say the linked SKILL.md cannot be installed", err)
		}
	})

	tests := []struct {
		source, name, folderFile string
		kind                     domain.Kind
	}{
		{"anthropics/skills@pdf", "", "", domain.KindInvalid}, // skills/pdf and the linked mirror both match
		{"anthropics/skills/skills/pdf", "pdf", "ref.md", ""},
		{"anthropics/skills@xlsx", "spreadsheets", "", ""},                                // by folder name
		{"npx skills add anthropics/skills --skill Spreadsheets", "spreadsheets", "", ""}, // by front-matter name, any case
		{"anthropics/skills@review", "", "", domain.KindInvalid},                          // two folders
		{"anthropics/skills/area@review", "review", "", ""},
		{"anthropics/skills@bad_name_x", "", "", domain.KindNotFound},
		{"anthropics/skills@Bad Name_x", "", "", domain.KindInvalid}, // a quoted name with a space is a line without "skills add": invalid
		{"anthropics/skills/Bad Name_x", "", "", domain.KindInvalid},
		{"anthropics/skills/skills/nope", "", "", domain.KindNotFound},
	}
	for _, tt := range tests {
		src, err := skills.ParseSource(tt.source)
		if err != nil {
			if tt.kind != domain.KindInvalid {
				t.Errorf("ParseSource(%q) = %v", tt.source, err)
			}
			continue
		}
		p, _ := newProject(t)
		got, err := s.Install(ctx, p, src, skills.InstallOptions{})
		if tt.kind != "" {
			if domain.KindOf(err) != tt.kind {
				t.Errorf("Install(%q) = %+v, %v; want kind %s", tt.source, got, err, tt.kind)
			}
			continue
		}
		if err != nil || got.Name != tt.name {
			t.Errorf("Install(%q) = %+v, %v; want %s", tt.source, got, err, tt.name)
			continue
		}
		if tt.folderFile != "" {
			if _, err := os.Stat(filepath.Join(got.Path, tt.folderFile)); err != nil {
				t.Errorf("Install(%q): %v", tt.source, err)
			}
		}
		if got := tree(t, filepath.Join(p.Root, ".memo", "skills")); !slices.Contains(got, tt.name+"/SKILL.md") || strings.Contains(strings.Join(got, " "), ".staging") {
			t.Errorf("Install(%q) left %q", tt.source, got)
		}
	}
}

// An invalid front-matter name installs under a valid folder name and says so.
func TestInstallNameFallsBackToFolder(t *testing.T) {
	archive := skills.BuildArchive(t, "r-main",
		E{Name: "skills/frontend-design/SKILL.md", Body: skills.SkillMD("Frontend Design", "Design pages.")},
		E{Name: "skills/Bad_Folder/SKILL.md", Body: skills.SkillMD("Also Bad", "x")},
		E{Name: "skills/nodesc/SKILL.md", Body: "---\nname: nodesc\n---\n"},
		E{Name: "skills/nofm/SKILL.md", Body: "# no front matter\n"},
	)
	s, _, _ := newService(t, map[string][]byte{"o/r/HEAD": archive})
	p, _ := newProject(t)
	got, err := s.Install(context.Background(), p, mustSource(t, "o/r/skills/frontend-design"), skills.InstallOptions{})
	if err != nil || got.Name != "frontend-design" {
		t.Fatalf("Install = %+v, %v", got, err)
	}
	w := joinTexts(got.Warnings)
	if !strings.Contains(w, `"Frontend Design" is not a valid skill name`) {
		t.Errorf("warnings = %q; want the name fallback", got.Warnings)
	}
	for _, folder := range []string{"Bad_Folder", "nodesc", "nofm"} {
		_, err := s.Install(context.Background(), p, mustSource(t, "o/r/skills/"+folder), skills.InstallOptions{})
		if domain.KindOf(err) != domain.KindForbidden {
			t.Errorf("Install(%s) = %v; want refused", folder, err)
		}
	}
}

// A case collision in .github/ cannot block a skill elsewhere; the repository
// larger than the limits is fetched again for the skill's folder alone.
func TestInstallJudgesOnlyTheChosenSkill(t *testing.T) {
	// 12 kB elsewhere, over Unpacked, before the skill in the archive.
	entries := append(bigFiles(8, 1500),
		E{Name: ".github/A.yml", Body: "a"}, E{Name: ".github/a.yml", Body: "b"},
		E{Name: "docs/evil", Type: tar.TypeSymlink, Linkname: "/etc"},
		E{Name: "skills/pdf/SKILL.md", Body: md},
	)
	archive := skills.BuildArchive(t, "repo-main", entries...)
	s, _, srv := newService(t, map[string][]byte{"owner/repo/HEAD": archive})
	s.SetLimits(skills.Limits{Download: 1 << 20, Unpacked: 8000, PerFile: 2000, Entries: 10, Listed: 1000, Stream: 1 << 20})
	p, _ := newProject(t)
	got, err := s.Install(context.Background(), p, mustSource(t, "owner/repo"), skills.InstallOptions{})
	if err != nil || got.Name != "pdf" {
		t.Fatalf("Install = %+v, %v; want pdf", got, err)
	}
	if n := srv.Requests.Load(); n != 2 {
		t.Errorf("downloads = %d; want 2 (the repository overflowed the limits, the skill did not)", n)
	}
	if got := tree(t, filepath.Join(p.Root, ".memo", "skills")); !slices.Equal(got, []string{"pdf/", "pdf/SKILL.md"}) {
		t.Errorf(".memo/skills holds %q", got)
	}
}

func TestReviewWritesNothing(t *testing.T) {
	s, sw, _ := newService(t, map[string][]byte{"anthropics/skills/HEAD": multiRepo(t)})
	p, parent := newProject(t)
	rev, err := s.Review(context.Background(), p, mustSource(t, "anthropics/skills/skills/pdf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if rev.Name != "pdf" || len(rev.Files) != 2 || rev.Size != int64(len(md)+3) {
		t.Errorf("Review = %+v", rev)
	}
	if got := tree(t, parent); !slices.Equal(got, []string{"proj/", "proj/.memo/", "proj/.memo/skills/"}) {
		t.Errorf("Review wrote %q", got)
	}
	if sw.Len() != 0 {
		t.Error("Review recorded a switch")
	}
}

func TestInstallNeedsASetUpProject(t *testing.T) {
	s, _, _ := newService(t, map[string][]byte{"o/r/HEAD": skills.BuildArchive(t, "r-main", E{Name: "SKILL.md", Body: md})})
	root := t.TempDir()
	p := skills.Project{ID: "p_x", Root: root}
	if _, err := s.Install(context.Background(), p, mustSource(t, "o/r"), skills.InstallOptions{}); domain.KindOf(err) != domain.KindForbidden {
		t.Errorf("Install into a project without .memo/skills = %v; want refused (not set up)", err)
	}
	// .memo/skills as a link to elsewhere is refused.
	os.Mkdir(filepath.Join(root, ".memo"), 0o755)
	other := t.TempDir()
	os.Symlink(other, filepath.Join(root, ".memo", "skills"))
	if _, err := s.Install(context.Background(), p, mustSource(t, "o/r"), skills.InstallOptions{}); domain.KindOf(err) != domain.KindForbidden {
		t.Errorf("Install into a linked .memo/skills = %v; want refused", err)
	}
	if got := tree(t, other); len(got) != 0 {
		t.Errorf("the link's target holds %q", got)
	}
	if _, err := s.List(p); domain.KindOf(err) != domain.KindForbidden {
		t.Errorf("List of a linked .memo/skills = %v; want refused", err)
	}
}

func TestInstallDeclined(t *testing.T) {
	s, sw, _ := newService(t, map[string][]byte{"o/r/HEAD": skills.BuildArchive(t, "r-main", E{Name: "SKILL.md", Body: md})})
	p, parent := newProject(t)
	_, err := s.Install(context.Background(), p, mustSource(t, "o/r"), skills.InstallOptions{Confirm: func(skills.Review) bool { return false }})
	if !errors.Is(err, skills.ErrDeclined) {
		t.Errorf("declined Install = %v; want ErrDeclined", err)
	}
	if got := tree(t, parent); !slices.Equal(got, []string{"proj/", "proj/.memo/", "proj/.memo/skills/"}) || sw.Len() != 0 {
		t.Errorf("a declined install left %q", got)
	}
}

func newSwitches() *skillstest.Switches { return skillstest.NewSwitches() }

// joinTexts is warnings as the command line prints them, one a line.
func joinTexts(ts []domain.Text) string {
	var s []string
	for _, t := range ts {
		s = append(s, t.String())
	}
	return strings.Join(s, "\n")
}
