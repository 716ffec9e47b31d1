// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"maps"
	"slices"
	"strings"
)

// The model of the identity matrix: folders as their identity sees them,
// and the rule of docs/identity.md §7 about them.

// mirrored reports whether seq with A and B exchanged comes before seq in
// the order of their names: of a sequence and its mirror, only one runs.
func mirrored(seq []step) bool {
	swap := strings.NewReplacer("A", "B", "B", "A")
	mirror := make([]step, len(seq))
	for i, s := range seq {
		mirror[i] = step{op: s.op, from: swap.Replace(s.from), to: swap.Replace(s.to)}
		if s.op == "swap" && mirror[i].from > mirror[i].to {
			mirror[i].from, mirror[i].to = mirror[i].to, mirror[i].from
		}
	}
	return strings.Join(names(mirror), ", ") < strings.Join(names(seq), ", ")
}

// mfolder is a folder of the model: which id its .memo/project.json holds,
// which its git commit holds, and which projects' files it holds.
type mfolder struct {
	memo   string // "" without a .memo
	commit string // "" when not a git repository, or committed without .memo
	repo   bool
	family map[string]bool
}

func (f *mfolder) clone() *mfolder {
	c := *f
	c.family = maps.Clone(f.family)
	return &c
}

// world is the model: the folders, the backups, and the rule of docs/identity.md §7
// about them. owner says which folder a written id belongs to; pathID which
// id a path keeps (never written).
type world struct {
	folders map[string]*mfolder
	backups map[string]*mfolder
	owner   map[string]string
	pathID  map[string]string
	pools   map[string][]string
	seen    map[string]bool
}

func (w *world) copy() *world {
	c := &world{folders: map[string]*mfolder{}, backups: map[string]*mfolder{}, owner: maps.Clone(w.owner),
		pathID: maps.Clone(w.pathID), pools: map[string][]string{}, seen: maps.Clone(w.seen)}
	for k, f := range w.folders {
		c.folders[k] = f.clone()
	}
	for k, f := range w.backups {
		c.backups[k] = f.clone()
	}
	for k, p := range w.pools {
		c.pools[k] = slices.Clone(p)
	}
	return c
}

// claim makes slot's folder the project id.
func (w *world) claim(slot, id string) {
	for other, at := range w.owner {
		if at == slot {
			w.owner[other] = "" // its folder is not here any more
		}
	}
	w.owner[id] = slot
	delete(w.pathID, slot)
}

// open is the rule: the id the folder at slot has once opened, or "" when
// it gets a new one (a copy of a living project, or a folder without .memo
// at a path that keeps no id).
func (w *world) open(slot string) string {
	f := w.folders[slot]
	if f.memo == "" {
		return w.pathID[slot]
	}
	if at := w.owner[f.memo]; at != slot {
		if o := w.folders[at]; at != "" && o != nil && o.memo == f.memo {
			return "" // a copy: the project lives on in its folder
		}
		w.claim(slot, f.memo) // moved, or come back
	}
	return f.memo
}

// given records the new id the folder at slot was given.
func (w *world) given(slot, id string) {
	f := w.folders[slot]
	f.family[id] = true
	if f.memo != "" {
		f.memo = id // the copy's project.json was rewritten
		w.claim(slot, id)
		return
	}
	for other, at := range w.owner {
		if at == slot {
			w.owner[other] = ""
		}
	}
	w.pathID[slot] = id
}

// setUp writes the folder's id into its project.json.
func (w *world) setUp(slot, id string) {
	if f := w.folders[slot]; f.memo == "" {
		f.memo = id
		w.claim(slot, id)
	}
}

// step is one operation of a sequence.
type step struct {
	op       string // mv, mkdir, clone, copy, cp, swap, rm, restore
	from, to string // slots; for restore, from is the backup's name
}

func (s step) String() string {
	switch s.op {
	case "mkdir", "rm":
		return s.op + " " + s.to + s.from
	case "swap":
		return "swap " + s.from + " " + s.to
	case "restore":
		return "restore " + s.from + "'s backup to " + s.to
	}
	return s.op + " " + s.from + " " + s.to
}

func names(seq []step) []string {
	out := make([]string, len(seq))
	for i, s := range seq {
		out[i] = s.String()
	}
	return out
}

// steps lists every step possible in w.
func steps(w *world, slots []string) []step {
	var out []step
	for _, from := range slots {
		src, ok := w.folders[from]
		for _, to := range slots {
			_, taken := w.folders[to]
			switch {
			case from == to && !taken:
				out = append(out, step{op: "mkdir", to: to})
			case from == to && ok:
				out = append(out, step{op: "rm", from: from})
			case ok && !taken:
				out = append(out, step{op: "mv", from: from, to: to}, step{op: "cp", from: from, to: to},
					step{op: "copy", from: from, to: to})
				if src.repo {
					out = append(out, step{op: "clone", from: from, to: to})
				}
			case ok && taken && from < to:
				out = append(out, step{op: "swap", from: from, to: to})
			}
		}
	}
	for _, b := range slices.Sorted(maps.Keys(w.backups)) {
		for _, to := range slots {
			if _, taken := w.folders[to]; !taken {
				out = append(out, step{op: "restore", from: b, to: to})
			}
		}
	}
	return out
}

// apply changes the model's folders as op changes the real ones.
func (w *world) apply(s step) {
	switch s.op {
	case "mkdir":
		w.folders[s.to] = &mfolder{family: map[string]bool{}}
	case "rm":
		delete(w.folders, s.from)
	case "mv":
		w.folders[s.to] = w.folders[s.from]
		delete(w.folders, s.from)
	case "cp":
		w.folders[s.to] = w.folders[s.from].clone()
	case "copy":
		f := w.folders[s.from].clone()
		f.memo = ""
		w.folders[s.to] = f
	case "clone":
		f := w.folders[s.from].clone()
		f.memo = f.commit
		w.folders[s.to] = f
	case "swap":
		w.folders[s.from], w.folders[s.to] = w.folders[s.to], w.folders[s.from]
	case "restore":
		w.folders[s.to] = w.backups[s.from].clone()
	}
}

// sequences lists every sequence of 1 to n steps from w.
func sequences(w *world, slots []string, n int) [][]step {
	var out [][]step
	var walk func(w *world, prefix []step)
	walk = func(w *world, prefix []step) {
		if len(prefix) == n {
			return
		}
		for _, s := range steps(w, slots) {
			next := w.copy()
			next.apply(s)
			seq := append(slices.Clone(prefix), s)
			out = append(out, seq)
			walk(next, seq)
		}
	}
	walk(w, nil)
	return out
}
