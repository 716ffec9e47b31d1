// SPDX-License-Identifier: Apache-2.0

package realpath

import (
	"errors"
	"io/fs"
	"path/filepath"
	"testing"
)

func TestFromFinal(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`\\?\C:\Users\ann\repo`, `C:\Users\ann\repo`},
		{`\\?\d:\x`, `d:\x`},
		{`\\?\C:`, `C:`},
		{`\\?\UNC\server\share\repo`, `\\server\share\repo`},
		{`\\?\unc\server\share`, `\\server\share`},
		{`\\?\Volume{0b1c-22}\repo`, `\\?\Volume{0b1c-22}\repo`},
		{`C:\plain`, `C:\plain`},
		{`\\?\`, `\\?\`},
	} {
		if got := fromFinal(c.in); got != c.want {
			t.Errorf("fromFinal(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A path below a junction: EvalSymlinks fails (as Go 1.23+ does on Windows)
// and the handle's final path answers instead.
func TestResolveFallsBackToFinalPath(t *testing.T) {
	junctionErr := errors.New("readlink: not a symbolic link")
	abs, _ := filepath.Abs("repo")
	cases := []struct {
		name      string
		eval      error
		final     string
		finalErr  error
		want      string
		wantErr   error
		wantFinal bool
	}{
		{name: "eval works", want: "/evaluated"},
		{name: "junction", eval: junctionErr, final: `\\?\UNC\srv\share\x`, want: `\\srv\share\x`, wantFinal: true},
		{name: "junction, final fails too", eval: junctionErr, finalErr: errors.New("access"), wantErr: junctionErr, wantFinal: true},
		{name: "missing", eval: fs.ErrNotExist, wantErr: fs.ErrNotExist},
		{name: "permission", eval: fs.ErrPermission, wantErr: fs.ErrPermission},
	}
	for _, c := range cases {
		finalCalled := false
		r := resolver{
			eval: func(p string) (string, error) {
				if p != abs {
					t.Errorf("%s: eval got %q, want the absolute %q", c.name, p, abs)
				}
				if c.eval != nil {
					return "", c.eval
				}
				return "/evaluated/", nil
			},
			final: func(p string) (string, error) {
				finalCalled = true
				return c.final, c.finalErr
			},
		}
		got, err := r.resolve("repo")
		switch {
		case c.wantErr != nil && !errors.Is(err, c.wantErr):
			t.Errorf("%s: error %v, want %v", c.name, err, c.wantErr)
		case c.wantErr == nil && (err != nil || got != filepath.Clean(c.want)):
			t.Errorf("%s: resolve = %q, %v, want %q", c.name, got, err, c.want)
		}
		if finalCalled != c.wantFinal {
			t.Errorf("%s: final path asked = %v, want %v", c.name, finalCalled, c.wantFinal)
		}
	}
}
