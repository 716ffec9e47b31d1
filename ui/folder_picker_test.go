package ui

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/project"
)

var fileURITests = []struct {
	uri     string
	want    string
	wantErr bool
}{
	{uri: "file:///home/me/projects", want: "/home/me/projects"},
	{uri: "file:///home/me/projects/", want: "/home/me/projects"},
	{uri: "file://localhost/home/me/projects", want: "/home/me/projects"},
	{uri: "FILE:///home/me", want: "/home/me"},
	{uri: "file:/home/me", want: "/home/me"},
	{uri: "file:///", want: "/"},
	{uri: "file:///home/me/My%20Projects", want: "/home/me/My Projects"},
	{uri: "file:///home/me/My Projects", want: "/home/me/My Projects"},
	{uri: "file:///home/me/c++", want: "/home/me/c++"},
	{uri: "file:///home/me/c%2B%2B", want: "/home/me/c++"},
	{uri: "file:///home/me/100%25", want: "/home/me/100%"},
	{uri: "file:///home/me/a%2520b", want: "/home/me/a%20b"}, // decoded once only
	{uri: "file:///home/me/na%C3%AFve%20%E9%A1%B9%E7%9B%AE", want: "/home/me/naïve 项目"},
	{uri: "file:///home/me/naïve 项目", want: "/home/me/naïve 项目"},
	{uri: "file:///home/me/what%3F%20%23one", want: "/home/me/what? #one"},
	{uri: "file:///home/me/a;b,c=d&e", want: "/home/me/a;b,c=d&e"},
	{uri: "file:///home/me/%FF", want: "/home/me/\xff"}, // not UTF-8, still a Linux name
	{uri: "https://example.com/home/me", wantErr: true},
	{uri: "sftp:///home/me", wantErr: true},
	{uri: "smb://server/share", wantErr: true},
	{uri: "/home/me", wantErr: true},
	{uri: "", wantErr: true},
	{uri: "file://server/share", wantErr: true},
	{uri: "file:relative/path", wantErr: true},
	{uri: "file:///home/me/what?one", wantErr: true},
	{uri: "file:///home/me/a#b", wantErr: true},
	{uri: "file:///home/me/a%00b", wantErr: true},
	{uri: "file:///home/me/%zz", wantErr: true},
}

func TestPathFromFileURI(t *testing.T) {
	for _, tt := range fileURITests {
		got, err := pathFromFileURI(tt.uri)
		if tt.wantErr {
			if err == nil {
				t.Errorf("pathFromFileURI(%q) = %q, want an error", tt.uri, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("pathFromFileURI(%q) = %q, %v, want %q", tt.uri, got, err, tt.want)
		}
	}
}

func FuzzPathFromFileURI(f *testing.F) {
	for _, tt := range fileURITests {
		f.Add(tt.uri)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Whatever comes in: an absolute, clean path without NUL, or an error.
		if p, err := pathFromFileURI(s); err == nil {
			if !strings.HasPrefix(p, "/") || filepath.Clean(p) != p || strings.ContainsRune(p, 0) {
				t.Errorf("pathFromFileURI(%q) = %q: not a clean absolute path", s, p)
			}
		}
		// A path written as a file URI comes back as itself.
		if !strings.HasPrefix(s, "/") || strings.ContainsRune(s, 0) {
			return
		}
		uri := (&url.URL{Scheme: "file", Path: s}).String()
		if p, err := pathFromFileURI(uri); err != nil || p != filepath.Clean(s) {
			t.Errorf("pathFromFileURI(%q) = %q, %v, want %q", uri, p, err, filepath.Clean(s))
		}
	})
}

func TestStartFolder(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 12, 0, 0, 0, time.UTC) }
	dirs := map[string]bool{"/home/me/src": true, "/home/me/work": true, "/srv": true, "/home/me/with space": true}
	exists := func(p string) bool { return dirs[p] }
	tests := []struct {
		name    string
		records []project.Record
		want    string
	}{
		{"none", nil, ""},
		{"one", []project.Record{{Path: "/home/me/src/app", LastOpened: day(1)}}, "/home/me/src"},
		{"the last opened, wherever it is in the list", []project.Record{
			{Path: "/home/me/src/old", LastOpened: day(1)},
			{Path: "/home/me/work/new", LastOpened: day(9)},
			{Path: "/home/me/src/mid", LastOpened: day(5)},
		}, "/home/me/work"},
		{"a space in the name", []project.Record{{Path: "/home/me/with space/p", LastOpened: day(1)}}, "/home/me/with space"},
		{"its parent is gone", []project.Record{{Path: "/home/me/moved/p", LastOpened: day(1)}}, ""},
		{"a folder at the root: no hint", []project.Record{{Path: "/srv", LastOpened: day(1)}}, ""},
		{"a relative path: no hint", []project.Record{{Path: "src/app", LastOpened: day(1)}}, ""},
		{"trailing slash", []project.Record{{Path: "/home/me/src/app/", LastOpened: day(1)}}, "/home/me/src"},
	}
	for _, tt := range tests {
		if got := startFolder(tt.records, exists); got != tt.want {
			t.Errorf("%s: startFolder(%v) = %q, want %q", tt.name, tt.records, got, tt.want)
		}
	}
}

// The request carries the window and the start folder; a second Open Folder
// while a dialog is open (Ctrl+O again) opens nothing more.
func TestOpenFolderRequestAndOnePickerAtATime(t *testing.T) {
	f := newFixture(t, memoryOn)
	parent := t.TempDir()
	old, last := filepath.Join(parent, "old"), filepath.Join(parent, "last")
	for _, dir := range []string{old, last} {
		os.Mkdir(dir, 0o755)
	}
	f.m.OpenFolder(old)
	f.tap(f.m.win, "Not now")
	f.m.OpenFolder(last)
	f.tap(f.m.win, "Not now")

	var asked []folderRequest
	f.m.pickFolder = func(r folderRequest) (string, error) {
		asked = append(asked, r)
		f.m.onOpenFolder() // Ctrl+O while the native dialog is open
		return "", nil     // then Escape: the portal's code 2 reads as this
	}
	f.m.onOpenFolder()
	if len(asked) != 1 {
		t.Fatalf("Open Folder with a dialog already open asked the picker %d times, want once", len(asked))
	}
	if r := asked[0]; r.title != "Open a project folder" || r.start != parent {
		t.Errorf("picker asked %+v, want title %q and start %q (the last opened folder's parent)", r, "Open a project folder", parent)
	}
	if top := f.m.win.Canvas().Overlays().Top(); top != nil {
		t.Errorf("closing the native dialog without a choice opened %T", top)
	}
	f.m.onOpenFolder() // closed: the next one opens
	if len(asked) != 2 {
		t.Errorf("after the dialog closed, Open Folder asked the picker %d times in all, want 2", len(asked))
	}

	// The fallback counts as a dialog open until it closes.
	f.m.pickFolder = func(r folderRequest) (string, error) { asked = append(asked, r); return "", errNoNativeDialog }
	f.m.onOpenFolder()
	if f.button(f.m.win, "Open") == nil {
		t.Fatal("without a native dialog, Fyne's folder dialog did not open")
	}
	f.m.onOpenFolder()
	if len(asked) != 3 || len(f.m.win.Canvas().Overlays().List()) != 1 {
		t.Errorf("Open Folder over Fyne's folder dialog: %d picker calls (want 3), %d overlays (want 1)", len(asked), len(f.m.win.Canvas().Overlays().List()))
	}
	f.tap(f.m.win, "Cancel")
	f.m.onOpenFolder()
	if len(asked) != 4 {
		t.Errorf("after Fyne's folder dialog closed, Open Folder asked the picker %d times in all, want 4", len(asked))
	}
}
