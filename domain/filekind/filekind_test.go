// SPDX-License-Identifier: Apache-2.0

package filekind

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Modes as Go 1.23+ reports them on Windows (os/types_windows.go) and on Linux.
const (
	oneDriveFile   = 0o666 | fs.ModeIrregular
	oneDriveFolder = 0o777 | fs.ModeDir | fs.ModeIrregular
	junction       = 0o666 | fs.ModeIrregular // a name surrogate: no ModeDir
	winSymlink     = 0o666 | fs.ModeSymlink
)

func TestOf(t *testing.T) {
	cases := []struct {
		name             string
		mode             fs.FileMode
		windows, surrogt bool
		want             Kind
	}{
		{"regular file", 0o644, false, false, File},
		{"folder", 0o755 | fs.ModeDir, false, false, Dir},
		{"symlink", 0o777 | fs.ModeSymlink, false, false, Link},
		{"fifo", fs.ModeNamedPipe, false, false, Other},
		{"device", fs.ModeDevice | fs.ModeCharDevice, false, false, Other},
		{"socket", fs.ModeSocket, false, false, Other},
		{"unknown type on Linux", fs.ModeIrregular, false, false, Other},
		{"irregular folder on Linux", fs.ModeDir | fs.ModeIrregular, false, false, Dir},
		{"windows regular file", 0o666, true, false, File},
		{"windows folder", 0o777 | fs.ModeDir, true, false, Dir},
		{"OneDrive file", oneDriveFile, true, false, File},
		{"OneDrive read-only file", 0o444 | fs.ModeIrregular, true, false, File},
		{"OneDrive folder", oneDriveFolder, true, false, Dir},
		{"junction", junction, true, true, Link},
		{"windows symlink", winSymlink, true, true, Link},
		{"windows pipe", fs.ModeNamedPipe, true, false, Other},
		{"windows char device", fs.ModeDevice | fs.ModeCharDevice, true, false, Other},
		{"AF_UNIX socket", fs.ModeSocket, true, false, Other},
		{"irregular pipe", fs.ModeNamedPipe | fs.ModeIrregular, true, false, Other},
	}
	for _, c := range cases {
		if got := Of(c.mode, c.windows, c.surrogt); got != c.want {
			t.Errorf("%s: Of(%v, windows=%v, surrogate=%v) = %v, want %v",
				c.name, c.mode, c.windows, c.surrogt, got, c.want)
		}
	}
}

type fakeInfo struct{ mode fs.FileMode }

func (f fakeInfo) Name() string       { return "x" }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return f.mode }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return f.mode.IsDir() }
func (f fakeInfo) Sys() any           { return nil }

// Lstat asks for the reparse tag only for an irregular mode on Windows, and a
// junction and a OneDrive file, alike in mode, come out apart.
func TestLstatAsksTheTagOnlyWhenNeeded(t *testing.T) {
	tagErr := errors.New("tag unreadable")
	cases := []struct {
		name      string
		windows   bool
		mode      fs.FileMode
		surrogate bool
		tagErr    error
		want      Kind
		wantAsked bool
		wantErr   error
	}{
		{name: "linux file", mode: 0o644, want: File},
		{name: "linux irregular", mode: fs.ModeIrregular, want: Other},
		{name: "windows file", windows: true, mode: 0o666, want: File},
		{name: "windows folder", windows: true, mode: fs.ModeDir | 0o777, want: Dir},
		{name: "windows symlink", windows: true, mode: winSymlink, want: Link},
		{name: "OneDrive file", windows: true, mode: oneDriveFile, want: File, wantAsked: true},
		{name: "OneDrive folder", windows: true, mode: oneDriveFolder, want: Dir, wantAsked: true},
		{name: "junction", windows: true, mode: junction, surrogate: true, want: Link, wantAsked: true},
		{name: "tag fails", windows: true, mode: junction, tagErr: tagErr, wantAsked: true, wantErr: tagErr},
	}
	for _, c := range cases {
		asked := false
		s := system{
			windows: c.windows,
			lstat:   func(string) (fs.FileInfo, error) { return fakeInfo{c.mode}, nil },
			surrogate: func(p string) (bool, error) {
				asked = true
				return c.surrogate, c.tagErr
			},
		}
		k, fi, err := s.kind(`C:\x`)
		if !errors.Is(err, c.wantErr) || (err == nil && (k != c.want || fi.Mode() != c.mode)) {
			t.Errorf("%s: kind = %v, %v, %v; want %v, error %v", c.name, k, fi, err, c.want, c.wantErr)
		}
		if asked != c.wantAsked {
			t.Errorf("%s: reparse tag asked = %v, want %v", c.name, asked, c.wantAsked)
		}
	}
	missing := system{lstat: os.Lstat}
	if _, _, err := missing.kind(filepath.Join(t.TempDir(), "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing path: error %v, want not-exist", err)
	}
}

func TestEntry(t *testing.T) {
	cases := []struct {
		name      string
		windows   bool
		mode      fs.FileMode
		surrogate bool
		want      Kind
		wantAsked bool
	}{
		{"linux folder", false, fs.ModeDir, false, Dir, false},
		{"linux irregular", false, fs.ModeIrregular, false, Other, false},
		{"windows file", true, 0, false, File, false},
		{"OneDrive file", true, fs.ModeIrregular, false, File, true},
		{"OneDrive folder", true, fs.ModeDir | fs.ModeIrregular, false, Dir, true},
		{"junction", true, fs.ModeIrregular, true, Link, true},
		{"symlink", true, fs.ModeSymlink, true, Link, false},
	}
	for _, c := range cases {
		var asked string
		s := system{windows: c.windows, surrogate: func(p string) (bool, error) {
			asked = p
			return c.surrogate, nil
		}}
		k, err := s.entry("dir", fs.FileInfoToDirEntry(fakeInfo{c.mode}))
		if err != nil || k != c.want {
			t.Errorf("%s: entry = %v, %v, want %v", c.name, k, err, c.want)
		}
		if (asked != "") != c.wantAsked || (asked != "" && asked != filepath.Join("dir", "x")) {
			t.Errorf("%s: reparse tag asked for %q, want asked=%v for dir/x", c.name, asked, c.wantAsked)
		}
	}
}
