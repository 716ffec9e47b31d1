// SPDX-License-Identifier: Apache-2.0

package permissions

import "memo.dev/projects/domain/permissions/projectfiles"

// DefinitionDiff is one definition a Trust would pin anew (changed, added
// or removed since trust), for `permissions diff`: the unified diff of its
// text beside the file's. Diff is "" for a binary or large file, whose
// hashes alone are kept.
type DefinitionDiff struct {
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Key         string `json:"key,omitempty"`
	State       string `json:"state"`
	TrustedHash string `json:"trusted_hash"`
	Hash        string `json:"hash"`
	Diff        string `json:"diff"`
}

// DefinitionDiffs are the definitions of st that are not as trusted, each
// with its unified diff (never nil).
func (st Status) DefinitionDiffs() ([]DefinitionDiff, error) {
	out := []DefinitionDiff{}
	for _, d := range st.Definitions {
		if d.State == projectfiles.DefUnchanged {
			continue
		}
		dd := DefinitionDiff{Rule: d.Rule, File: d.File, Key: d.Key, State: d.State, TrustedHash: d.TrustedHash, Hash: d.Hash}
		if (d.Hash == "" || d.Text != "") && (d.TrustedHash == "" || d.TrustedText != "") {
			hunks, err := Diff(DefinitionLines(d.Definition, d.TrustedText), DefinitionLines(d.Definition, d.Text), DiffContext)
			if err != nil {
				return nil, err
			}
			name := d.File
			if d.Key != "" {
				name += " " + d.Key
			}
			old, cur := "trusted/"+name, "current/"+name
			if d.TrustedHash == "" {
				old = "/dev/null"
			}
			if d.Hash == "" {
				cur = "/dev/null"
			}
			dd.Diff = Unified(old, cur, hunks)
		}
		out = append(out, dd)
	}
	return out, nil
}

// DefinitionLines is a definition's text to diff: a key's value (a script
// line) ends as a line, not as a file without its last newline.
func DefinitionLines(d projectfiles.Definition, text string) []byte {
	if d.Key != "" && text != "" && text[len(text)-1] != '\n' {
		text += "\n"
	}
	return []byte(text)
}
