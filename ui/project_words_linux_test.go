package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
)

// TestSetupFailureSaidInTurkish: in Turkish, setting up a folder Memo may not
// write in fails with a dialog that says so in Turkish — what could not be
// created and the system's reason — with the path kept as it is; the same
// error still prints its English sentence for the command line.
func TestSetupFailureSaidInTurkish(t *testing.T) {
	if asNobody(t) {
		return
	}
	useTurkish(t)
	f := newFixture(t, memoryOn)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	memo := filepath.Join(dir, ".memo")

	f.m.OpenFolder(dir)
	f.tap(f.m.win, lang.L("Set up"))
	if len(f.shown) == 0 {
		t.Fatal("setting up a read-only folder showed no error")
	}
	got := f.shown[len(f.shown)-1]
	want := lang.L("Could not set up the project") + ": " + memo + " oluşturulamıyor: izin reddedildi"
	if got != want {
		t.Errorf("the error dialog says %q, want %q", got, want)
	}
	for _, english := range []string{"cannot create", "permission denied"} {
		if strings.Contains(got, english) {
			t.Errorf("the error dialog says %q, with English %q in it", got, english)
		}
	}
	_, err := f.svc.Setup(dir)
	if want := "cannot create " + memo + ": permission denied"; err == nil || err.Error() != want {
		t.Errorf("Setup's error prints %v, want %q", err, want)
	}
}

// asNobody runs the current test again, in a copy of the test binary, as the
// unprivileged user nobody when the tests run as root (whose privileges would
// void permission checks). It reports whether the caller should return.
func asNobody(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return false
	}
	dir, err := os.MkdirTemp("", "memo-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	tmp := filepath.Join(dir, "tmp")
	bin := filepath.Join(dir, "test.bin")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(tmp, 0o777)
	os.Chmod(tmp, 0o777)
	os.Chmod(dir, 0o755)
	cmd := exec.Command("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
		bin, "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "HOME="+tmp)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("%s as nobody: %v\n%s", t.Name(), err, out)
	}
	return true
}
