// SPDX-License-Identifier: Apache-2.0

package memory_test

import (
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
	"memo.dev/projects/domain/texttest"
)

// TestErrorsKeepTheirEnglish: the service's errors carry their sentence as a
// Text for the window, and print exactly the English they always printed
// (the CLI and the API show err.Error()).
func TestErrorsKeepTheirEnglish(t *testing.T) {
	svc, _ := newService(ready)
	off, _ := newService(memory.State{Ready: true, Schema: memory.SchemaLegacy, Reason: "the backup failed: disk full"})
	errOf := func(_ any, err error) error { return err }
	tests := []struct {
		name string
		err  error
		kind domain.Kind
		want string
	}{
		{"empty", errOf(svc.Add(normal, "", " \n")), domain.KindInvalid, "a memory needs some content"},
		{"too long", errOf(svc.Add(normal, "", strings.Repeat("x", memory.MaxContent+1))), domain.KindInvalid,
			"a memory holds at most 64 KiB of text; this one has 65537 bytes"},
		{"kind", errOf(svc.Add(normal, "diary", "x")), domain.KindInvalid, `kind must be "note" or "coding-turn", not "diary"`},
		{"limit", errOf(svc.List(normal, memory.Query{Limit: -1})), domain.KindInvalid,
			"limit must be between 1 and 1000, not -1"},
		{"before", errOf(svc.List(normal, memory.Query{Before: -2})), domain.KindInvalid, "before must be a memory id, not -2"},
		{"no identity", errOf(svc.List(memory.Chat{Kind: memory.ProjectChat}, memory.Query{})), domain.KindForbidden,
			"this folder has no project identity Memo can trust, so its chats get no memory (set the project up, or see its status for why)"},
		{"project memory off", errOf(off.List(projA, memory.Query{})), domain.KindForbidden,
			"project memory is off: the backup failed: disk full"},
	}
	for _, tt := range tests {
		texttest.Check(t, tt.name, tt.err, tt.want, tt.kind, "")
	}
}
