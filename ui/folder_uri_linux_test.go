// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// The XDG desktop portal's file URIs (folder_picker_linux.go).

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
