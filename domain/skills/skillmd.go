// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"memo.dev/projects/domain"
)

// nameRE is a valid skill name: 1–64 of a-z0-9 and single inner hyphens. It is
// also the installed folder's name, so it is safe on every OS.
var nameRE = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// ValidName reports whether name is a valid skill name (and folder name).
func ValidName(name string) bool { return len(name) <= 64 && nameRE.MatchString(name) }

// Meta is what a SKILL.md's front matter says.
type Meta struct {
	Name         string
	Description  string
	DroppedTools []string // declared tools and hooks, which Memo never registers
	// hidden lists the keys whose parsed values (or the keys themselves)
	// hold hidden characters: YAML escapes ("\u202e") and !!binary values
	// hide them from a look at the raw bytes.
	hidden []keyHidden
}

// keyHidden is one front-matter key and what its value hides.
type keyHidden struct {
	key   string
	found hidden
}

// toolKeys declare tools or hooks: dropped (docs/skills.md §2, instructions only).
var toolKeys = []string{"allowed-tools", "allowed_tools", "allowedtools", "tools", "disallowed-tools", "hooks", "mcp", "mcp-servers", "mcpservers", "commands"}

// ParseSkillMD reads SKILL.md's YAML front matter (with a YAML library: block
// scalars, CRLF, lists and key-case variants are all real). Keys are matched
// case-insensitively.
func ParseSkillMD(data []byte) (Meta, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return Meta{}, domain.T("SKILL.md is empty (it needs front matter with name and description, then the instructions)").Err(domain.ErrInvalid)
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	if !strings.HasPrefix(text, "---\n") {
		return Meta{}, domain.T("SKILL.md does not start with front matter (a --- line, then name and description)").Err(domain.ErrInvalid)
	}
	body := text[4:]
	end := -1
	for _, marker := range []string{"\n---\n", "\n...\n"} {
		if i := strings.Index("\n"+body, marker); i >= 0 && (end < 0 || i < end) {
			end = i
		}
	}
	if end < 0 {
		if strings.HasSuffix("\n"+body, "\n---") {
			end = len(body) - 3
		} else {
			return Meta{}, domain.T("SKILL.md's front matter has no closing --- line").Err(domain.ErrInvalid)
		}
	}
	var raw map[string]any
	if err := yaml.Unmarshal([]byte(body[:max(end-1, 0)]), &raw); err != nil {
		return Meta{}, domain.T("SKILL.md's front matter is not valid YAML: {{.Error}}", "Error", domain.Sentence(err)).Err(domain.ErrInvalid)
	}
	var m Meta
	for k, v := range raw {
		if h := hiddenIn(k) | hiddenValue(v); h != 0 {
			shown := k
			if hiddenIn(k) != 0 {
				shown = reveal(k)
			}
			m.hidden = append(m.hidden, keyHidden{shown, h})
		}
		key := strings.ToLower(strings.TrimSpace(k))
		switch {
		case key == "name":
			m.Name = strings.TrimSpace(scalar(v))
		case key == "description":
			m.Description = strings.TrimSpace(scalar(v))
		case slices.Contains(toolKeys, key):
			m.DroppedTools = append(m.DroppedTools, tools(key, v)...)
		}
	}
	sort.Strings(m.DroppedTools)
	m.DroppedTools = slices.Compact(m.DroppedTools)
	sort.Slice(m.hidden, func(i, j int) bool { return m.hidden[i].key < m.hidden[j].key })
	return m, nil
}

// hiddenValue judges every string of a parsed YAML value, keys of nested
// maps included.
func hiddenValue(v any) hidden {
	switch v := v.(type) {
	case string:
		return hiddenIn(v)
	case []any:
		var h hidden
		for _, item := range v {
			h |= hiddenValue(item)
		}
		return h
	case map[string]any:
		var h hidden
		for k, item := range v {
			h |= hiddenIn(k) | hiddenValue(item)
		}
		return h
	case map[any]any:
		var h hidden
		for k, item := range v {
			h |= hiddenValue(k) | hiddenValue(item)
		}
		return h
	}
	return 0
}

func scalar(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// tools lists what one declaration names: "Bash(git:*) Read, Write" or a
// list or a map (hooks); an empty declaration still says the key was there.
func tools(key string, v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		out = splitTools(v)
	case []any:
		for _, item := range v {
			if s, ok := item.(string); ok {
				out = append(out, splitTools(s)...)
			} else {
				out = append(out, fmt.Sprint(item))
			}
		}
	case map[string]any:
		for k := range v {
			out = append(out, key+":"+k)
		}
	}
	if key == "hooks" && len(out) == 0 || len(out) == 0 && v != nil {
		out = append(out, key)
	}
	return out
}

// splitTools splits on commas and spaces outside parentheses: Bash(git log:*) is one tool.
func splitTools(s string) []string {
	var out []string
	depth, start := 0, 0
	flush := func(i int) {
		if t := strings.TrimSpace(s[start:i]); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	for i, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case (r == ',' || r == ' ' || r == '\t' || r == '\n') && depth == 0:
			flush(i)
		}
	}
	flush(len(s))
	return out
}

// Candidate is one skill a location holds.
type Candidate struct {
	Name   string `json:"name"`   // front-matter name, or the folder's name
	Folder string `json:"folder"` // folder in the repository ("" for its root)
	// Description is its front matter's, as written (the window's list
	// to pick from shows it).
	Description string `json:"description,omitempty"`
	// Installed: a skill of this name is installed in the project.
	Installed bool `json:"installed,omitempty"`
	// Problem says why it cannot be installed (zero when it can).
	Problem domain.Text `json:"problem,omitzero"`
}

// ChoiceError is the error of a location that holds several skills (or a
// chosen name that matches several); the app offers Candidates as a list.
// Of kind invalid input.
type ChoiceError struct {
	Source     Source
	Candidates []Candidate
}

func (e *ChoiceError) Error() string {
	var b strings.Builder
	if e.Source.Skill != "" {
		fmt.Fprintf(&b, "%d skills in %s match %q; name one by its folder: ", len(e.Candidates), e.Source.withoutSkill(), e.Source.Skill)
	} else {
		fmt.Fprintf(&b, "%s holds %d skills; choose one with --skill NAME (or owner/repo@NAME): ", e.Source, len(e.Candidates))
	}
	for i, c := range e.Candidates {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name + " (" + orRoot(c.Folder) + ")")
		if !c.Problem.IsZero() {
			b.WriteString(" [cannot be installed: " + c.Problem.String() + "]")
		}
	}
	return b.String()
}

func (e *ChoiceError) Unwrap() error { return domain.ErrInvalid }

func (s Source) withoutSkill() Source { s.Skill = ""; return s }

func orRoot(folder string) string { return fmt.Sprint(folderOf(folder)) }

// folderOf is a candidate's folder as a sentence's value: "path/", or the
// repository root worded by the window.
func folderOf(folder string) any {
	if folder == "" {
		return domain.T("the repository root")
	}
	return folder + "/"
}

// discover finds the skills in an extraction: SKILL.md at scope, else every
// SKILL.md below it (not in .git or node_modules; a linked SKILL.md is listed
// as one that cannot be installed), and picks the one src names.
func discover(x *extraction, src Source) (Candidate, []byte, error) {
	var cands []Candidate
	content := map[string][]byte{}
	for _, e := range x.entries {
		if e.Dir || path.Base(e.Path) != skillFile || skipped(e.Path) {
			continue
		}
		folder := path.Dir(e.Path)
		if folder == "." {
			folder = ""
		}
		c := Candidate{Name: path.Base(folder), Folder: folder}
		if folder == "" {
			c.Name = src.Repo
		}
		switch {
		case e.Link:
			c.Problem = domain.T("its SKILL.md is a link")
		case !e.Problem.IsZero():
			c.Problem = domain.T("its SKILL.md {{.Problem}}", "Problem", e.Problem)
		case e.Content == nil:
			c.Problem = domain.T("its SKILL.md is larger than a SKILL.md can be")
		default:
			if m, err := ParseSkillMD(e.Content); err == nil {
				if m.Name != "" {
					c.Name = m.Name
				}
				c.Description = m.Description
			}
			content[folder] = e.Content
		}
		cands = append(cands, c)
	}
	where := src.withoutSkill()
	// SKILL.md at the named folder itself: that is the skill.
	for _, c := range cands {
		if c.Folder == src.Path && src.Skill == "" {
			return pick(c, content)
		}
	}
	if len(cands) == 0 {
		return Candidate{}, nil, domain.T("no skill in {{.Source}}: it has no SKILL.md", "Source", where.String()).Err(domain.ErrNotFound)
	}
	if src.Skill != "" {
		var match []Candidate
		for _, c := range cands {
			if strings.EqualFold(c.Name, src.Skill) || strings.EqualFold(path.Base(c.Folder), src.Skill) {
				match = append(match, c)
			}
		}
		switch len(match) {
		case 0:
			return Candidate{}, nil, domain.T("no skill named {{.Skill}} in {{.Source}}; it has {{.Skills}}", "Skill", quoteShort(src.Skill), "Source", where.String(), "Skills", names(cands)).Err(domain.ErrNotFound)
		case 1:
			return pick(match[0], content)
		}
		return Candidate{}, nil, &ChoiceError{Source: src, Candidates: match}
	}
	if len(cands) == 1 {
		return pick(cands[0], content)
	}
	return Candidate{}, nil, &ChoiceError{Source: src, Candidates: cands}
}

func pick(c Candidate, content map[string][]byte) (Candidate, []byte, error) {
	if !c.Problem.IsZero() {
		return Candidate{}, nil, domain.T("the skill {{.Name}} ({{.Folder}}) cannot be installed: {{.Problem}}", "Name", c.Name, "Folder", folderOf(c.Folder), "Problem", c.Problem).Err(domain.ErrRefused)
	}
	return c, content[c.Folder], nil
}

func names(cands []Candidate) string {
	var s []string
	for _, c := range cands {
		s = append(s, c.Name+" ("+orRoot(c.Folder)+")")
	}
	return strings.Join(s, ", ")
}

// skipped: folders a search for skills never enters.
func skipped(p string) bool {
	for part := range strings.SplitSeq(p, "/") {
		if part == ".git" || part == "node_modules" {
			return true
		}
	}
	return false
}
