// SPDX-License-Identifier: Apache-2.0

package persistence

import "testing"

func TestAPIServerSetting(t *testing.T) {
	s, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	set := s.Settings()
	if on, addr, err := set.APIServer(); err != nil || on || addr != "" {
		t.Fatalf("new registry: APIServer = %v %q %v; want off, no address", on, addr, err)
	}
	if err := set.SetAPIServer(true, "127.0.0.1:41234"); err != nil {
		t.Fatal(err)
	}
	if on, addr, err := set.APIServer(); err != nil || !on || addr != "127.0.0.1:41234" {
		t.Fatalf("after on: %v %q %v", on, addr, err)
	}
	if err := set.SetAPIServer(false, ""); err != nil {
		t.Fatal(err)
	}
	if on, addr, _ := set.APIServer(); on || addr != "" {
		t.Fatalf("after off: %v %q", on, addr)
	}
	if m, _ := set.Minimal(); m {
		t.Fatal("the API switch changed Minimal Mode")
	}
}
