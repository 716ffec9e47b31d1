// SPDX-License-Identifier: Apache-2.0

package skillstest

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/skills"
)

// TestSwitches runs the cases every skills.Switches must pass: the in-memory
// one here and the SQLite one of persistence alike. open returns a new, empty
// store.
func TestSwitches(t *testing.T, open func(t *testing.T) skills.Switches) {
	const (
		idA = "p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		idB = "p_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	want := func(t *testing.T, s skills.Switches, id, name string, wantSw skills.Switch, wantOK bool) {
		t.Helper()
		got, ok, err := s.Switch(id, name)
		if err != nil || ok != wantOK || got != wantSw {
			t.Errorf("Switch(%s, %s) = %+v, %v, %v; want %+v, %v", id, name, got, ok, err, wantSw, wantOK)
		}
	}
	cases := []struct {
		name string
		run  func(t *testing.T, s skills.Switches)
	}{
		{"none is off", func(t *testing.T, s skills.Switches) {
			want(t, s, idA, "pdf", skills.Switch{}, false)
		}},
		{"set and read back", func(t *testing.T, s skills.Switches) {
			sw := skills.Switch{Enabled: true, Source: "owner/repo@pdf"}
			if err := s.SetSwitch(idA, "pdf", sw); err != nil {
				t.Fatal(err)
			}
			want(t, s, idA, "pdf", sw, true)
		}},
		{"set replaces", func(t *testing.T, s skills.Switches) {
			if err := s.SetSwitch(idA, "pdf", skills.Switch{Enabled: true, Source: "a/b"}); err != nil {
				t.Fatal(err)
			}
			if err := s.SetSwitch(idA, "pdf", skills.Switch{Enabled: false, Source: "a/b"}); err != nil {
				t.Fatal(err)
			}
			want(t, s, idA, "pdf", skills.Switch{Enabled: false, Source: "a/b"}, true)
		}},
		{"keyed by project and name", func(t *testing.T, s skills.Switches) {
			// A copied project has a new id: its skills start off.
			if err := s.SetSwitch(idA, "pdf", skills.Switch{Enabled: true, Source: "a/b"}); err != nil {
				t.Fatal(err)
			}
			want(t, s, idB, "pdf", skills.Switch{}, false)
			want(t, s, idA, "docx", skills.Switch{}, false)
		}},
		{"delete forgets one", func(t *testing.T, s skills.Switches) {
			for _, id := range []string{idA, idB} {
				if err := s.SetSwitch(id, "pdf", skills.Switch{Enabled: true, Source: "a/b"}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.DeleteSwitch(idA, "pdf"); err != nil {
				t.Fatal(err)
			}
			want(t, s, idA, "pdf", skills.Switch{}, false)
			want(t, s, idB, "pdf", skills.Switch{Enabled: true, Source: "a/b"}, true)
		}},
		{"hash kept", func(t *testing.T, s skills.Switches) {
			sw := skills.Switch{Enabled: true, Source: "a/b", Hash: "sha256:" + strings.Repeat("0", 64)}
			if err := s.SetSwitch(idA, "pdf", sw); err != nil {
				t.Fatal(err)
			}
			want(t, s, idA, "pdf", sw, true)
		}},
		{"copy saved, replaced, read back, kept apart", func(t *testing.T, s skills.Switches) {
			if _, _, ok, err := s.Copy(idA, "pdf"); ok || err != nil {
				t.Errorf("Copy before any = %v, %v; want none", ok, err)
			}
			for _, files := range [][]byte{[]byte("first"), {}, []byte("second \x00 binary")} {
				if err := s.SaveCopy(idA, "pdf", "h-"+string(files), files); err != nil {
					t.Fatal(err)
				}
				hash, got, ok, err := s.Copy(idA, "pdf")
				if !ok || err != nil || hash != "h-"+string(files) || string(got) != string(files) {
					t.Errorf("Copy after SaveCopy(%q) = %q, %q, %v, %v", files, hash, got, ok, err)
				}
			}
			if _, _, ok, _ := s.Copy(idB, "pdf"); ok {
				t.Error("another project's copy was found")
			}
		}},
		{"delete forgets the copy", func(t *testing.T, s skills.Switches) {
			if err := s.SetSwitch(idA, "pdf", skills.Switch{Enabled: true}); err != nil {
				t.Fatal(err)
			}
			if err := s.SaveCopy(idA, "pdf", "h", []byte("x")); err != nil {
				t.Fatal(err)
			}
			if err := s.SaveCopy(idB, "pdf", "h", []byte("x")); err != nil {
				t.Fatal(err)
			}
			if err := s.DeleteSwitch(idA, "pdf"); err != nil {
				t.Fatal(err)
			}
			if _, _, ok, _ := s.Copy(idA, "pdf"); ok {
				t.Error("DeleteSwitch kept the copy")
			}
			if _, _, ok, _ := s.Copy(idB, "pdf"); !ok {
				t.Error("DeleteSwitch of one project removed another's copy")
			}
		}},
		{"deleting a missing one is not an error", func(t *testing.T, s skills.Switches) {
			if err := s.DeleteSwitch(idA, "never-installed"); err != nil {
				t.Errorf("DeleteSwitch of a missing switch = %v", err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, open(t)) })
	}
}
