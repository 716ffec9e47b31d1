// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"slices"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// The Service reads what the rules run (definitions.go) from the project
// on disk, through its cache, for the review, the trust and the checks.

// define reads the definitions of rules in the project at root.
func (s *Service) define(root string) Define {
	return verdict.NewProject(root, "", s.git, s.cache).AllDefinitions
}

// describe adds to a status read from the project what its rules run,
// beside what was pinned, and the review's hash.
func (s *Service) describe(st *Status) {
	st.cat = s.cat()
	if st.State == StateNoFile || st.State == StateInvalid || st.Root == "" {
		return
	}
	current := s.define(st.Root)(st.File.AllowedCommands)
	st.Definitions = projectfiles.CompareDefinitions(current, st.TrustedDefinitions)
	s.blocks(st)
}

// described is a status just trusted with what describe adds, so the
// answer to a Trust shows what still blocks a rule (a git config).
func (s *Service) described(st Status, err error) (Status, error) {
	if err == nil {
		st.cat = s.cat()
		s.blocks(&st)
	}
	return st, err
}

// blocks sets the review's hash of st and what blocks each rule.
func (s *Service) blocks(st *Status) {
	st.ReviewHash = reviewHash(st.Hash, currentDefinitions(*st))
	// What blocks each rule, checked as a line of its own in the project
	// root, against what was trusted (a file not trusted yet is blocked
	// by configs alone: what its rules run is trusted with it).
	p := verdict.NewProject(st.Root, "", s.git, s.cache)
	if st.State == StateTrusted {
		p = p.WithPinned(st.TrustedDefinitions)
	}
	st.Blocks = map[string][]projectfiles.Block{}
	st.Notes = map[string][]domain.Text{}
	for _, rule := range st.File.AllowedCommands {
		if !verdict.AcceptRuleIn(st.catalog(), rule).IsZero() {
			continue
		}
		if notes := configNotes(p, rule); len(notes) > 0 {
			st.Notes[rule] = notes
		}
		var blocks []projectfiles.Block
		if v := verdict.NewCheckerIn(st.catalog(), []string{rule}).CheckIn(rule, p); v.BlockedBy != nil {
			b := *v.BlockedBy
			if b.Reason.IsZero() {
				b.Reason = v.Reason
			}
			blocks = append(blocks, b)
		}
		// A changed definition blocks too, beside a config that blocks
		// first: the review shows both.
		if why, b := p.DefinitionsChanged(rule); b != nil && (len(blocks) == 0 || blocks[0].File != b.File || blocks[0].Key != b.Key) {
			b.Reason = why
			blocks = append(blocks, *b)
		}
		if len(blocks) > 0 {
			st.Blocks[rule] = blocks
		}
	}
}

// currentDefinitions are the definitions describe read, as a trust pins
// them: what was reviewed, not a second reading.
func currentDefinitions(st Status) []projectfiles.Definition {
	out := []projectfiles.Definition{}
	for _, d := range st.Definitions {
		if d.State != projectfiles.DefRemoved {
			out = append(out, d.Definition)
		}
	}
	return out
}

// definitionsPending: the trusted file's rules run something other than
// what was pinned with it.
func (s *Service) definitionsPending(root string, file []byte, pin Pin) bool {
	perms, probs := Parse(file)
	if len(probs) > 0 {
		return false
	}
	for _, d := range projectfiles.CompareDefinitions(s.define(root)(perms.AllowedCommands), pin.Definitions) {
		if d.State != projectfiles.DefUnchanged {
			return true
		}
	}
	return false
}

// reviewHash is the SHA-256 of a file's hash and of each definition's place
// and hash, in order.
func reviewHash(fileHash string, defs []projectfiles.Definition) string {
	sorted := append([]projectfiles.Definition{}, defs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID() < sorted[j].ID() })
	h := sha256.New()
	io.WriteString(h, fileHash)
	for _, d := range sorted {
		io.WriteString(h, "\n"+d.ID()+"\x00"+d.Hash)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// changedSinceReview is the conflict of a trust whose review no longer
// matches the project: it names what a new review would show — the
// permissions file when it is not the trusted version, each definition
// that is not as trusted — so a changed package.json is not blamed on
// the permissions file.
func changedSinceReview(st Status) error {
	var places []string
	if st.Hash != st.TrustedHash {
		places = append(places, Path(st.Root))
	}
	for _, d := range st.Definitions {
		if d.State != projectfiles.DefUnchanged {
			places = append(places, d.Place(st.Root))
		}
	}
	if len(places) == 0 {
		places = append(places, Path(st.Root))
	}
	return domain.T("{{.Path}} changed since you reviewed it; review the new version, then trust it", "Path", strings.Join(slices.Compact(places), ", ")).Err(domain.ErrConflict)
}
