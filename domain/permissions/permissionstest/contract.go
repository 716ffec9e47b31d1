// SPDX-License-Identifier: Apache-2.0

package permissionstest

import (
	"bytes"
	"testing"
	"time"

	"memo.dev/projects/domain/permissions"
)

// TestPinStore runs the cases every permissions.PinStore must pass: the
// in-memory one here and the SQLite one of persistence alike. open returns
// a new, empty store.
func TestPinStore(t *testing.T, open func(t *testing.T) permissions.PinStore) {
	const (
		idA = "p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		idB = "p_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	)
	at := func(min int) time.Time { return time.Date(2026, 11, 30, 12, min, 0, 0, time.UTC) }
	pinOf := func(content string, min int) permissions.Pin {
		return permissions.Pin{Hash: permissions.Hash([]byte(content)), Bytes: []byte(content), TrustedAt: at(min)}
	}
	want := func(t *testing.T, s permissions.PinStore, id string, w permissions.Pin) {
		t.Helper()
		got, ok, err := s.Pin(id)
		if err != nil || !ok || got.Hash != w.Hash || !bytes.Equal(got.Bytes, w.Bytes) || !got.TrustedAt.Equal(w.TrustedAt) {
			t.Errorf("Pin(%s) = %+v, %v, %v; want %+v", id, got, ok, err, w)
		}
	}
	none := func(t *testing.T, s permissions.PinStore, id string) {
		t.Helper()
		if got, ok, err := s.Pin(id); ok || err != nil {
			t.Errorf("Pin(%s) = %+v, %v, %v; want nothing trusted", id, got, ok, err)
		}
	}
	set := func(t *testing.T, s permissions.PinStore, id string, p permissions.Pin) {
		t.Helper()
		if err := s.SetPin(id, p); err != nil {
			t.Fatalf("SetPin(%s) = %v", id, err)
		}
	}

	cases := []struct {
		name string
		run  func(t *testing.T, s permissions.PinStore)
	}{
		{"empty", func(t *testing.T, s permissions.PinStore) { none(t, s, idA) }},
		{"set then read", func(t *testing.T, s permissions.PinStore) {
			p := pinOf(`{"version": 1}`, 1)
			set(t, s, idA, p)
			want(t, s, idA, p)
		}},
		{"a later pin replaces the one before", func(t *testing.T, s permissions.PinStore) {
			set(t, s, idA, pinOf(`{"version": 1}`, 1))
			p := pinOf(`{"version": 1, "allowed_tools": ["read_file"]}`, 2)
			set(t, s, idA, p)
			want(t, s, idA, p)
		}},
		{"each project has its own", func(t *testing.T, s permissions.PinStore) {
			a, b := pinOf("a", 1), pinOf("b", 2)
			set(t, s, idA, a)
			none(t, s, idB)
			set(t, s, idB, b)
			want(t, s, idA, a)
			want(t, s, idB, b)
		}},
		{"an empty file is trusted as one", func(t *testing.T, s permissions.PinStore) {
			for _, content := range [][]byte{{}, nil} {
				set(t, s, idA, permissions.Pin{Hash: permissions.Hash(nil), Bytes: content, TrustedAt: at(3)})
				got, ok, err := s.Pin(idA)
				if err != nil || !ok || len(got.Bytes) != 0 || got.Hash != permissions.Hash(nil) {
					t.Errorf("Pin of an empty file (%#v) = %+v, %v, %v; want it trusted, empty", content, got, ok, err)
				}
			}
		}},
		{"the bytes are the store's own", func(t *testing.T, s permissions.PinStore) {
			p := pinOf("original", 1)
			given := p.Bytes
			set(t, s, idA, p)
			copy(given, "CHANGED!")
			got, _, _ := s.Pin(idA)
			copy(got.Bytes, "CHANGED!")
			want(t, s, idA, pinOf("original", 1))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, open(t)) })
	}
}
