// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

// The store's sentences keep their English word for word (the command line
// prints them; doctor shows them) while carrying their template and values
// for the window, and their kind and cause still match. SQLite's and the
// system's own words are the detail, never the sentence.
func TestStoreSentencesKeepEnglishAndCarryText(t *testing.T) {
	const (
		data = "/h/data"
		path = "/h/data/projects.db"
	)
	base := errors.New("sqlite says no")
	denied := fmt.Errorf("open %s/projects.lock: %w", data, fs.ErrPermission)
	tests := []struct {
		name  string
		err   error
		want  string
		kind  domain.Kind
		cause error // nil: none to match
	}{
		{"not SQLite", describeCode(path, 26, base),
			"/h/data/projects.db is not a SQLite database: move it aside and Memo creates a new one (/h/data/backups holds no copy of it)",
			domain.KindInternal, base},
		{"locked", describeCode(path, 5, base),
			"/h/data/projects.db is locked by another program: close it and try again", domain.KindConflict, base},
		{"read-only", describeCode(path, 8, base),
			"cannot write /h/data/projects.db: the file or its folder is read-only", domain.KindForbidden, base},
		{"disk full", describeCode(path, 13, base),
			"cannot write /h/data/projects.db: the disk is full; free some space, then try again", domain.KindInternal, base},
		{"busy data folder", busy(data),
			"another Memo process is busy with this data folder (/h/data); try again when it has finished, or end that process", domain.KindConflict, nil},
		{"lock refused", fsError(denied, domain.T("cannot lock the data folder {{.Folder}}", "Folder", data)),
			"cannot lock the data folder /h/data: permission denied", domain.KindForbidden, fs.ErrPermission},
		{"memories table", func() error {
			inner := describeCode("/h/data/memory.db", 13, base)
			return domain.T("cannot create the memories table: {{.Error}}", "Error", domain.Sentence(inner)).Wrap(errInternal, inner)
		}(), "cannot create the memories table: cannot write /h/data/memory.db: the disk is full; free some space, then try again", domain.KindInternal, base},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%s: sentence %q, want %q", tt.name, got, tt.want)
		}
		text, ok := domain.TextOf(tt.err)
		if !ok {
			t.Errorf("%s: %q carries no Text", tt.name, tt.err)
		} else if text.String() != tt.want || !strings.Contains(text.Template, "{{.") {
			t.Errorf("%s: Text %q renders %q, want a template of %q", tt.name, text.Template, text.String(), tt.want)
		}
		if got := domain.KindOf(tt.err); got != tt.kind {
			t.Errorf("%s: kind %q, want %q", tt.name, got, tt.kind)
		}
		if tt.cause != nil && !errors.Is(tt.err, tt.cause) {
			t.Errorf("%s: errors.Is(err, %v) is false", tt.name, tt.cause)
		}
		if tt.cause == base && strings.Contains(tt.err.Error(), tt.cause.Error()) {
			t.Errorf("%s: the sentence %q holds the library's words %q", tt.name, tt.err, tt.cause)
		}
		if want := map[error]string{base: base.Error(), fs.ErrPermission: denied.Error()}[tt.cause]; domain.DetailOf(tt.err) != want {
			t.Errorf("%s: detail %q, want %q", tt.name, domain.DetailOf(tt.err), want)
		}
	}
}

// A registry from a newer Memo says so in the same words, made from a
// template whose values are the layouts.
func TestNewerRegistrySentence(t *testing.T) {
	home := t.TempDir()
	openTestStore(t, home, false).Close()
	path := filepath.Join(home, "data", "projects.db")
	raw, _ := sql.Open("sqlite", path)
	if _, err := raw.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	_, err := Open(home, Options{Now: testClock})
	want := fmt.Sprintf("%s was written by a newer Memo Projects (layout 99; this one knows %d): update Memo Projects", path, registrySchema)
	if err == nil || err.Error() != want {
		t.Fatalf("Open(registry of layout 99) = %v, want %q", err, want)
	}
	text, ok := domain.TextOf(err)
	if !ok || text.Args["Layout"] != 99 || text.Args["Path"] != path {
		t.Errorf("Open(registry of layout 99): Text %+v (%v), want Layout 99 and Path %s kept apart", text, ok, path)
	}
}

// When the one-time change is skipped because the backup failed, the state's
// Reason keeps its English and ReasonText holds the same sentence as a
// template with the path and the backup's own failure (itself a Text) apart;
// the refusal of project memory carries it on.
func TestSkippedChangeReasonCarriesText(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	legacyDB(t, dataDir, 3)
	backups := filepath.Join(dataDir, backupsDirName)
	if err := os.WriteFile(backups, []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := openTest(t, dataDir, launch, memoryOptions{})
	st := m.State()
	path := filepath.Join(dataDir, memoryFileName)
	prefix := "Memo could not back up " + path + " before adding project pools (cannot create the backups folder: not a directory)"
	if st.ProjectMemory || !strings.HasPrefix(st.Reason, prefix) {
		t.Fatalf("State() = %+v, want project memory off with a reason starting %q", st, prefix)
	}
	if st.ReasonText == nil {
		t.Fatal("State().ReasonText is nil")
	}
	if got := st.ReasonText.String(); got != st.Reason {
		t.Errorf("ReasonText renders %q, Reason is %q", got, st.Reason)
	}
	if st.ReasonText.Args["Path"] != path {
		t.Errorf("ReasonText.Args[Path] = %v, want %s", st.ReasonText.Args["Path"], path)
	}
	if inner, ok := st.ReasonText.Args["Error"].(domain.Text); !ok || inner.Template != "{{.What}}: {{.Reason}}" {
		t.Errorf("ReasonText.Args[Error] = %#v, want the backup's failure as a Text", st.ReasonText.Args["Error"])
	}

	err := m.noProjectMemory()
	if want := "project memory is not available this launch: " + st.Reason; err.Error() != want {
		t.Errorf("noProjectMemory() = %q, want %q", err, want)
	}
	if text, ok := domain.TextOf(err); !ok || !reflect.DeepEqual(text.Args["Reason"], *st.ReasonText) {
		t.Errorf("noProjectMemory() Text %+v, want the state's ReasonText as its Reason", text)
	}
}
