// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The checker's floors, bottom first (docs/ARCHITECTURE.md §2, §7): each
// imports only floors below it, never one beside or above, in its code
// and in its tests.
var floors = []string{"cmdline", "catalog", "projectfiles", "verdict", "."}

func TestCheckerFloorsImportOnlyDownward(t *testing.T) {
	const base = "memo.dev/projects/domain/permissions"
	floorOf := map[string]int{}
	for i, f := range floors {
		if f == "." {
			floorOf[base] = i
		} else {
			floorOf[base+"/"+f] = i
		}
	}
	checked := 0
	for i, f := range floors {
		files, err := filepath.Glob(filepath.Join(f, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", f, err)
		}
		for _, file := range files {
			ast, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range ast.Imports {
				path, _ := strconv.Unquote(im.Path.Value)
				j, ours := floorOf[path]
				if !ours && strings.HasPrefix(path, base+"/") && !strings.HasPrefix(path, base+"/internal/") &&
					!strings.HasPrefix(path, base+"/permissionstest") {
					t.Errorf("%s imports %s, which is no floor of the checker", file, path)
				}
				if ours && j >= i && !(strings.HasSuffix(file, "_test.go") && j == i) {
					t.Errorf("%s (floor %s) imports %s, a floor beside or above it", file, f, path)
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d imports read", checked)
	}
}
