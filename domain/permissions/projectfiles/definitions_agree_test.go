// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
)

// The programs whose definitions Memo pins (the switch of readDefinitions in
// definitions_reach.go) are the entries that say so (definitions = …), and
// no others: the data and the code that reads the project's files agree.
func TestDefinitionRunnersAgree(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "definitions_reach.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	inCode := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "readDefinitions" {
			return true
		}
		ast.Inspect(fn, func(n ast.Node) bool {
			if cc, ok := n.(*ast.CaseClause); ok {
				for _, e := range cc.List {
					if lit, ok := e.(*ast.BasicLit); ok {
						name, _ := strconv.Unquote(lit.Value)
						inCode[name] = true
					}
				}
			}
			return true
		})
		return false
	})
	if len(inCode) < 10 {
		t.Fatalf("found %d programs in readDefinitions, want the switch's", len(inCode))
	}
	inData := map[string]bool{}
	for name, e := range catalog.Builtin().Entries {
		if e.Definitions != "" {
			inData[name] = true
		}
	}
	for n := range inCode {
		if !inData[n] {
			t.Errorf("readDefinitions pins definitions for %s; its entry says no definitions", n)
		}
	}
	for n := range inData {
		if !inCode[n] {
			t.Errorf("the entry of %s names definitions readDefinitions does not read", n)
		}
	}
}
