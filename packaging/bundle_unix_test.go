// SPDX-License-Identifier: Apache-2.0

//go:build unix

package packaging

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The bundle is the Linux one (fyne package for Linux and the BSDs): its
// Makefile and install.sh run under make and sh, which a Windows machine
// lacks; the Windows build ships no such bundle.

// fakeBundle lays out an unpacked bundle as fyne package makes it, under
// usr/local or usr (it depends on the building machine), with this folder's
// Makefile and install.sh in place of fyne's Makefile.
func fakeBundle(t *testing.T, prefix string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "memo-projects")
	files := map[string]string{
		prefix + "/bin/memo-projects":                            "#!/bin/sh\necho memo\n",
		prefix + "/share/pixmaps/dev.memo.projects.png":          "\x89PNG fake",
		prefix + "/share/applications/dev.memo.projects.desktop": fyneDesktopEntry,
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"Makefile", "install.sh"} {
		b, err := os.ReadFile(filepath.Join("bundle", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runMake runs make TARGET in the bundle with exactly env.
func runMake(t *testing.T, dir, target string, env ...string) {
	t.Helper()
	cmd := exec.Command("make", target)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make %s with %q: %v\n%s", target, env, err, out)
	}
}

// execProgram reads the program out of a desktop entry's Exec value: string
// escapes first, then the quoting rules, then %% (Desktop Entry spec 1.5,
// "The Exec key").
func execProgram(t *testing.T, value string) string {
	t.Helper()
	var s strings.Builder
	for i := 0; i < len(value); i++ {
		if value[i] == '\\' && i+1 < len(value) {
			i++
			switch value[i] {
			case 's':
				s.WriteByte(' ')
			case 'n':
				s.WriteByte('\n')
			case 't':
				s.WriteByte('\t')
			case 'r':
				s.WriteByte('\r')
			default:
				s.WriteByte(value[i])
			}
			continue
		}
		s.WriteByte(value[i])
	}
	v := s.String()
	if !strings.HasPrefix(v, `"`) {
		prog, _, _ := strings.Cut(v, " ")
		if strings.ContainsAny(prog, " \t\"'\\><~|&;$*?#()`") {
			t.Fatalf("Exec=%s: unquoted program %q holds reserved characters", value, prog)
		}
		return strings.ReplaceAll(prog, "%%", "%")
	}
	var prog strings.Builder
	for i := 1; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\' && i+1 < len(v) && strings.IndexByte("\"`$\\", v[i+1]) >= 0:
			i++
			prog.WriteByte(v[i])
		case c == '"':
			return strings.ReplaceAll(prog.String(), "%%", "%")
		case strings.IndexByte("\"`$\\", c) >= 0:
			t.Fatalf("Exec=%s: %q inside quotes without a backslash", value, c)
		default:
			prog.WriteByte(c)
		}
	}
	t.Fatalf("Exec=%s: no closing quote", value)
	return ""
}

func desktopKey(t *testing.T, entry, key string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + key + `=(.*)$`).FindStringSubmatch(entry)
	if m == nil {
		t.Fatalf("desktop entry without %s:\n%s", key, entry)
	}
	return m[1]
}

func TestBundleUserInstall(t *testing.T) {
	for _, home := range []string{
		"home",
		"with space/home",
		`quote"dollar$back` + "`" + `tick/home`,
		`back\slash/home`,
		"100%/home",
		"ünïcödé, comma & amp/home",
	} {
		for _, prefix := range []string{"usr/local", "usr"} {
			t.Run(prefix+"/"+home, func(t *testing.T) {
				dir := fakeBundle(t, prefix)
				h := filepath.Join(t.TempDir(), home)
				if err := os.MkdirAll(h, 0o755); err != nil {
					t.Fatal(err)
				}
				runMake(t, dir, "user-install", "HOME="+h)

				bin := filepath.Join(h, ".local", "bin", "memo-projects")
				if fi, err := os.Stat(bin); err != nil || fi.Mode().Perm() != 0o755 {
					t.Fatalf("user-install with HOME=%q: program %v, %v; want mode 0755", h, fi, err)
				}
				if _, err := os.Stat(filepath.Join(h, ".local", "share", "icons", "dev.memo.projects.png")); err != nil {
					t.Errorf("user-install with HOME=%q: icon: %v", h, err)
				}
				b, err := os.ReadFile(filepath.Join(h, ".local", "share", "applications", "dev.memo.projects.desktop"))
				if err != nil {
					t.Fatalf("user-install with HOME=%q: desktop entry: %v", h, err)
				}
				if got := execProgram(t, desktopKey(t, string(b), "Exec")); got != bin {
					t.Errorf("user-install with HOME=%q: Exec=%s runs %q, want %q", h, desktopKey(t, string(b), "Exec"), got, bin)
				}
				if rest := strings.Replace(string(b), "Exec="+desktopKey(t, string(b), "Exec")+"\n", "Exec=memo-projects\n", 1); rest != fyneDesktopEntry {
					t.Errorf("user-install changed more than Exec:\n%s", b)
				}

				runMake(t, dir, "user-uninstall", "HOME="+h)
				var left []string
				filepath.WalkDir(h, func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() {
						left = append(left, p)
					}
					return nil
				})
				if len(left) != 0 {
					t.Errorf("user-uninstall with HOME=%q left %q", h, left)
				}
			})
		}
	}
}

func TestBundleInstallWithDestdir(t *testing.T) {
	dir := fakeBundle(t, "usr/local")
	dest := filepath.Join(t.TempDir(), "stage with space")
	runMake(t, dir, "install", "DESTDIR="+dest, "PREFIX=/usr")
	for _, f := range []string{"bin/memo-projects", "share/pixmaps/dev.memo.projects.png", "share/applications/dev.memo.projects.desktop"} {
		if _, err := os.Stat(filepath.Join(dest, "usr", f)); err != nil {
			t.Errorf("install with DESTDIR=%q PREFIX=/usr: %v", dest, err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dest, "usr", "share", "applications", "dev.memo.projects.desktop"))
	if string(b) != fyneDesktopEntry {
		t.Errorf("install changed the desktop entry (the program is on PATH there):\n%s", b)
	}
	runMake(t, dir, "uninstall", "DESTDIR="+dest, "PREFIX=/usr")
	for _, f := range []string{"bin/memo-projects", "share/pixmaps/dev.memo.projects.png", "share/applications/dev.memo.projects.desktop"} {
		if _, err := os.Stat(filepath.Join(dest, "usr", f)); err == nil {
			t.Errorf("uninstall left %s", f)
		}
	}
}
