// SPDX-License-Identifier: Apache-2.0

//go:build unix

package untrusted

import (
	"bytes"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"memo.dev/projects/domain"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(name, target string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := write("plain", []byte("hello"))
	atLimit := write("at-limit", bytes.Repeat([]byte("x"), 16))
	over := write("over", bytes.Repeat([]byte("x"), 17))
	fifo := filepath.Join(dir, "fifo")
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	sub := filepath.Join(dir, "folder")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		path    string
		want    string
		kind    domain.Kind
		because error
	}{
		{"plain file", plain, "hello", "", nil},
		{"exactly the limit", atLimit, strings.Repeat("x", 16), "", nil},
		{"one byte over", over, "", domain.KindInvalid, ErrTooLarge},
		{"missing", filepath.Join(dir, "nothing"), "", domain.KindNotFound, fs.ErrNotExist},
		{"folder", sub, "", domain.KindInvalid, ErrNotRegular},
		{"fifo", fifo, "", domain.KindInvalid, ErrNotRegular},
		{"socket", sock, "", domain.KindInvalid, ErrNotRegular},
		{"device", "/dev/zero", "", domain.KindInvalid, ErrNotRegular},
		{"link to a plain file", link("to-plain", plain), "", domain.KindInvalid, ErrSymlink},
		{"link to /dev/zero", link("to-zero", "/dev/zero"), "", domain.KindInvalid, ErrSymlink},
		{"link to a fifo", link("to-fifo", fifo), "", domain.KindInvalid, ErrSymlink},
		{"dangling link", link("dangling", filepath.Join(dir, "gone")), "", domain.KindInvalid, ErrSymlink},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			var got []byte
			var err error
			go func() {
				defer close(done)
				got, err = ReadFile(tt.path, 16)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("ReadFile(%s) hangs", tt.name)
			}
			if tt.because == nil {
				if err != nil || string(got) != tt.want {
					t.Fatalf("ReadFile(%s) = %q, %v; want %q", tt.name, got, err, tt.want)
				}
				return
			}
			if !errors.Is(err, tt.because) || domain.KindOf(err) != tt.kind {
				t.Fatalf("ReadFile(%s) error = %v (kind %q); want %v of kind %q", tt.name, err, domain.KindOf(err), tt.because, tt.kind)
			}
			if !strings.Contains(err.Error(), tt.path) {
				t.Errorf("ReadFile(%s) error %q does not name the file", tt.name, err)
			}
		})
	}
}
