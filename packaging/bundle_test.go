// SPDX-License-Identifier: Apache-2.0

package packaging

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The desktop entry as fyne package (tools v1.7.4) writes it for FyneApp.toml.
const fyneDesktopEntry = `[Desktop Entry]
Type=Application
Name=Memo Projects
GenericName=Project folder manager
Exec=memo-projects
Icon=dev.memo.projects
Comment=Set up and guard the project folders of Memo
Categories=Development;ProjectManagement;
Keywords=memo;agents;projects;permissions;skills;
StartupWMClass=Memo Projects
`

// Main categories of the Desktop Menu specification (1.1, appendix A): an
// entry in two of them is shown in two menus.
var mainCategories = []string{"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
	"Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}

// FyneApp.toml is what fyne package writes the desktop entry from; the test
// entry above must say what it says.
func TestDesktopCategories(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*Categories\s*=\s*\[(.*)\]`).FindSubmatch(b)
	if m == nil {
		t.Fatal("FyneApp.toml has no Categories")
	}
	var cats, main []string
	for _, c := range strings.Split(string(m[1]), ",") {
		c = strings.Trim(strings.TrimSpace(c), `"`)
		cats = append(cats, c)
		for _, mc := range mainCategories {
			if c == mc {
				main = append(main, c)
			}
		}
	}
	if len(main) != 1 {
		t.Errorf("FyneApp.toml Categories %q hold main categories %q: want exactly one (menus show the app once per main category)", cats, main)
	}
	if want := "Categories=" + strings.Join(cats, ";") + ";"; !strings.Contains(fyneDesktopEntry, want+"\n") {
		t.Errorf("the test's desktop entry does not say %s (FyneApp.toml's)", want)
	}
}
