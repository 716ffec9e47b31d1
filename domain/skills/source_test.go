// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"errors"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

var goodSources = []struct {
	in   string
	want Source
}{
	{"owner/repo", Source{Owner: "owner", Repo: "repo"}},
	{"  anthropics/skills  ", Source{Owner: "anthropics", Repo: "skills"}},
	{"owner/repo/", Source{Owner: "owner", Repo: "repo"}},
	{"owner/my.repo_x-1", Source{Owner: "owner", Repo: "my.repo_x-1"}},
	{"owner/repo/skills/pdf", Source{Owner: "owner", Repo: "repo", Path: "skills/pdf"}},
	{"owner/repo/a/b/c/d/e", Source{Owner: "owner", Repo: "repo", Path: "a/b/c/d/e"}},
	{"owner/repo@pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"owner/repo/skills@pdf", Source{Owner: "owner", Repo: "repo", Path: "skills", Skill: "pdf"}},
	{"https://github.com/owner/repo", Source{Owner: "owner", Repo: "repo"}},
	{"https://github.com/owner/repo/", Source{Owner: "owner", Repo: "repo"}},
	{"https://github.com/owner/repo.git", Source{Owner: "owner", Repo: "repo"}},
	{"http://github.com/owner/repo", Source{Owner: "owner", Repo: "repo"}},
	{"https://www.github.com/owner/repo", Source{Owner: "owner", Repo: "repo"}},
	{"github.com/owner/repo", Source{Owner: "owner", Repo: "repo"}},
	{"https://github.com/owner/repo/tree/main", Source{Owner: "owner", Repo: "repo", Ref: "main"}},
	{"https://github.com/owner/repo/tree/HEAD/skills/pdf", Source{Owner: "owner", Repo: "repo", Path: "skills/pdf"}},
	{"https://github.com/owner/repo/tree/main/My%20Skills/it%27s%20100%25@work", Source{Owner: "owner", Repo: "repo", Ref: "main", Path: "My Skills/it's 100%@work"}},
	{"https://github.com/owner/repo/tree/HEAD/My%20Skills/pdf", Source{Owner: "owner", Repo: "repo", Path: "My Skills/pdf"}},
	{"https://github.com/owner/repo/tree/v1.2.0/skills/pdf", Source{Owner: "owner", Repo: "repo", Ref: "v1.2.0", Path: "skills/pdf"}},
	{"https://github.com/owner/repo/tree/0123abc/skills/pdf/", Source{Owner: "owner", Repo: "repo", Ref: "0123abc", Path: "skills/pdf"}},
	{"https://github.com/owner/repo/blob/main/skills/pdf/SKILL.md", Source{Owner: "owner", Repo: "repo", Ref: "main", Path: "skills/pdf"}},
	{"https://github.com/owner/repo/tree/main/skills/pdf?tab=readme#top", Source{Owner: "owner", Repo: "repo", Ref: "main", Path: "skills/pdf"}},
	{"git@github.com:owner/repo.git", Source{Owner: "owner", Repo: "repo"}},
	{"npx skills add owner/repo", Source{Owner: "owner", Repo: "repo"}},
	{"npx skills add owner/repo --skill pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"npx skills add owner/repo -s pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"npx skills add owner/repo --skill=pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{`npx skills add "owner/repo" --skill "frontend design"`, Source{Owner: "owner", Repo: "repo", Skill: "frontend design"}},
	{`npx skills add 'owner/repo' -s 'pdf'`, Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"npx skills add owner/repo -g -y -a claude-code --skill pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"npx skills add -g owner/repo --agent cursor -y", Source{Owner: "owner", Repo: "repo"}},
	{"npx -y skills@latest add https://github.com/owner/repo/tree/main/skills/pdf", Source{Owner: "owner", Repo: "repo", Ref: "main", Path: "skills/pdf"}},
	{"pnpm dlx skills add owner/repo@pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"$ npx skills add owner/repo --skill pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{`"owner/repo"`, Source{Owner: "owner", Repo: "repo"}},
	{"owner/repo --skill pdf", Source{Owner: "owner", Repo: "repo", Skill: "pdf"}},
	{"https://github.com/owner/repo/tree/v2 --skill pdf", Source{Owner: "owner", Repo: "repo", Ref: "v2", Skill: "pdf"}},
	{"npx skills add owner/repo@pdf --skill PDF", Source{Owner: "owner", Repo: "repo", Skill: "PDF"}},
}

var badSources = []struct {
	in, says string
}{
	{"", "empty"},
	{"   ", "empty"},
	{"repo", "no repository"},
	{"owner/", "no repository"},
	{"/home/me/skill", "local folder"},
	{"./skill", "local folder"},
	{"../skill", ".."},
	{"~/skills/pdf", "local folder"},
	{`C:\skills\pdf`, "local folder"},
	{"file:///tmp/x", "local folder"},
	{"owner/repo/../secrets", ".."},
	{"owner/repo/a/..", ".."},
	{"https://github.com/owner/repo/tree/main/%2e%2e/x", ".."},
	// A ref by git's rules, judged again unescaped (the lock's refs are judged alike).
	{"https://github.com/owner/repo/tree/%252e%252e/x", "not a branch, tag or commit name"},
	{"https://github.com/owner/repo/tree/a%20b/x", "not a branch, tag or commit name"},
	{"https://github.com/owner/repo/tree/.hidden/x", "not a branch, tag or commit name"},
	{"https://github.com/owner/repo/tree/main./x", "not a branch, tag or commit name"},
	{"owner//repo", "not a GitHub repository name"},
	{"owner/repo//path", "empty or dot"},
	{"owner/repo/./path", "empty or dot"},
	{"owner/repo@", "names no skill"},
	{"owner/repo@a/b", "contains a path"},
	{"-owner/repo", "account name"},
	{"owner/re po", "line"}, // a space makes it a line without "skills add"
	{"https://gitlab.com/owner/repo", "github.com only"},
	{"https://github.com.evil.example/owner/repo", "github.com only"},
	{"https://user@github.com/owner/repo", "github.com only"},
	{"https://github.com:8443/owner/repo", "github.com only"},
	{"ftp://github.com/owner/repo", "github.com only"},
	{"gitlab.com/owner/repo", "not on GitHub"},
	{"https://github.com/owner", "no repository"},
	{"https://github.com/owner/repo/issues/3", "not a repository folder"},
	{"https://github.com/owner/repo/tree/", "no branch"},
	{"https://github.com/owner/repo/tree/-x", "not a branch"},
	{"https://github.com/owner/repo/blob/main/README.md", "links to a file"},
	{"owner/repo/a\x00b", "control"},
	{"owner/repo/a:b", "not a source"},
	{"owner/repo/con", "reserves"},
	{`owner/repo/a\b`, "backslash"},
	{"npx skills add", "no source"},
	{"npx skills add owner/repo other/repo", "more than one source"},
	{"npx skills add owner/repo --skill", "needs a skill name"},
	{"npx skills add owner/repo --skill a --skill b", "more than one skill"},
	{"npx skills add owner/repo@a --skill b", "two skills"},
	{"owner/repo --skill", "needs a skill name"},
	{"pdf --skill x", "not a source"},
	{"npx skills add owner/repo --skill '*'", "one skill at a time"},
	{"npx skills add owner/repo; rm -rf ~", "never runs"},
	{"npx skills add $(curl evil)", "never runs"},
	{"npx skills add `id`", "never runs"},
	{"npx skills add 'owner/repo", "unclosed quote"},
	{"npm install owner/repo", "not a source"},
	{"npx skills add /tmp/skill", "local folder"},
}

func TestParseSource(t *testing.T) {
	for _, tt := range goodSources {
		got, err := ParseSource(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSource(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			continue
		}
		// The canonical form reads back to the same source.
		if again, err := ParseSource(got.String()); err != nil || again != got {
			t.Errorf("ParseSource(%q.String() = %q) = %+v, %v; want %+v", tt.in, got.String(), again, err, got)
		}
	}
	for _, tt := range badSources {
		got, err := ParseSource(tt.in)
		if err == nil {
			t.Errorf("ParseSource(%q) = %+v; want an error", tt.in, got)
			continue
		}
		if domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("ParseSource(%q) error kind = %s; want invalid", tt.in, domain.KindOf(err))
		}
		if !strings.Contains(err.Error(), tt.says) {
			t.Errorf("ParseSource(%q) = %q; want it to say %q", tt.in, err, tt.says)
		}
	}
}

func TestSourcePageURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"owner/repo", "https://github.com/owner/repo"},
		{"owner/repo/skills/pdf", "https://github.com/owner/repo/tree/HEAD/skills/pdf"},
		{"https://github.com/owner/repo/tree/v2/x", "https://github.com/owner/repo/tree/v2/x"},
	}
	for _, tt := range tests {
		src, err := ParseSource(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := src.PageURL(); got != tt.want {
			t.Errorf("ParseSource(%q).PageURL() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzParseSource: whatever the input, a parsed source names a GitHub
// repository and a folder inside it, and errors are of kind invalid.
func FuzzParseSource(f *testing.F) {
	for _, tt := range goodSources {
		f.Add(tt.in)
	}
	for _, tt := range badSources {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		src, err := ParseSource(in)
		if err != nil {
			if !errors.Is(err, domain.ErrInvalid) {
				t.Fatalf("ParseSource(%q) error %v is not invalid input", in, err)
			}
			return
		}
		if !ownerRE.MatchString(src.Owner) || !repoRE.MatchString(src.Repo) {
			t.Fatalf("ParseSource(%q) = %+v: bad owner or repo", in, src)
		}
		if src.Path != "" && !pathProblem(src.Path).IsZero() {
			t.Fatalf("ParseSource(%q) = %+v: path %s", in, src, pathProblem(src.Path))
		}
		if strings.Contains(src.Path+src.Ref+src.Skill, "..") || strings.ContainsAny(src.Ref+src.Skill, "/\\") && src.Ref == "" {
			t.Fatalf("ParseSource(%q) = %+v: holds .. or a path", in, src)
		}
	})
}
