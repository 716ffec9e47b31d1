// SPDX-License-Identifier: Apache-2.0

//go:build unix

package untrusted

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/texttest"
)

// TestRefusalsKeepTheirEnglish: each refusal prints exactly the English it
// always printed and carries it as a Text, with the kind of file inside
// worded as a Text of its own.
func TestRefusalsKeepTheirEnglish(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	os.WriteFile(p("big"), make([]byte, 2048), 0o644)
	os.Symlink(p("big"), p("link"))
	os.Mkdir(p("folder"), 0o755)
	if err := unix.Mkfifo(p("fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		limit int64
		kind  domain.Kind
		want  string
		inner string // the Text embedded as Kind or Size, "" for none
	}{
		{"big", 1024, domain.KindInvalid, p("big") + " is larger than 1 KiB, more than such a file ever needs; Memo did not read it", ""},
		{"big", 100, domain.KindInvalid, p("big") + " is larger than 100 bytes, more than such a file ever needs; Memo did not read it", "{{.N}} bytes"},
		{"link", 1 << 20, domain.KindInvalid, p("link") + " is a symbolic link; Memo reads only plain files from a project", ""},
		{"folder", 1 << 20, domain.KindInvalid, p("folder") + " is not a plain file (a folder); Memo reads only plain files from a project", "a folder"},
		{"fifo", 1 << 20, domain.KindInvalid, p("fifo") + " is not a plain file (a named pipe); Memo reads only plain files from a project", "a named pipe"},
		{"gone", 1 << 20, domain.KindNotFound, p("gone") + " does not exist", ""},
	}
	for _, tt := range tests {
		_, err := ReadFile(p(tt.name), tt.limit)
		if txt, ok := texttest.Check(t, tt.name, err, tt.want, tt.kind, tt.inner); ok && txt.Args["Path"] != p(tt.name) {
			t.Errorf("%s: carries Text %+v, want its sentence with the path apart", tt.name, txt)
		}
	}
}
