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
	r := ForUser(home, "")
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
