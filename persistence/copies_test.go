// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/project"
)

func backupNames(t *testing.T, data string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(data, backupsDirName))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func countProjects(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", sqliteURI(path, "mode=ro"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM projects").Scan(&n); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return n
}

// TestRegistryDailyCopy: each day a writing open finds the registry holding
// anything, it keeps a verified copy in data/backups; the last few daily
// copies are kept, copies made before a layout change always. An empty
// registry, a read-only open, or another run's backup in progress makes none
// (and never waits).
func TestRegistryDailyCopy(t *testing.T) {
	home := t.TempDir()
	data := filepath.Join(home, "data")
	day0 := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	at := day0
	clock := func() time.Time { return at }
	open := func(readOnly bool) *Store {
		t.Helper()
		s, err := Open(home, Options{Now: clock, ReadOnly: readOnly})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	open(false).Close()
	if names := backupNames(t, data); len(names) != 0 {
		t.Fatalf("an empty registry was copied: %q", names)
	}
	add := func(i int) {
		s := open(false)
		defer s.Close()
		if _, err := s.Registry().Claim(project.Record{ID: fmt.Sprintf("p_%032x", i), Path: fmt.Sprintf("/work/%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	add(1) // the open found it empty: no copy yet
	open(true).Close()
	if names := backupNames(t, data); len(names) != 0 {
		t.Fatalf("a read-only open, or an open of an empty registry, made a copy: %q", names)
	}
	// Another run is backing up: the open neither waits nor copies.
	unlock, err := lockFile(filepath.Join(data, backupsLockName), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	open(false).Close()
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("an open beside a running backup took %v", took)
	}
	unlock()
	if names := slices.DeleteFunc(backupNames(t, data), func(n string) bool { return strings.HasSuffix(n, ".lock") }); len(names) != 0 {
		t.Fatalf("a copy was made while another run held the backups: %q", names)
	}

	open(false).Close()
	first := filepath.Join(data, backupsDirName, "projects-daily-20261130T120000Z.db")
	if got, _ := RegistryBackups(data); len(got) != 1 || got[0] != first || countProjects(t, first) != 1 {
		t.Fatalf("the day's first open with a record: copies %q, want [%s] holding 1 project", got, first)
	}
	// Later that day: no second copy, even after a change.
	at = day0.Add(23 * time.Hour)
	add(2)
	open(false).Close()
	if got, _ := RegistryBackups(data); len(got) != 1 {
		t.Errorf("a second copy on the same day: %q", got)
	}
	// Five more days, a change each day: three daily copies remain, the
	// newest holding the records as the day's first open found them; the
	// pre-change copy stays.
	pre := filepath.Join(data, backupsDirName, fmt.Sprintf("projects-pre-v%d-20251130T120000Z.db", registrySchema))
	if err := copyFile(first, pre); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(pre, day0.AddDate(-1, 0, 0), day0.AddDate(-1, 0, 0))
	for d := 1; d <= 5; d++ {
		at = day0.AddDate(0, 0, d)
		add(2 + d)
		open(false).Close()
	}
	var daily []string
	for _, n := range backupNames(t, data) {
		if strings.HasPrefix(n, "projects-daily-") {
			daily = append(daily, n)
		}
	}
	want := []string{"projects-daily-20261203T120000Z.db", "projects-daily-20261204T120000Z.db", "projects-daily-20261205T120000Z.db"}
	if !slices.Equal(daily, want) {
		t.Errorf("daily copies %q, want the last three %q", daily, want)
	}
	if n := countProjects(t, filepath.Join(data, backupsDirName, want[2])); n != 6 {
		t.Errorf("the newest copy holds %d projects, want 6", n)
	}
	if _, err := os.Stat(pre); err != nil {
		t.Errorf("the copy made before a layout change was removed: %v", err)
	}
	// The next day copies the seventh record; the day after, with no
	// change, makes no new file: the newest copy holds what the file does.
	at = day0.AddDate(0, 0, 6)
	open(false).Close()
	at = day0.AddDate(0, 0, 7)
	open(false).Close()
	got, _ := RegistryBackups(data)
	newest := filepath.Join(data, backupsDirName, "projects-daily-20261206T120000Z.db")
	if len(got) != 4 || got[0] != newest || countProjects(t, newest) != 7 {
		t.Errorf("after a day without change: copies %q, want the newest %s (7 projects) and no copy of that day", got, newest)
	}
}

// TestRestoreAdviceNamesACopyThatExists: every error that tells a person to
// put back a copy from data/backups names one that exists and opens as a
// copy of that database, the newest; without one, it says there is none and
// advises only moving the file aside.
func TestRestoreAdviceNamesACopyThatExists(t *testing.T) {
	named := regexp.MustCompile(`put back its newest copy, (.+\.db) \(made ([^)]+)\)`)
	for _, tt := range []struct {
		db, table string
		code      int // SQLite's result code
	}{
		{registryFileName, registryTable, sqliteNotADB},
		{registryFileName, registryTable, sqliteCorrupt},
		{memoryFileName, memoriesTable, sqliteNotADB},
		{memoryFileName, memoriesTable, sqliteCorrupt},
	} {
		for _, copies := range []string{"none", "junk only", "the other database's", "good and junk"} {
			name := fmt.Sprintf("%s (code %d), copies: %s", tt.db, tt.code, copies)
			data := t.TempDir()
			dir := filepath.Join(data, backupsDirName)
			os.MkdirAll(dir, 0o700)
			mk := func(file, table string, age time.Duration) string {
				p := filepath.Join(dir, file)
				if table == "" {
					os.WriteFile(p, []byte("not a database"), 0o600)
				} else {
					db, _ := sql.Open("sqlite", p)
					if _, err := db.Exec("CREATE TABLE " + table + " (id INTEGER PRIMARY KEY)"); err != nil {
						t.Fatal(err)
					}
					db.Close()
				}
				when := time.Now().Add(-age)
				os.Chtimes(p, when, when)
				return p
			}
			prefix := strings.TrimSuffix(tt.db, ".db") + "-"
			var want string
			switch copies {
			case "junk only":
				mk(prefix+"pre-v2-20260101T000000Z.db", "", 0)
			case "the other database's":
				other := map[string]string{registryTable: memoriesTable, memoriesTable: registryTable}[tt.table]
				mk(prefix+"pre-v2-20260101T000000Z.db", other, 0)
			case "good and junk":
				mk(prefix+"daily-20260103T000000Z.db", "", 0) // newest, but not a database
				want = mk(prefix+"daily-20260102T000000Z.db", tt.table, time.Hour)
				mk(prefix+"daily-20260101T000000Z.db", tt.table, 2*time.Hour)
			}
			msg := describeCode(filepath.Join(data, tt.db), tt.code, fmt.Errorf("sqlite says so")).Error()
			m := named.FindStringSubmatch(msg)
			if want == "" {
				if m != nil || !strings.Contains(msg, "holds no copy of it") {
					t.Errorf("%s: %q; want no copy named, and that there is none", name, msg)
				}
				continue
			}
			if m == nil || m[1] != want || m[2] != "2026-01-02 00:00 UTC" {
				t.Errorf("%s: %q; want it to name %s, made 2026-01-02 00:00 UTC", name, msg, want)
				continue
			}
			if !holdsTable(m[1], tt.table) {
				t.Errorf("%s: the named copy %s is not a copy of %s", name, m[1], tt.db)
			}
		}
	}
}

// TestDamagedRegistryNamesItsDailyCopy: end to end, a registry that was
// kept and then overwritten by something that is not SQLite fails to open
// with a sentence naming the day's copy, which holds the records.
func TestDamagedRegistryNamesItsDailyCopy(t *testing.T) {
	home := t.TempDir()
	s := openTestStore(t, home, false)
	if _, err := s.Registry().Claim(project.Record{ID: fmt.Sprintf("p_%032x", 1), Path: "/work/a"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	openTestStore(t, home, false).Close()
	path := filepath.Join(home, "data", registryFileName)
	if err := os.WriteFile(path, []byte(strings.Repeat("this is not SQLite ", 300)), 0o600); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(home, "data", backupsDirName, "projects-daily-20261130T120000Z.db")
	for _, readOnly := range []bool{false, true} {
		_, err := Open(home, Options{Now: testClock, ReadOnly: readOnly})
		if err == nil || !strings.Contains(err.Error(), "put back its newest copy, "+copyPath) {
			t.Errorf("Open(readOnly=%v) of a damaged registry: %v; want it to name %s", readOnly, err, copyPath)
		}
	}
	if n := countProjects(t, copyPath); n != 1 {
		t.Errorf("the named copy holds %d projects, want 1", n)
	}
}

// dailyHome is a data home whose registry holds a record, opened for
// writing with the clock at at; dailies lists the names of its real daily
// copies (SQLite files with a projects table), sorted.
type dailyHome struct {
	t    *testing.T
	home string
	at   time.Time
	n    int
}

func newDailyHome(t *testing.T, at time.Time) *dailyHome {
	h := &dailyHome{t: t, home: t.TempDir(), at: at}
	h.change()
	return h
}

func (h *dailyHome) dir() string { return filepath.Join(h.home, "data", backupsDirName) }

// open is a writing command's open and close.
func (h *dailyHome) open() {
	h.t.Helper()
	s, err := Open(h.home, Options{Now: func() time.Time { return h.at }})
	if err != nil {
		h.t.Fatal(err)
	}
	s.Close()
}

// change adds a record, so that the next copy differs from the last.
func (h *dailyHome) change() {
	h.t.Helper()
	s, err := Open(h.home, Options{Now: func() time.Time { return h.at }})
	if err != nil {
		h.t.Fatal(err)
	}
	defer s.Close()
	h.n++
	if _, err := s.Registry().Claim(project.Record{ID: fmt.Sprintf("p_%032x", h.n), Path: fmt.Sprintf("/work/%d", h.n)}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *dailyHome) dailies() []string {
	entries, _ := os.ReadDir(h.dir())
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), registryDailyPrefix) && e.Type().IsRegular() && holdsTable(filepath.Join(h.dir(), e.Name()), registryTable) {
			out = append(out, e.Name())
		}
	}
	return out // ReadDir sorts by name
}

func sorted(names []string) []string { return slices.Sorted(slices.Values(names)) }

// copyAt puts a real copy of the registry named name in the backups,
// made at made.
func (h *dailyHome) copyAt(name string, made time.Time) {
	h.t.Helper()
	os.MkdirAll(h.dir(), 0o700)
	p := filepath.Join(h.dir(), name)
	if err := copyFile(filepath.Join(h.home, "data", registryFileName), p); err != nil {
		h.t.Fatal(err)
	}
	if err := os.Chtimes(p, made, made); err != nil {
		h.t.Fatal(err)
	}
}

func dailyName(at time.Time) string {
	return registryDailyPrefix + at.UTC().Format(stampLayout) + ".db"
}

// TestDailyCopyWithTheClockSetBack: copies made while the clock was ahead
// (stamped in the future) neither stand in for the day's copy nor push it
// out: the copy made now is the newest, kept, and made once a day; day by
// day the future ones leave first.
func TestDailyCopyWithTheClockSetBack(t *testing.T) {
	day0 := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	h := newDailyHome(t, day0)
	// Three daily copies made with the clock a year ahead.
	var future []string
	for d := range 3 {
		h.at = day0.AddDate(1, 0, d)
		h.open()
		h.change()
		future = append([]string{dailyName(h.at)}, future...)
	}
	if got := h.dailies(); !slices.Equal(got, sorted(future)) {
		t.Fatalf("with the clock ahead: daily copies %q, want %q", got, future)
	}
	h.at = day0
	for d := range 4 {
		// A day later each time, with a change and three commands.
		h.at = day0.AddDate(0, 0, d)
		h.change()
		h.open()
		h.at = h.at.Add(time.Hour)
		h.open()
		h.open()
		var want []string
		for e := d; e >= 0 && len(want) < registryDailyKept; e-- {
			want = append(want, dailyName(day0.AddDate(0, 0, e)))
		}
		want = append(want, future[:registryDailyKept-len(want)]...)
		if got := h.dailies(); !slices.Equal(got, sorted(want)) {
			t.Errorf("day %d with the clock set back a year: daily copies %q, want %q", d, got, sorted(want))
		}
		// The day's first open (change's) made it, before its record.
		if n := countProjects(t, filepath.Join(h.dir(), dailyName(day0.AddDate(0, 0, d)))); n != h.n-1 {
			t.Errorf("day %d: the day's copy holds %d projects, want %d", d, n, h.n-1)
		}
	}
}

// TestDailyCopyIsARealCopy: a file that only has a daily copy's name (or a
// copy made before a layout change's) is not a copy: it does not stand in
// for the day's copy, is not counted among the three kept, and is not
// removed (it is not Memo's). Real copies count by their time of making,
// whatever the stamp in their names says.
func TestDailyCopyIsARealCopy(t *testing.T) {
	day0 := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	fakes := []struct {
		name string
		make func(t *testing.T, p, realCopy string)
	}{
		{"text", func(t *testing.T, p, _ string) { os.WriteFile(p, []byte("not a database"), 0o600) }},
		{"empty file", func(t *testing.T, p, _ string) { os.WriteFile(p, nil, 0o600) }},
		{"another database", func(t *testing.T, p, _ string) {
			db, err := sql.Open("sqlite", p)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec("CREATE TABLE memories (id INTEGER PRIMARY KEY)"); err != nil {
				t.Fatal(err)
			}
		}},
		{"folder", func(t *testing.T, p, _ string) { os.Mkdir(p, 0o700) }},
		{"link to a real copy", func(t *testing.T, p, realCopy string) {
			if err := os.Symlink(realCopy, p); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, fake := range fakes {
		for _, prefix := range []string{registryDailyPrefix, fmt.Sprintf("%spre-v%d-", registryPrefix, registrySchema)} {
			name := fmt.Sprintf("%s named %s…", fake.name, prefix)
			h := newDailyHome(t, day0)
			real := filepath.Join(h.home, "real-copy.db") // outside backups/
			if err := copyFile(filepath.Join(h.home, "data", registryFileName), real); err != nil {
				t.Fatal(err)
			}
			var fakeNames []string
			// Named for now, and for later days than any real copy.
			for _, at := range []time.Time{day0, day0.AddDate(0, 0, 10)} {
				n := prefix + at.Format(stampLayout) + ".db"
				os.MkdirAll(h.dir(), 0o700)
				fake.make(t, filepath.Join(h.dir(), n), real)
				fakeNames = append(fakeNames, n)
			}
			for d := range 5 {
				h.at = day0.AddDate(0, 0, d)
				h.change()
				h.open()
			}
			want := []string{dailyName(day0.AddDate(0, 0, 4)), dailyName(day0.AddDate(0, 0, 3)), dailyName(day0.AddDate(0, 0, 2))}
			if got := h.dailies(); !slices.Equal(got, sorted(want)) {
				t.Errorf("%s: daily copies %q, want %q", name, got, sorted(want))
			}
			for _, n := range fakeNames {
				if _, err := os.Lstat(filepath.Join(h.dir(), n)); err != nil {
					t.Errorf("%s: %s was removed: %v", name, n, err)
				}
			}
		}
	}

	// Real copies whose names lie about when they were made.
	h := newDailyHome(t, day0)
	h.copyAt(dailyName(day0.AddDate(0, 0, -30)), day0.Add(-time.Hour)) // made an hour ago
	h.open()
	if got := h.dailies(); len(got) != 1 {
		t.Errorf("a copy made an hour ago, named for a month ago: daily copies %q, want it alone", got)
	}
	h = newDailyHome(t, day0)
	old := dailyName(day0.Add(-time.Minute))
	h.copyAt(old, day0.AddDate(0, 0, -30)) // named a minute ago, made a month ago
	for d := range 3 {
		h.at = day0.AddDate(0, 0, d)
		h.change()
		h.open()
	}
	want := []string{dailyName(day0.AddDate(0, 0, 2)), dailyName(day0.AddDate(0, 0, 1)), dailyName(day0)}
	if got := h.dailies(); !slices.Equal(got, sorted(want)) {
		t.Errorf("a copy made a month ago, named a minute ago: daily copies %q, want %q (it made the day's copy, then left first)", got, sorted(want))
	}
}
