// SPDX-License-Identifier: Apache-2.0

// Package permissions reads a project's `.memo/permissions.json` (docs/permissions.md):
// the strict file format, the command checker, the refused rules and the file
// tools, trust pinning and the diff against the last trusted version. It is
// pure: files are read through the ReadFunc given (untrusted.ReadFile) and
// pins kept by a PinStore the caller provides.
//
// Where things are: Parse and Problem (file.go); Load, Trust, Save, Status
// and Report (trust.go); Service, what every face calls with a folder
// path (service.go); CheckCommand, Checker and Words (check.go), which run
// the inspector (inspect.go): the table of risky arguments per program
// (risks.go, risks_check.go, risks_operands.go, sed.go), the safe options
// per program, default deny (optspec.go, args.go, entries*.go), program
// names (names.go, refused.go), paths and destinations (paths.go) and, in a
// Project (project.go, read through its Cache, filecache.go), the
// repository's git configuration and hooks (gitrepo.go, gitconfig.go) and
// the configs that make a program run another (blocks.go); AcceptRule,
// AcceptTool and CheckTool (rules.go); Diff, DiffAll, Unified (diff.go);
// Compare, what a new version changes in what is allowed (changes.go).
package permissions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/verdict"
	"memo.dev/projects/domain/strictjson"
)

// FileName is the permissions file inside a project folder.
const FileName = ".memo/permissions.json"

// Version is the only file format version.
const Version = 1

// Permissions is what a valid file grants.
type Permissions struct {
	Version         int      `json:"version"`
	AllowedCommands []string `json:"allowed_commands"`
	AllowedTools    []string `json:"allowed_tools"`
}

// Problem is one thing wrong with a permissions file, with its place.
type Problem struct {
	// Where: "file", "version", "allowed_commands", "allowed_commands[2]",
	// "allowed_tools[0]", or an unknown field's name.
	Where string `json:"where"`
	// Rule is the rule or tool text the problem is about, if any.
	Rule string `json:"rule,omitempty"`
	// Problem prints as its English sentence; the window words it.
	Problem domain.Text `json:"problem"`
}

func (p Problem) String() string {
	if p.Rule != "" {
		return fmt.Sprintf("%s (%q): %s", p.Where, p.Rule, p.Problem)
	}
	return p.Where + ": " + p.Problem.String()
}

// Parse reads a permissions file strictly and reports every problem. The
// permissions it returns are only meaningful when there are no problems.
func Parse(b []byte) (Permissions, []Problem) {
	var perms Permissions
	var probs []Problem
	add := func(where, rule string, problem domain.Text) {
		probs = append(probs, Problem{Where: where, Rule: rule, Problem: problem})
	}
	if !utf8.Valid(b) {
		add("file", "", domain.T("the file is not valid UTF-8 text"))
		return perms, probs
	}
	if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		add("file", "", domain.T("the file starts with a byte order mark; save it as plain UTF-8"))
		return perms, probs
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	syntaxProblem := func(err error) []Problem {
		add("file", "", domain.T("the file is not valid JSON: {{.Error}}", "Error", jsonError(b, dec, err)))
		return probs
	}
	tok, err := dec.Token()
	if err != nil {
		return perms, syntaxProblem(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		add("file", "", domain.T("the file must hold one JSON object ({ \"version\": 1, … })"))
		return perms, probs
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return perms, syntaxProblem(err)
		}
		key := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return perms, syntaxProblem(err)
		}
		if seen[key] {
			add(key, "", domain.T("the field appears twice; keep one"))
			continue
		}
		seen[key] = true
		switch key {
		case "version":
			if string(bytes.TrimSpace(raw)) != "1" {
				add("version", "", domain.T("the version must be 1, not {{.Value}}", "Value", compact(raw)))
				continue
			}
			perms.Version = Version
		case "allowed_commands":
			list, ok := stringList(raw)
			if !ok {
				add(key, "", domain.T("must be a list of strings, not {{.Value}}", "Value", compact(raw)))
				continue
			}
			perms.AllowedCommands = list
			for i, r := range list {
				if r == notString {
					continue
				}
				if reason := verdict.AcceptRule(r); !reason.IsZero() {
					add(fmt.Sprintf("%s[%d]", key, i), r, reason)
				}
			}
			probs = append(probs, nonStrings(key, raw)...)
		case "allowed_tools":
			list, ok := stringList(raw)
			if !ok {
				add(key, "", domain.T("must be a list of strings, not {{.Value}}", "Value", compact(raw)))
				continue
			}
			perms.AllowedTools = list
			for i, t := range list {
				if t == notString {
					continue
				}
				if reason := verdict.AcceptTool(t); !reason.IsZero() {
					add(fmt.Sprintf("%s[%d]", key, i), t, reason)
				}
			}
			probs = append(probs, nonStrings(key, raw)...)
		default:
			add(key, "", domain.T("unknown field; a version 1 file has only version, allowed_commands and allowed_tools"))
		}
	}
	if _, err := dec.Token(); err != nil {
		return perms, syntaxProblem(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		add("file", "", domain.T("the file holds more after its JSON object"))
	}
	if !seen["version"] {
		add("version", "", domain.T("the version is missing; write \"version\": 1"))
	}
	if len(probs) == 0 {
		// The fields above are read exactly and once each; the one reader
		// of outside JSON also refuses a key twice or in two cases at any
		// depth, so no shape added later can be read two ways.
		if err := strictjson.Check(b); err != nil {
			add("file", "", domain.Sentence(err))
		}
	}
	return perms, probs
}

// notString marks a list element that is not a string, so that the list
// keeps its indexes and each element is reported at its own place.
const notString = "\x00notstring"

// stringList reads a JSON array; elements that are not strings become
// notString and are reported by nonStrings.
func stringList(raw json.RawMessage) ([]string, bool) {
	var items []json.RawMessage
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) || json.Unmarshal(raw, &items) != nil {
		return nil, false
	}
	list := make([]string, len(items))
	for i, it := range items {
		if json.Unmarshal(it, &list[i]) != nil || bytes.Equal(bytes.TrimSpace(it), []byte("null")) {
			list[i] = notString
		}
	}
	return list, true
}

func nonStrings(key string, raw json.RawMessage) []Problem {
	var items []json.RawMessage
	_ = json.Unmarshal(raw, &items)
	var probs []Problem
	for i, it := range items {
		var s string
		if json.Unmarshal(it, &s) != nil || bytes.Equal(bytes.TrimSpace(it), []byte("null")) {
			probs = append(probs, Problem{Where: fmt.Sprintf("%s[%d]", key, i), Problem: domain.T("must be a string, not {{.Value}}", "Value", compact(it))})
		}
	}
	return probs
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	s := b.String()
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// jsonError names the line and column of a syntax error (the decoder's own
// words stay as they are).
func jsonError(b []byte, dec *json.Decoder, err error) domain.Text {
	off := dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return domain.T("it ends too early")
	}
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	line := 1 + strings.Count(string(b[:off]), "\n")
	col := int(off) - strings.LastIndex(string(b[:off]), "\n")
	return domain.T("{{.Error}} (line {{.Line}}, column {{.Column}})", "Error", err.Error(), "Line", line, "Column", col)
}
