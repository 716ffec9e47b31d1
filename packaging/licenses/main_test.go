// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListIsUpToDate: packaging/licenses.md is what the generator writes
// for today's go.mod, and every licence in it is allowed.
func TestListIsUpToDate(t *testing.T) {
	mods, err := listed()
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := writeList(&got, mods); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "licenses.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("packaging/licenses.md is out of date: run go run ./packaging/licenses list >packaging/licenses.md\n%s", got.String())
	}
	for _, path := range []string{"fyne.io/fyne/v2", "gorm.io/gorm", "github.com/glebarez/sqlite", "modernc.org/sqlite", "github.com/spf13/cobra", "github.com/sergi/go-diff", stdPath} {
		if !strings.Contains(got.String(), "| "+path+" |") {
			t.Errorf("the list has no row for %s", path)
		}
	}
}

// TestIdentify names licence texts by their SPDX identifiers, two where a
// file holds two, and refuses what is no licence.
func TestIdentify(t *testing.T) {
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Skipf("no %s on this system", p) // Debian's base-files ships them
		}
		return b
	}
	mit := []byte(`Copyright (c) 2020 A. Person

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
`)
	apache := read("/usr/share/common-licenses/Apache-2.0")
	gpl := read("/usr/share/common-licenses/GPL-3")
	for _, c := range []struct {
		name string
		text []byte
		want string
	}{
		{"MIT", mit, "MIT"},
		{"Apache", apache, "Apache-2.0"},
		{"MIT then Apache", append(append([]byte{}, mit...), apache...), "MIT AND Apache-2.0"},
		{"GPL", gpl, "GPL-3.0"},
		{"not a licence", []byte("All rights reserved. Ask us before you use this.\n"), "unknown"},
	} {
		if got := identify(c.text); got != c.want && !(c.want == "GPL-3.0" && strings.HasPrefix(got, "GPL-3.0")) {
			t.Errorf("identify(%s) = %q, want %q", c.name, got, c.want)
		}
		if c.want == "GPL-3.0" && allowed[identify(c.text)] {
			t.Errorf("identify(%s) = %q is allowed: a copyleft licence must stop the build", c.name, identify(c.text))
		}
	}
}

// TestCopyrightIsDEP5 writes the copyright file for the test binary's own
// modules and checks its paragraphs: each Files paragraph has Copyright
// and License, each licence Debian ships is a stand-alone paragraph, the
// others carry their text.
func TestCopyrightIsDEP5(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mods, err := compiledInto(exe)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := writeCopyright(&b, mods); err != nil {
		t.Fatal(err)
	}
	paras := strings.Split(b.String(), "\n\n")
	if !strings.HasPrefix(paras[0], "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/") {
		t.Fatalf("the header paragraph is not DEP-5's:\n%s", paras[0])
	}
	standalone := map[string]bool{}
	files := 0
	for _, p := range paras[1:] {
		switch {
		case strings.HasPrefix(p, "Files: "):
			files++
			if !strings.Contains(p, "\nCopyright: ") || !strings.Contains(p, "\nLicense: ") {
				t.Errorf("a Files paragraph lacks Copyright or License:\n%s", p)
			}
		case strings.HasPrefix(p, "License: "):
			standalone[strings.TrimPrefix(strings.SplitN(p, "\n", 2)[0], "License: ")] = true
		default:
			t.Errorf("a paragraph that is neither Files nor License:\n%s", p)
		}
	}
	if files < 3 || !standalone["Apache-2.0"] {
		t.Errorf("%d Files paragraphs, stand-alone licences %v: want ours, Go's, the modules' and Apache-2.0's", files, standalone)
	}
	if !strings.Contains(b.String(), "Files: go/*") || !strings.Contains(b.String(), "Files: vendor/github.com/google/licensecheck/*") {
		t.Errorf("Go or a module compiled into the test binary is missing:\n%s", b.String())
	}
}
