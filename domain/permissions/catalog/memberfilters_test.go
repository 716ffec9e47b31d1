// SPDX-License-Identifier: Apache-2.0

package catalog

import "testing"

// member_filters load only as spellings of selects, each one that takes a
// value with a text_shapes shape for it.
func TestMemberFiltersLoad(t *testing.T) {
	shape := map[string]string{"--filter": "[a-z]+"}
	for _, bad := range []programData{
		{Selects: "--filter= -C=", MemberFilters: "--filter=", TextShapes: nil},
		{Selects: "-C=", MemberFilters: "--filter=", TextShapes: shape},
		{Selects: "--filter= -C=", MemberFilters: "--filter= -C=", TextShapes: shape},
	} {
		if _, err := buildEntry(bad); err == nil {
			t.Errorf("member_filters %q (selects %q, text_shapes %v) loads, want it refused", bad.MemberFilters, bad.Selects, bad.TextShapes)
		}
	}
	if _, err := buildEntry(programData{Selects: "--filter= -C= --all", MemberFilters: "--filter= --all", TextShapes: shape}); err != nil {
		t.Errorf("member_filters refused: %v", err)
	}
}

// A member filter narrows with a value of its shape, glued after `=` or
// the next word; a short option glued to its value, a value of another
// shape, a missing value, and the selects that are no member filter (-C)
// do not.
func TestNarrowsToMembers(t *testing.T) {
	e := Builtin().Entries["pnpm"]
	for _, c := range []struct {
		words []string
		want  bool
	}{
		{[]string{"--filter", "!docs"}, true},
		{[]string{"--filter=!./playgrounds/*"}, true},
		{[]string{"-F", "web..."}, true},
		{[]string{"--filter-prod", "{./packages/web}"}, true},
		{[]string{"--filter", "@scope/*"}, true},
		{[]string{"-Fweb"}, false},
		{[]string{"--filter"}, false},
		{[]string{"--filter", "-C"}, false},
		{[]string{"--filter", "../x"}, false},
		{[]string{"--filter", "./../x"}, false},
		{[]string{"--filter", "{../x}"}, false},
		{[]string{"--filter", "{./a/../../x}"}, false},
		{[]string{"--filter", "[origin/main]"}, false},
		{[]string{"--filter", "...[HEAD~1]"}, false},
		{[]string{"--filter", "$(id)"}, false},
		{[]string{"--filter", "/tmp/x"}, false},
		{[]string{"--filter", ".hidden"}, false},
		{[]string{"-C", "docs"}, false},
		{[]string{"--dir=docs"}, false},
	} {
		if got := e.NarrowsToMembers(c.words[0], c.words[1:]); got != c.want {
			t.Errorf("pnpm %q: NarrowsToMembers = %v, want %v", c.words, got, c.want)
		}
	}
	n := Builtin().Entries["npm"]
	for _, c := range []struct {
		words []string
		want  bool
	}{
		{[]string{"-w", "packages/web"}, true},
		{[]string{"--workspace=@scope/web"}, true},
		{[]string{"--workspaces"}, true},
		{[]string{"-w", "../x"}, false},
		{[]string{"-w", "packages/*"}, false},
		{[]string{"--workspace=.hidden"}, false},
	} {
		if got := n.NarrowsToMembers(c.words[0], c.words[1:]); got != c.want {
			t.Errorf("npm %q: NarrowsToMembers = %v, want %v", c.words, got, c.want)
		}
	}
}
