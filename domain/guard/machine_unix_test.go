// SPDX-License-Identifier: Apache-2.0

//go:build unix

package guard

import (
	"os"
	"path/filepath"
	"testing"
)

func TestForThisMachine(t *testing.T) {
	dir := t.TempDir()
	realHome := filepath.Join(dir, "real")
	if err := os.Mkdir(realHome, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "home")
	if err := os.Symlink(realHome, link); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", link)

	r := ForThisMachine("", filepath.Join(link, ".config", "memo"))
	if r.Home != realHome {
		t.Errorf("ForThisMachine: Home = %q, want %q", r.Home, realHome)
	}
	// MemoHome does not exist yet; its existing ancestor is still resolved.
	if want := filepath.Join(realHome, ".memo"); r.MemoHome != want {
		t.Errorf("ForThisMachine: MemoHome = %q, want %q", r.MemoHome, want)
	}
	if want := filepath.Join(realHome, ".config", "memo"); len(r.SettingsDirs) != 1 || r.SettingsDirs[0] != want {
		t.Errorf("ForThisMachine: SettingsDirs = %q, want [%q]", r.SettingsDirs, want)
	}
	if !filepath.IsAbs(r.Executable) || !filepath.IsAbs(r.TempDir) {
		t.Errorf("ForThisMachine: Executable %q, TempDir %q, want absolute", r.Executable, r.TempDir)
	}
	if v := r.CheckPath(realHome); v.Allowed {
		t.Errorf("ForThisMachine: CheckPath(resolved home) = %+v, want refused", v)
	}
	if v := r.CheckPath(filepath.Join(realHome, "code", "repo")); !v.Allowed {
		t.Errorf("ForThisMachine: CheckPath(repo in home) = %+v, want allowed", v)
	}
}

func TestDefaultMemoHomeStaysRefused(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	if err := os.MkdirAll(filepath.Join(home, ".memo", "data", "proj"), 0o755); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "elsewhere")
	r := ForThisMachine(other)
	for _, p := range []string{filepath.Join(home, ".memo"), filepath.Join(home, ".memo", "data", "proj"), filepath.Join(other, "x")} {
		if v := r.CheckPath(p); v.Allowed {
			t.Errorf("with MEMO_HOME=%s, CheckPath(%s) allowed; Memo's folders must stay refused", other, p)
		}
	}
	if v := r.CheckPath(filepath.Join(home, "code", "repo")); !v.Allowed {
		t.Errorf("CheckPath(~/code/repo) = %+v, want allowed", v)
	}
}

// TestForUser: the home folder given, not the one the system reports, is
// the one refused (the command line passes its own).
func TestForUser(t *testing.T) {
	home, other := t.TempDir(), t.TempDir()
	t.Setenv("HOME", other)
	r := ForUser(Homes{Env: home}, "")
	if v := r.CheckPath(home); v.Allowed {
		t.Errorf("ForUser(%s): CheckPath(home) = %+v, want refused", home, v)
	}
	if want := filepath.Join(home, ".memo"); r.MemoHome != want {
		t.Errorf("ForUser(%s): MemoHome = %q, want %q", home, r.MemoHome, want)
	}
	if v := r.CheckPath(other); !v.Allowed {
		t.Errorf("ForUser(%s): CheckPath(%s), the system's home, = %+v, want allowed", home, other, v)
	}
}

// The account's home from the user database is home too, with HOME unset,
// empty or pointing elsewhere, and MEMO_HOME set: it and its ancestors are
// refused, and its ~/.memo stays Memo's.
func TestHomeFromTheUserDatabase(t *testing.T) {
	account := t.TempDir()
	memoHome := filepath.Join(t.TempDir(), "memo-home")
	elsewhere := t.TempDir()
	for _, tt := range []struct {
		name string
		home string
	}{
		{"HOME unset or empty", ""},
		{"HOME elsewhere", elsewhere},
		{"HOME the same", account},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := ForUser(Homes{Env: tt.home, Account: account}, memoHome)
			refused := []string{account, filepath.Dir(account), filepath.Join(account, ".memo"), filepath.Join(account, ".memo", "x"), filepath.Join(memoHome, "x")}
			if tt.home != "" {
				refused = append(refused, tt.home, filepath.Dir(tt.home), filepath.Join(tt.home, ".memo"))
			}
			for _, p := range refused {
				if v := r.CheckPath(p); v.Allowed {
					t.Errorf("ForUser(HOME=%q, account %s, MEMO_HOME=%s): CheckPath(%s) allowed", tt.home, account, memoHome, p)
				}
			}
			if v := r.CheckPath(filepath.Join(account, "code", "repo")); !v.Allowed {
				t.Errorf("CheckPath(repo in the account's home) = %+v, want allowed", v)
			}
		})
	}
	// With neither, no home rule applies, and nothing breaks.
	if r := ForUser(Homes{}, memoHome); r.Home != "" || r.AccountHome != "" || r.MemoHome == "" {
		t.Errorf("no home at all: Home %q, AccountHome %q, MemoHome %q", r.Home, r.AccountHome, r.MemoHome)
	}
}

// AccountHome reads the real user database: on this machine it names a
// folder, whatever HOME says.
func TestAccountHomeIgnoresHOME(t *testing.T) {
	want, err := AccountHome()
	if err != nil {
		t.Fatalf("AccountHome: %v", err)
	}
	t.Setenv("HOME", t.TempDir())
	if got, err := AccountHome(); err != nil || got != want || !filepath.IsAbs(got) {
		t.Errorf("AccountHome with HOME changed = %q, %v; want %q", got, err, want)
	}
}
