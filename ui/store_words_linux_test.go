// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

// The store's errors (persistence) and the memory database's reasons reach a
// Turkish window in Turkish, their values (paths, the SQLite message) kept as
// they are. The templates are the ones persistence makes (the translation
// test checks each there).
func TestStoreWordsInTurkish(t *testing.T) {
	useTurkish(t)
	const path = "/h/.memo/data/projects.db"
	cause := errors.New("database is locked")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"locked", domain.T("{{.Path}} is locked by another program: close it and try again", "Path", path).Wrap(domain.ErrConflict, cause),
			path + " başka bir program tarafından kilitlenmiş: o programı kapatıp yeniden deneyin"},
		{"not SQLite, its copy named", domain.T("{{.Path}} is not a SQLite database: {{.Advice}}",
			"Path", path, "Advice", domain.T("put back its newest copy, {{.Copy}} (made {{.Made}}), in its place, or move it aside and Memo creates a new one",
				"Copy", "/h/.memo/data/backups/projects-daily-20261130T120000Z.db", "Made", "2026-11-30 12:00 UTC")).Because(errors.New("internal"), cause),
			path + " bir SQLite veritabanı değil: en yeni kopyası /h/.memo/data/backups/projects-daily-20261130T120000Z.db dosyasını (2026-11-30 12:00 UTC tarihli) yerine koyun ya da dosyayı başka bir yere taşıyın, Memo yenisini oluşturur"},
		{"damaged, no copy", domain.T("{{.Path}} is damaged: {{.Advice}}",
			"Path", path, "Advice", domain.T("move it aside and Memo creates a new one ({{.Backups}} holds no copy of it)", "Backups", "/h/.memo/data/backups")).Because(errors.New("internal"), cause),
			path + " bozuk: dosyayı başka bir yere taşıyın, Memo yenisini oluşturur (/h/.memo/data/backups içinde bunun bir kopyası yok)"},
		{"busy data folder", domain.T("another Memo process is busy with this data folder ({{.Folder}}); try again when it has finished, or end that process", "Folder", "/h/.memo/data").Err(domain.ErrConflict),
			"başka bir Memo işlemi bu veri klasörüyle (/h/.memo/data) meşgul; o işlem bitince yeniden deneyin ya da o işlemi sonlandırın"},
		{"file system, nested", domain.T("{{.What}}: {{.Reason}}", "What", domain.T("cannot lock the data folder {{.Folder}}", "Folder", "/h/.memo/data"), "Reason", domain.T("permission denied")).Err(domain.ErrRefused),
			"/h/.memo/data veri klasörü kilitlenemiyor: izin reddedildi"},
	}
	for _, tt := range tests {
		if got := say(tt.err); got != tt.want {
			t.Errorf("%s: %q\nwant %q", tt.name, got, tt.want)
		}
	}

	// The reason the one-time change was skipped, with the backup's own
	// failure worded inside it, in the status bar and Settings.
	db := "/h/.memo/data/memory.db"
	failure := domain.T("{{.What}}: {{.Reason}}", "What", domain.T("cannot create the backups folder"), "Reason", domain.T("not a directory"))
	reason := domain.T("Memo could not back up {{.Path}} before adding project pools ({{.Error}}), so the file was left exactly as it was. Normal chats keep working; the next launch tries again.",
		"Path", db, "Error", failure)
	st := memory.State{Ready: true, Schema: memory.SchemaLegacy, Reason: reason.String(), ReasonText: &reason}
	want := "Proje belleği kapalı: Memo, proje havuzlarını eklemeden önce " + db + " dosyasını yedekleyemedi (yedekler klasörü oluşturulamıyor: bir klasör değil), bu yüzden dosya olduğu gibi bırakıldı."
	if got, _, _ := memoryProblem(st, true); !strings.HasPrefix(got, want) {
		t.Errorf("memoryProblem: %q\nwant it to start %q", got, want)
	}
	f := newFixture(t, st)
	if got := f.m.statusText.Text; !strings.HasPrefix(got, want) {
		t.Errorf("status bar: %q\nwant it to start %q", got, want)
	}
	f.m.onSettings()
	if !f.says(f.m.settings.win, want) {
		t.Errorf("Settings does not say %q", want)
	}

	// Without a template (a state made elsewhere) the English reason stays.
	plain := memory.State{Reason: "memory.db is not a SQLite database"}
	if got, _, _ := memoryProblem(plain, true); !strings.HasSuffix(got, ": memory.db is not a SQLite database") {
		t.Errorf("memoryProblem without ReasonText: %q, want the English reason kept", got)
	}
}
