// SPDX-License-Identifier: Apache-2.0

// Package skills installs, lists and switches a project's skills (docs/skills.md).
// Every skill comes from the internet, so this package is a security
// boundary: a source is parsed, never run; the archive is streamed with
// limits; every extracted name is judged the same way on every OS; and
// nothing is written outside a staging folder until the install is complete.
package skills

import (
	"net/url"
	"path"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"memo.dev/projects/domain"
)

// Source is where a skill comes from: a folder of a GitHub repository at a ref.
type Source struct {
	Owner string `json:"owner"`
	Repo  string `json:"repo"`
	Ref   string `json:"ref"`   // "" means the default branch (HEAD)
	Path  string `json:"path"`  // folder inside the repository, "" for its root
	Skill string `json:"skill"` // a skill chosen by name (@skill, --skill), or ""
}

// String is the source in its shortest form, the one ParseSource reads back.
func (s Source) String() string {
	var b strings.Builder
	// A folder name with a space, a quote, "@" or "%" reads back only from
	// a web address, escaped; tree/HEAD is the default branch.
	if web := strings.ContainsAny(s.Path, " \t\"'@%"); s.Ref != "" || web {
		ref := s.Ref
		if ref == "" {
			ref = "HEAD"
		}
		// Quotes too: ParseSource reads a source with a quote as a pasted line.
		escape := func(s string) string { return strings.NewReplacer("'", "%27", "\"", "%22").Replace(url.PathEscape(s)) }
		b.WriteString("https://github.com/" + s.Owner + "/" + s.Repo + "/tree/" + escape(ref))
		for part := range strings.SplitSeq(s.Path, "/") {
			if part != "" {
				b.WriteString("/" + escape(part))
			}
		}
	} else {
		b.WriteString(s.Owner + "/" + s.Repo)
		if s.Path != "" {
			b.WriteString("/" + s.Path)
		}
	}
	switch {
	case s.Skill == "":
	case s.Ref == "" && !strings.Contains(s.Skill, " "):
		b.WriteString("@" + s.Skill)
	default:
		b.WriteString(" --skill '" + s.Skill + "'")
	}
	return b.String()
}

// PageURL is the repository folder's page on github.com (the app's "Open source").
func (s Source) PageURL() string {
	u := "https://github.com/" + s.Owner + "/" + s.Repo
	if s.Ref != "" || s.Path != "" {
		ref := s.Ref
		if ref == "" {
			ref = "HEAD"
		}
		u += "/tree/" + ref
		if s.Path != "" {
			u += "/" + s.Path
		}
	}
	return u
}

// expected ends most of ParseSource's errors: the forms it reads. A Text of
// its own, so the window words it wherever it is embedded.
func expected() domain.Text {
	return domain.T("expected a GitHub source such as owner/repo, owner/repo/path/to/skill, owner/repo@skill, " +
		"https://github.com/owner/repo/tree/main/path or a pasted \"npx skills add owner/repo --skill name\" line")
}

// GitHub's own rules for account and repository names.
var (
	ownerRE = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$`)
	repoRE  = regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)
)

// ParseSource reads a source in any of the forms people copy from READMEs and
// the skills CLI's documentation (docs/skills.md §4). Nothing in it is ever run. Any
// other input is an invalid-input error saying what was expected.
func ParseSource(input string) (Source, error) {
	s := strings.TrimSpace(input)
	if s == "" {
		return Source{}, domain.T("the source is empty; {{.Expected}}", "Expected", expected()).Err(domain.ErrInvalid)
	}
	if !utf8.ValidString(s) || strings.ContainsFunc(s, isControl) {
		return Source{}, domain.T("the source contains control characters; {{.Expected}}", "Expected", expected()).Err(domain.ErrInvalid)
	}
	if strings.ContainsAny(s, " \t\"'") {
		// A line copied from a terminal may keep its prompt.
		s = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(s, "$ "), "> "), " ")
		return parseLine(s)
	}
	return parseOne(s)
}

// parseLine reads a pasted command line: npx skills add SOURCE [--skill NAME] [flags].
func parseLine(line string) (Source, error) {
	words, err := splitWords(line)
	if err != nil {
		return Source{}, err
	}
	if len(words) == 1 { // a quoted source alone
		return parseOne(words[0])
	}
	// Find "skills add" (npx skills add, npx -y skills@latest add, pnpm dlx skills add …).
	at := -1
	for i := 0; i+1 < len(words); i++ {
		w := words[i]
		if (w == "skills" || strings.HasPrefix(w, "skills@")) && words[i+1] == "add" {
			at = i + 2
			break
		}
	}
	if at < 0 {
		// SOURCE --skill NAME, as the app's own form prints it.
		if _, err := parseOne(words[0]); err != nil {
			return Source{}, domain.T("{{.Source}} is not a source Memo can read; {{.Expected}}", "Source", quoteShort(line), "Expected", expected()).Err(domain.ErrInvalid)
		}
		at = 0
	}
	var positional []string
	var skill string
	for i := at; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(w, "=")
		switch {
		case w == "--":
			positional = append(positional, words[i+1:]...)
			i = len(words)
		case name == "--skill" || name == "-s":
			if !hasValue {
				if i+1 >= len(words) {
					return Source{}, domain.T("{{.Option}} needs a skill name after it", "Option", quoteShort(w)).Err(domain.ErrInvalid)
				}
				i++
				value = words[i]
			}
			if skill != "" && !strings.EqualFold(skill, value) {
				return Source{}, domain.T("the line names more than one skill ({{.Skill}}, {{.Other}}); Memo installs one skill at a time", "Skill", quoteShort(skill), "Other", quoteShort(value)).Err(domain.ErrInvalid)
			}
			skill = value
		case name == "--agent" || name == "-a":
			// The agent to install for (ignored: Memo installs into the project).
			if !hasValue && i+1 < len(words) {
				i++
			}
		case strings.HasPrefix(w, "-"):
			// -g, -y, --global, --yes … change nothing about what is downloaded.
		default:
			positional = append(positional, w)
		}
	}
	switch len(positional) {
	case 0:
		return Source{}, domain.T("the line has no source after \"skills add\"; {{.Expected}}", "Expected", expected()).Err(domain.ErrInvalid)
	case 1:
	default:
		return Source{}, domain.T("the line has more than one source ({{.Sources}}); Memo installs from one at a time", "Sources", quotedList(positional)).Err(domain.ErrInvalid)
	}
	src, err := parseOne(positional[0])
	if err != nil {
		return Source{}, err
	}
	return chooseSkill(src, skill, func(named, other any) domain.Text {
		return domain.T("the line names two skills ({{.Skill}} and {{.Other}}); Memo installs one skill at a time", "Skill", named, "Other", other)
	})
}

// chooseSkill narrows src to skill (a --skill or -s), which must be a valid
// name and agree with a skill the source already names; twoNames words the
// disagreement.
func chooseSkill(src Source, skill string, twoNames func(named, other any) domain.Text) (Source, error) {
	if skill == "" {
		return src, nil
	}
	if err := checkSkillName(skill); err != nil {
		return Source{}, err
	}
	if src.Skill != "" && !strings.EqualFold(src.Skill, skill) {
		return Source{}, twoNames(quoteShort(src.Skill), quoteShort(skill)).Err(domain.ErrInvalid)
	}
	src.Skill = skill
	return src, nil
}

// splitWords splits a line like a POSIX shell would split plain words and
// quoted strings; it expands nothing and refuses what it would have to run.
func splitWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case strings.ContainsRune("|&;<>()`$\\", r):
			return nil, domain.T("the line contains {{.Char}}; Memo reads a source from a pasted line but never runs it, so paste only the \"npx skills add …\" command", "Char", quoteShort(string(r))).Err(domain.ErrInvalid)
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, domain.T("the line has an unclosed quote; {{.Expected}}", "Expected", expected()).Err(domain.ErrInvalid)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// parseOne reads one source word: a shorthand or a github.com URL.
func parseOne(s string) (Source, error) {
	if s == "" {
		return Source{}, domain.T("the source is empty; {{.Expected}}", "Expected", expected()).Err(domain.ErrInvalid)
	}
	if strings.Contains(s, "..") {
		return Source{}, domain.T("{{.Source}} contains \"..\"; a source names a folder inside a repository, never a way out of it", "Source", quoteShort(s)).Err(domain.ErrInvalid)
	}
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(s, "/"), strings.HasPrefix(s, "./"), strings.HasPrefix(s, "~"),
		s == ".", strings.HasPrefix(lower, "file:"), len(s) >= 2 && s[1] == ':' && isASCIILetter(s[0]):
		return Source{}, domain.T("{{.Source}} looks like a local folder; Memo installs skills from GitHub only: {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	case strings.ContainsAny(s, " \t\\"):
		return Source{}, domain.T("{{.Source}} contains a space or a backslash; {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	case strings.HasPrefix(lower, "git@github.com:"):
		return parseShorthand(s, s[len("git@github.com:"):], true)
	case strings.Contains(s, "://"):
		return parseURL(s)
	case strings.HasPrefix(lower, "github.com/"), strings.HasPrefix(lower, "www.github.com/"):
		return parseURL("https://" + s)
	}
	if strings.Contains(s, ":") {
		return Source{}, domain.T("{{.Source}} is not a source Memo can read; {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	}
	if first, _, _ := strings.Cut(s, "/"); strings.Contains(first, ".") && !strings.Contains(s, "@") {
		// gitlab.com/…, example.org/… : a host, not a GitHub account.
		return Source{}, domain.T("{{.Source}} is not on GitHub; Memo installs skills from github.com only: {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	}
	return parseShorthand(s, s, false)
}

// parseShorthand reads owner/repo[/path][@skill] (and owner/repo.git for the SSH form).
func parseShorthand(orig, s string, ssh bool) (Source, error) {
	var skill string
	if i := strings.LastIndex(s, "@"); i >= 0 {
		s, skill = s[:i], s[i+1:]
		if skill == "" {
			return Source{}, domain.T("{{.Source}} ends with \"@\" but names no skill; {{.Expected}}", "Source", quoteShort(orig), "Expected", expected()).Err(domain.ErrInvalid)
		}
		if err := checkSkillName(skill); err != nil {
			return Source{}, err
		}
	}
	parts := strings.Split(strings.TrimSuffix(s, "/"), "/")
	if len(parts) < 2 {
		return Source{}, domain.T("{{.Source}} names no repository; {{.Expected}}", "Source", quoteShort(orig), "Expected", expected()).Err(domain.ErrInvalid)
	}
	if ssh {
		if len(parts) != 2 {
			return Source{}, domain.T("{{.Source}} is not a repository address; {{.Expected}}", "Source", quoteShort(orig), "Expected", expected()).Err(domain.ErrInvalid)
		}
		parts[1] = strings.TrimSuffix(parts[1], ".git")
	}
	src := Source{Owner: parts[0], Repo: parts[1], Skill: skill}
	if err := checkRepo(orig, src.Owner, src.Repo); err != nil {
		return Source{}, err
	}
	p, err := checkPath(orig, parts[2:])
	if err != nil {
		return Source{}, err
	}
	src.Path = p
	return src, nil
}

func parseURL(s string) (Source, error) {
	u, err := url.Parse(s)
	if err != nil {
		return Source{}, domain.T("{{.Source}} is not a web address Memo can read; {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	}
	host := strings.ToLower(u.Hostname())
	if (u.Scheme != "https" && u.Scheme != "http") || (host != "github.com" && host != "www.github.com") || u.Port() != "" || u.User != nil {
		return Source{}, domain.T("{{.Source}} is not a github.com address; Memo installs skills from github.com only: {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	}
	p := u.Path // already unescaped: %2e%2e becomes ".." and is judged as such
	if strings.Contains(p, "..") || strings.ContainsFunc(p, isControl) || strings.Contains(p, "\\") {
		return Source{}, domain.T("{{.Source}} contains \"..\" or characters no repository folder has", "Source", quoteShort(s)).Err(domain.ErrInvalid)
	}
	parts := strings.Split(strings.Trim(p, "/"), "/")
	if len(parts) < 2 || parts[0] == "" {
		return Source{}, domain.T("{{.Source}} names no repository; {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
	}
	src := Source{Owner: parts[0], Repo: strings.TrimSuffix(parts[1], ".git")}
	if err := checkRepo(s, src.Owner, src.Repo); err != nil {
		return Source{}, err
	}
	rest := parts[2:]
	if len(rest) == 0 {
		return src, nil
	}
	switch rest[0] {
	case "tree", "blob":
		if len(rest) < 2 || rest[1] == "" {
			return Source{}, domain.T("{{.Source}} has /{{.Part}}/ but no branch or tag after it; {{.Expected}}", "Source", quoteShort(s), "Part", rest[0], "Expected", expected()).Err(domain.ErrInvalid)
		}
		if err := checkRef(s, rest[1]); err != nil {
			return Source{}, err
		}
		if rest[1] != "HEAD" { // GitHub's name for the default branch, which "" means
			src.Ref = rest[1]
		}
		folder := rest[2:]
		if rest[0] == "blob" {
			// A link to a SKILL.md file names its folder.
			if len(folder) == 0 || !strings.EqualFold(folder[len(folder)-1], "SKILL.md") {
				return Source{}, domain.T("{{.Source}} links to a file; link to the skill's folder (…/tree/<ref>/<path>) or to its SKILL.md", "Source", quoteShort(s)).Err(domain.ErrInvalid)
			}
			folder = folder[:len(folder)-1]
		}
		if src.Path, err = checkPath(s, folder); err != nil {
			return Source{}, err
		}
		return src, nil
	}
	return Source{}, domain.T("{{.Source}} is a GitHub page that is not a repository folder; {{.Expected}}", "Source", quoteShort(s), "Expected", expected()).Err(domain.ErrInvalid)
}

func checkRepo(orig, owner, repo string) error {
	if !ownerRE.MatchString(owner) {
		return domain.T("{{.Owner}} is not a GitHub account name; {{.Expected}}", "Owner", quoteShort(owner), "Expected", expected()).Err(domain.ErrInvalid)
	}
	if !repoRE.MatchString(repo) || repo == "." {
		return domain.T("{{.Repo}} is not a GitHub repository name; {{.Expected}}", "Repo", quoteShort(repo), "Expected", expected()).Err(domain.ErrInvalid)
	}
	return nil
}

// checkPath joins the folder parts of a source, refusing empty and dot parts
// and what no archive name may hold.
func checkPath(orig string, parts []string) (string, error) {
	for _, p := range parts {
		if p == "" || p == "." || p == ".." {
			return "", domain.T("{{.Source}} has an empty or dot folder name in its path; {{.Expected}}", "Source", quoteShort(orig), "Expected", expected()).Err(domain.ErrInvalid)
		}
		if problem := nameProblem(p); !problem.IsZero() {
			return "", domain.T("the folder name {{.Folder}} {{.Problem}}", "Folder", quoteShort(p), "Problem", problem).Err(domain.ErrInvalid)
		}
	}
	return path.Join(parts...), nil
}

// checkRef judges a branch, tag or commit name by git's rules for ref names
// (git check-ref-format), for a ref read from a web address and from the
// lock alike. A percent sign is judged again unescaped, so %2e%2e is "..".
func checkRef(orig, ref string) error {
	bad := func() error {
		return domain.T("{{.Ref}} is not a branch, tag or commit name", "Ref", quoteShort(ref)).Err(domain.ErrInvalid)
	}
	if !refOK(ref) {
		return bad()
	}
	if strings.Contains(ref, "%") {
		if unescaped, err := url.PathUnescape(ref); err != nil || !refOK(unescaped) {
			return bad()
		}
	}
	return nil
}

func refOK(ref string) bool {
	switch {
	case ref == "", ref == "@", strings.HasPrefix(ref, "-"), strings.HasPrefix(ref, "/"), strings.HasSuffix(ref, "/"),
		strings.HasSuffix(ref, "."), strings.HasSuffix(ref, ".lock"),
		!utf8.ValidString(ref), strings.ContainsFunc(ref, isControl),
		strings.ContainsAny(ref, " ~^:?*[\\@{"), strings.Contains(ref, ".."), strings.Contains(ref, "//"):
		return false
	}
	for part := range strings.SplitSeq(ref, "/") {
		if strings.HasPrefix(part, ".") || strings.HasSuffix(part, ".lock") {
			return false
		}
	}
	return true
}

// lockedSource reads a lock entry's source and ref by the rules skill add
// reads them (ParseSource, checkRef), and only in the form Memo writes: the
// source as Source.String gives it, without a ref or a skill, so a pasted
// command line, a space or another spelling is refused rather than read.
func lockedSource(source, ref string) (Source, error) {
	src, err := ParseSource(source)
	if err != nil {
		return Source{}, err
	}
	if src.Ref != "" {
		return Source{}, domain.T("{{.Source}} has a ref in it (the ref has a field of its own)", "Source", quoteShort(source)).Err(domain.ErrInvalid)
	}
	if src.Skill != "" || src.String() != source {
		return Source{}, domain.T("{{.Source}} is not in the form Memo writes ({{.Form}})", "Source", quoteShort(source), "Form", quoteShort(src.String())).Err(domain.ErrInvalid)
	}
	if ref != "HEAD" {
		if err := checkRef(ref, ref); err != nil {
			return Source{}, err
		}
		src.Ref = ref
	}
	return src, nil
}

// checkSkillName judges a skill chosen by name: matched against folder names and
// front-matter names, so anything printable that is not a path.
func checkSkillName(name string) error {
	switch {
	case len(name) > 128:
		return domain.T("the skill name {{.Name}} is longer than 128 characters", "Name", quoteShort(name)).Err(domain.ErrInvalid)
	case name == "*":
		return domain.T("\"*\" chooses every skill; Memo installs one skill at a time: name one").Err(domain.ErrInvalid)
	case strings.ContainsAny(name, "/\\'\"") || name == "." || strings.Contains(name, ".."):
		return domain.T("the skill name {{.Name}} contains a path; name the skill (its folder or front-matter name)", "Name", quoteShort(name)).Err(domain.ErrInvalid)
	case strings.ContainsFunc(name, isControl):
		return domain.T("the skill name {{.Name}} contains control characters", "Name", quoteShort(name)).Err(domain.ErrInvalid)
	}
	return nil
}

func isControl(r rune) bool { return unicode.IsControl(r) || r == utf8.RuneError }

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// quotedList quotes each of words short, comma-separated, at most three.
func quotedList(words []string) string {
	var q []string
	for i, w := range words {
		if i == 3 {
			q = append(q, "…")
			break
		}
		q = append(q, quoteShort(w))
	}
	return strings.Join(q, ", ")
}
