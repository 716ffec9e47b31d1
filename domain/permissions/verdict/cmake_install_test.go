// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/projectfiles"
)

// cmake's install copies files to CMAKE_INSTALL_PREFIX (/usr/local by
// default, or what the project's CMakeLists.txt or cache sets) and to the
// absolute destinations its install() rules name: outside the project.
// Under the rules written for building it asks, and a rule naming it is
// refused, as go install and cargo install are.
func TestCMakeInstallWritesOutside(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "CMakeLists.txt"), []byte("cmake_minimum_required(VERSION 3.10)\nproject(x)\ninstall(FILES rc DESTINATION /etc)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rule, line, want string }{
		{"cmake --build build", "cmake --build build", ""},
		{"cmake --build build", "cmake --build build --target all -j 4", ""},
		{"cmake --build build", "cmake --build build --target install", "outside the project"},
		{"cmake --build build", "cmake --build build -t install", "outside the project"},
		{"cmake --build build", "cmake --build build --target=install", "outside the project"},
		{"cmake --build build", "cmake --build build --target all install", "outside the project"},
		{"cmake --build build", "cmake --build build --config Release --target install/strip", "outside the project"},
		{"cmake --build build", "cmake --build build --target uninstall", "outside the project"},
		{"cmake", "cmake --install build", "outside the project"},
		{"cmake", "cmake --install . --prefix /tmp/x", "outside the project"},
		{"cmake --build", "cmake --build build --target install", "outside the project"},
		{"ninja -C build", "ninja -C build", ""},
		{"ninja -C build", "ninja -C build install", "outside the project"},
		{"ninja -C build", "ninja -C build uninstall", "outside the project"},
	} {
		p := NewProject(root, "", projectfiles.OSGitFS(""), nil)
		rules := []string{tc.rule}
		v := NewChecker(rules).CheckIn(tc.line, p.WithPinned(p.AllDefinitions(rules)))
		wantVerdict(t, fmt.Sprintf("rule %q, %q", tc.rule, tc.line), v, tc.want)
	}
	for _, rule := range []string{"cmake --install build", "cmake --install build --config Release", "cmake --build build --target install"} {
		if r := AcceptRule(rule); r.IsZero() {
			t.Errorf("rule %q accepted, want it refused: it installs outside the project", rule)
		}
	}
}
