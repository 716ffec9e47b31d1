// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"sort"
	"unicode/utf8"

	"memo.dev/projects/domain"
)

// A rule such as `npm test` or `make test` runs the project's own
// definitions. Trusting the permissions file pins them too (docs/permissions.md §7): the
// package.json scripts a rule reaches (with pre/post), the makefiles, the
// justfile or Taskfile, the cargo aliases, a project script's bytes, a build
// wrapper's files. When one changes since trust, the lines of that rule ask,
// naming the file, until the user trusts again; one Trust covers the file
// and its definitions.

// Definition is one thing an approved rule runs, as the trust pins it.
type Definition struct {
	Rule string `json:"rule"`
	// File is relative to the project, slash separated.
	File string `json:"file"`
	// Key is the part of the file the rule runs ("scripts.test",
	// "alias.xtask"); "" for the whole file.
	Key string `json:"key,omitempty"`
	// Hash is the SHA-256 of the definition, "" when it does not exist
	// (pinned absent: a script added later is a change too).
	Hash string `json:"hash"`
	// Text is the definition itself, for the diff; "" for a binary or
	// large file, whose Hash alone is kept.
	Text string `json:"text,omitempty"`
	// NotFollowed are the commands of Text Memo does not follow (a word
	// computed when it runs, a file outside the project), as written, one
	// a line: what they run is not pinned, and the rule's label says so. A
	// string, so that a Definition stays comparable.
	NotFollowed string `json:"not_followed,omitempty"`
	// Arguments is what a project script the rule names does with its
	// arguments, when Memo can tell (ScriptArgs.Summary), for the label.
	Arguments string `json:"arguments,omitempty"`
	// Outside are the commands of Text that reach outside the project
	// (OutsideCommand: sudo, an install into the user's programs, a
	// download), as written, one a line: pinned as written, while what
	// they fetch or change is not; the rule's label says so.
	Outside string `json:"outside,omitempty"`
}

// String is the definition as file#key, "(absent)" after one that does not
// exist.
func (d Definition) String() string {
	if d.Hash == "" {
		return d.File + "#" + d.Key + "(absent)"
	}
	return d.File + "#" + d.Key
}

// ID is a definition's place, the same at trust and at check.
func (d Definition) ID() string { return d.Rule + "\x00" + d.File + "\x00" + d.Key }

// maxDefinitionText bounds the text a pin keeps for the diff.
const maxDefinitionText = 128 << 10

// MaxDefinitionFile bounds a file Memo pins by its hash; a larger one asks.
const MaxDefinitionFile = 32 << 20

func definitionOf(rule, file, key string, b []byte, exists bool) Definition {
	d := Definition{Rule: rule, File: file, Key: key}
	if !exists {
		return d
	}
	sum := sha256.Sum256(b)
	d.Hash = hex.EncodeToString(sum[:])
	if len(b) <= maxDefinitionText && utf8.Valid(b) && !containsNUL(b) {
		d.Text = string(b)
	}
	return d
}

func containsNUL(b []byte) bool {
	for _, c := range b {
		if c == 0 {
			return true
		}
	}
	return false
}

// DefinitionState is a definition as the review shows it: what it is now
// beside what was trusted.
type DefinitionState struct {
	Definition
	// State is unchanged, changed, added (not pinned: the file was trusted
	// before it existed or before Memo pinned definitions) or removed.
	State       string `json:"state"`
	TrustedHash string `json:"trusted_hash,omitempty"`
	TrustedText string `json:"trusted_text,omitempty"`
}

// The states of a definition against its pin.
const (
	DefUnchanged = "unchanged"
	DefChanged   = "changed"
	DefAdded     = "added"
	DefRemoved   = "removed"
)

// CompareDefinitions sets the current definitions beside the pinned ones.
func CompareDefinitions(current, pinned []Definition) []DefinitionState {
	byID := map[string]Definition{}
	for _, d := range pinned {
		byID[d.ID()] = d
	}
	var out []DefinitionState
	seen := map[string]bool{}
	for _, d := range current {
		seen[d.ID()] = true
		p, ok := byID[d.ID()]
		s := DefinitionState{Definition: d, State: DefUnchanged}
		switch {
		case !ok:
			s.State = DefAdded
		case p.Hash != d.Hash:
			s.State, s.TrustedHash, s.TrustedText = DefChanged, p.Hash, p.Text
		}
		out = append(out, s)
	}
	for _, p := range pinned {
		if !seen[p.ID()] {
			out = append(out, DefinitionState{Definition: Definition{Rule: p.Rule, File: p.File, Key: p.Key},
				State: DefRemoved, TrustedHash: p.Hash, TrustedText: p.Text})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}

// pinnedDefinitions is what the trust pinned, by definition place; nil
// maps mean the pin is older than definitions.
type pinnedDefinitions struct {
	byID map[string]Definition
}

func newPinned(defs []Definition) *pinnedDefinitions {
	if defs == nil {
		return &pinnedDefinitions{}
	}
	p := &pinnedDefinitions{byID: map[string]Definition{}}
	for _, d := range defs {
		p.byID[d.ID()] = d
	}
	return p
}

// DefinitionsChanged tells why a rule's lines ask because what it runs is
// not what was trusted, with the file that changed.
func (p *Project) DefinitionsChanged(rule string) (domain.Text, *Block) {
	if p == nil || p.pinned == nil {
		return domain.Text{}, nil
	}
	defs, problem := p.definitions(rule)
	if !problem.IsZero() {
		return problem, nil
	}
	for _, d := range defs {
		pin, ok := p.pinned.byID[d.ID()]
		switch {
		case p.pinned.byID == nil:
			return domain.T("the permissions file was trusted before Memo pinned what its rules run ({{.File}}): review it and trust it again", "File", d.File), &Block{File: d.File, Key: d.Key}
		case !ok || pin.Hash != d.Hash:
			what := d.File
			if d.Key != "" {
				what += " " + d.Key
			}
			return domain.T("{{.What}}, which this rule runs, changed since you trusted the permissions file: review it and trust again", "What", what), &Block{File: d.File, Key: d.Key}
		}
	}
	return domain.Text{}, nil
}

// AllDefinitions are the definitions of every accepted rule of a file, as
// the trust pins them (never nil). A rule whose definitions have a problem
// (a script that is missing) pins what there is; its lines ask for the
// problem when checked.
func (p *Project) AllDefinitions(rules []string) []Definition {
	p.Cache.Sync()
	out := []Definition{}
	for _, r := range rules {
		if !p.acceptRule(r).IsZero() {
			continue
		}
		defs, _ := p.definitions(r)
		out = append(out, defs...)
	}
	return out
}

// Pinnable is what a trust may pin of the current definitions: what the
// person was shown (shown, as the review drew it), what was trusted before
// with the same hash, and what does not exist (pinned absent, a file
// appearing later asks). Of any other definition — changed since the
// review, or never reviewed — the old pin is kept where there is one (its
// rule asks, with the diff) and nothing is pinned where there is none (its
// rule asks as not trusted yet). Never nil.
func Pinnable(current, shown, trusted []Definition) []Definition {
	seen := map[string]string{}
	for _, d := range shown {
		seen[d.ID()] = d.Hash
	}
	old := map[string]Definition{}
	for _, d := range trusted {
		old[d.ID()] = d
	}
	out := []Definition{}
	for _, d := range current {
		hash, wasShown := seen[d.ID()]
		prev, wasTrusted := old[d.ID()]
		switch {
		case d.Hash == "", wasShown && hash == d.Hash, wasTrusted && prev.Hash == d.Hash:
			out = append(out, d)
		case wasTrusted:
			out = append(out, prev)
		}
	}
	return out
}

// Place names the definition in a sentence: its file under root, and the
// key in it ("/p/package.json scripts.lint").
func (d Definition) Place(root string) string {
	p := filepath.Join(root, filepath.FromSlash(d.File))
	if d.Key != "" {
		p += " " + d.Key
	}
	return p
}
