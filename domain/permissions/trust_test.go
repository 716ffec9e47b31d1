// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/internal/fixture"
	"memo.dev/projects/domain/untrusted"
)

// memPins is a PinStore in memory.
type memPins map[string]Pin

func (m memPins) Pin(id string) (Pin, bool, error) { p, ok := m[id]; return p, ok, nil }
func (m memPins) SetPin(id string, p Pin) error    { m[id] = p; return nil }

var now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func project(t *testing.T, content string) string {
	root := t.TempDir()
	if content != "" {
		fixture.Write(t, Path(root), content, 0o644)
	}
	return root
}

const goodFile = `{"version": 1, "allowed_commands": ["go test"], "allowed_tools": ["read_file"]}` + "\n"

func TestTrustLifecycle(t *testing.T) {
	pins := memPins{}
	root := t.TempDir()
	st, err := Load(root, "p1", untrusted.ReadFile, pins)
	if err != nil || st.State != StateNoFile || st.Exists || len(st.Effective.AllowedCommands) != 0 {
		t.Fatalf("no file: %+v %v", st, err)
	}
	if _, err := Trust(root, "p1", untrusted.ReadFile, pins, now); domain.KindOf(err) != domain.KindNotFound {
		t.Errorf("trusting no file: %v", err)
	}

	fixture.Write(t, Path(root), goodFile, 0o644)
	st, _ = Load(root, "p1", untrusted.ReadFile, pins)
	if st.State != StateNotTrusted || !st.Exists || st.Trusted || len(st.Effective.AllowedCommands) != 0 {
		t.Fatalf("new file: %+v", st)
	}
	if st.Hash != Hash([]byte(goodFile)) || len(st.Hash) != 64 {
		t.Errorf("hash %s", st.Hash)
	}

	st, err = Trust(root, "p1", untrusted.ReadFile, pins, now)
	if err != nil || st.State != StateTrusted {
		t.Fatalf("trust: %+v %v", st, err)
	}
	pin := pins["p1"]
	if pin.Hash != Hash([]byte(goodFile)) || string(pin.Bytes) != goodFile || !pin.TrustedAt.Equal(now) {
		t.Errorf("pin %+v", pin)
	}
	st, _ = Load(root, "p1", untrusted.ReadFile, pins)
	if st.State != StateTrusted || strings.Join(st.Effective.AllowedCommands, ",") != "go test" || strings.Join(st.Effective.AllowedTools, ",") != "read_file" {
		t.Errorf("trusted: %+v", st)
	}

	// A copied project has a new id: untrusted.
	if st, _ := Load(root, "p2", untrusted.ReadFile, pins); st.State != StateNotTrusted || len(st.Effective.AllowedCommands) != 0 {
		t.Errorf("other id: %+v", st)
	}

	// Any change, even whitespace, is ignored until trusted again.
	changed := strings.Replace(goodFile, `"go test"`, `"go test", "make"`, 1)
	fixture.Write(t, Path(root), changed, 0o644)
	st, _ = Load(root, "p1", untrusted.ReadFile, pins)
	if st.State != StateChanged || len(st.Effective.AllowedCommands) != 0 || string(st.TrustedBytes) != goodFile || string(st.Bytes) != changed {
		t.Errorf("changed: %+v", st)
	}

	// An invalid file is ignored whole and cannot be trusted.
	bad := `{"version": 1, "allowed_commands": ["go test", "bash"], "allowed_tools": ["run_command"]}`
	fixture.Write(t, Path(root), bad, 0o644)
	st, _ = Load(root, "p1", untrusted.ReadFile, pins)
	if st.State != StateInvalid || len(st.Problems) != 2 || len(st.Effective.AllowedCommands) != 0 {
		t.Errorf("invalid: %+v", st)
	}
	_, err = Trust(root, "p1", untrusted.ReadFile, pins, now)
	if domain.KindOf(err) != domain.KindInvalid || !strings.Contains(err.Error(), "allowed_commands[1]") || !strings.Contains(err.Error(), "allowed_tools[0]") {
		t.Errorf("trusting an invalid file: %v", err)
	}
	if pins["p1"].Hash != Hash([]byte(goodFile)) {
		t.Errorf("the pin moved on a refused trust")
	}
}

// The file is read once: hash, validation and permissions come from the
// same bytes even when the file changes between reads.
func TestLoadReadsOnce(t *testing.T) {
	pins := memPins{}
	reads := 0
	read := func(string, int64) ([]byte, error) {
		reads++
		if reads == 1 {
			return []byte(goodFile), nil
		}
		return []byte(`{"version":1,"allowed_commands":["make"]}`), nil
	}
	st, err := Trust("/x", "p", read, pins, now)
	if err != nil || reads != 1 {
		t.Fatalf("reads %d, err %v", reads, err)
	}
	if st.Hash != Hash([]byte(goodFile)) || st.Effective.AllowedCommands[0] != "go test" || string(pins["p"].Bytes) != goodFile {
		t.Errorf("%+v", st)
	}
}

func TestLoadRefusesLinksAndOversizedFiles(t *testing.T) {
	pins := memPins{}
	root := t.TempDir()
	other := filepath.Join(t.TempDir(), "p.json")
	fixture.Write(t, other, goodFile, 0o644)
	os.MkdirAll(filepath.Dir(Path(root)), 0o755)
	if err := os.Symlink(other, Path(root)); err != nil {
		t.Fatal(err)
	}
	st, err := Load(root, "p", untrusted.ReadFile, pins)
	if err != nil || st.State != StateInvalid || !strings.Contains(st.Problems[0].Problem.String(), "symbolic link") {
		t.Errorf("link: %+v %v", st, err)
	}
	if _, err := Trust(root, "p", untrusted.ReadFile, pins, now); domain.KindOf(err) != domain.KindInvalid {
		t.Errorf("trusting a link: %v", err)
	}

	root = project(t, `{"version":1,"allowed_commands":["`+strings.Repeat("a", MaxFileSize)+`"]}`)
	st, _ = Load(root, "p", untrusted.ReadFile, pins)
	if st.State != StateInvalid || !strings.Contains(st.Problems[0].Problem.String(), "larger than") {
		t.Errorf("oversized: %+v", st.Problems)
	}
}

func TestSave(t *testing.T) {
	pins := memPins{}
	root := t.TempDir()
	var written []byte
	writeFile := func(path string, data []byte) error {
		if path != Path(root) {
			t.Errorf("wrote %s", path)
		}
		written = data
		return nil
	}
	if _, err := Save(root, "p", []byte(`{"version":1,"allowed_commands":["sh"]}`), writeFile, pins, now); domain.KindOf(err) != domain.KindInvalid || written != nil || len(pins) != 0 {
		t.Errorf("invalid save: err %v, written %q, pins %v", err, written, pins)
	}
	st, err := Save(root, "p", []byte(goodFile), writeFile, pins, now)
	if err != nil || string(written) != goodFile || st.State != StateTrusted || pins["p"].Hash != Hash([]byte(goodFile)) {
		t.Errorf("save: %+v %v", st, err)
	}
	failing := func(string, []byte) error { return errors.New("disk full") }
	pins = memPins{}
	if _, err := Save(root, "p", []byte(goodFile), failing, pins, now); err == nil || len(pins) != 0 {
		t.Errorf("a failed write must not trust: %v %v", err, pins)
	}
}

func TestStateMeaning(t *testing.T) {
	for _, s := range []State{StateNoFile, StateNotTrusted, StateTrusted, StateChanged, StateInvalid} {
		if s.Meaning().IsZero() {
			t.Errorf("%s has no meaning", s)
		}
	}
}

func TestStatusChecks(t *testing.T) {
	pins := memPins{}
	root := project(t, goodFile)
	st, _ := Load(root, "p", untrusted.ReadFile, pins)
	if v := st.CheckCommand("go test ./...", nil); v.Approved || !strings.Contains(v.Reason.String(), "not trusted") {
		t.Errorf("untrusted file approves: %+v", v)
	}
	if v := st.CheckTool("read_file"); v.Approved || !strings.Contains(v.Reason.String(), "not trusted") {
		t.Errorf("untrusted file approves a tool: %+v", v)
	}
	st, _ = Trust(root, "p", untrusted.ReadFile, pins, now)
	if v := st.CheckCommand("go test ./...", nil); !v.Approved || v.Rule != "go test" {
		t.Errorf("trusted: %+v", v)
	}
	if v := st.CheckCommand("go test ; id", nil); v.Approved || !strings.Contains(v.Reason.String(), "runs before another command") {
		t.Errorf("trusted, chained: %+v", v)
	}
	if v := st.CheckTool("read_file"); !v.Approved {
		t.Errorf("trusted tool: %+v", v)
	}
	if v := st.CheckTool("write_file"); v.Approved {
		t.Errorf("unlisted tool: %+v", v)
	}
}

func TestReportJSON(t *testing.T) {
	pins := memPins{}
	root := project(t, goodFile)
	st, _ := Trust(root, "p", untrusted.ReadFile, pins, now)
	b, _ := json.Marshal(st.Report())
	// The contract's fields first, unchanged; issue 18 adds
	// definitions_changed, review_hash, rules, tools and warnings.
	want := `{"permissions":{"version":1,"allowed_commands":["go test"],"allowed_tools":["read_file"]},"status":{"exists":true,"trusted":true,"hash":"` + Hash([]byte(goodFile)) + `","state":"trusted","definitions_changed":false},"problems":[],` +
		`"rules":[{"rule":"go test","labels":["runs the project's own code","writes files inside the project"],"blocked_by":[],"runs":[]}],` +
		`"tools":[{"tool":"read_file","labels":["reads files inside the project"]}],"warnings":[]}`
	if string(b) != want {
		t.Errorf("report\n%s\nwant\n%s", b, want)
	}
	st, _ = Load(t.TempDir(), "p", untrusted.ReadFile, pins)
	b, _ = json.Marshal(st.Report())
	want = `{"permissions":{"version":1,"allowed_commands":[],"allowed_tools":[]},"status":{"exists":false,"trusted":false,"hash":"","state":"no_file","definitions_changed":false},"problems":[],"rules":[],"tools":[],"warnings":[]}`
	if string(b) != want {
		t.Errorf("report\n%s\nwant\n%s", b, want)
	}
}
