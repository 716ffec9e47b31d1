// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"testing"
)

// cmake's install step writes into CMAKE_INSTALL_PREFIX, /usr/local unless
// the configure step chose another: `cmake --install` passes only with a
// --prefix inside the project, and the install targets of `cmake --build`
// ask under every rule, in every spelling.
func TestCmakeInstallAsks(t *testing.T) {
	for _, tc := range []struct {
		rule, line, want string // want: "" approved, else a part of the reason
	}{
		{"cmake", "cmake --install build --prefix dist", ""},
		{"cmake", "cmake --install build --prefix=out/install --config Release", ""},
		{"cmake", "cmake --build build --target all", ""},
		{"cmake --build build", "cmake --build build --target tests --parallel 4", ""},
		{"cmake", "cmake --install build", "by default /usr/local"},
		{"cmake", "cmake --install=build", "by default /usr/local"},
		{"cmake", "cmake --install .", "by default /usr/local"},
		{"cmake", "cmake --install build --prefix /usr/local", "outside the project"},
		{"cmake", "cmake --install build --prefix ../x", "outside the project"},
		{"cmake --build build", "cmake --build build --target install", "install target"},
		{"cmake --build build", "cmake --build build -t install", "install target"},
		{"cmake --build build", "cmake --build build -tinstall", "install target"},
		{"cmake --build build", "cmake --build build --target=install", "install target"},
		{"cmake --build build", "cmake --build build --target all install", "install target"},
		{"cmake --build build", "cmake --build build --target install/strip", "install target"},
		{"cmake --build build", "cmake --build build --target=all,install/local", "install target"},
		{"cmake --build build", "cmake --build build -- install", "goes to the build tool"},
	} {
		v := NewChecker([]string{tc.rule}).Check(tc.line, nil)
		wantVerdict(t, fmt.Sprintf("rule %q, %q", tc.rule, tc.line), v, tc.want)
	}
	for _, rule := range []string{"cmake --install build", "cmake --build build --target install", "cmake --install build --prefix /opt/x"} {
		if r := AcceptRule(rule); r.IsZero() {
			t.Errorf("rule %q accepted, want it refused", rule)
		}
	}
	if r := AcceptRule("cmake --install build --prefix dist"); !r.IsZero() {
		t.Errorf("rule %q refused (%s), want it accepted", "cmake --install build --prefix dist", r)
	}
}
