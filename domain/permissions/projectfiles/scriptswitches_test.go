// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// A loop over the script's switches takes the words of the branches that
// read nothing more of the line; value branches, patterns, the default
// and any other shape take none.
func TestScriptSwitchLoops(t *testing.T) {
	const arcade = "#!/usr/bin/env bash\nset -e\nbuild=false\nwhile [[ $# > 0 ]]; do\n  opt=\"$(echo \"${1/#--/-}\" | tr \"[:upper:]\" \"[:lower:]\")\"\n  case \"$opt\" in\n    -help|-h) usage; exit 0 ;;\n    -build|-b) build=true ;;\n    -rebuild) rebuild=true ;;\n    -pack) pack=true ;;\n    -configuration|-c) configuration=$2; shift ;;\n    *) properties+=(\"$1\") ;;\n  esac\n  shift\ndone\ndotnet build \"${properties[@]}\"\n"
	for _, tc := range []struct {
		name, script, want string
	}{
		{"arcade", arcade, "switches (arcade): -b -build -h -help -pack -rebuild"},
		{"trailing shift", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --fast) FAST=1 ;;\n    --verbose|-v) set -x ;;\n    *) echo \"unknown $1\"; exit 1 ;;\n  esac\n  shift\ndone\ngo test ./...\n",
			"switches: --fast"},
		{"shift in each branch", "#!/bin/bash\nwhile [[ $# -gt 0 ]]; do\n  case $1 in\n    --fast) FAST=1; shift ;;\n    --out) OUT=$2; shift 2 ;;\n    --quiet) shift 1 ;;\n    *) exec \"$@\" ;;\n  esac\ndone\nmake all\n",
			"switches: --fast --quiet"},
		{"arguments empty after the loop", "#!/bin/bash\nwhile [ \"$#\" -gt 0 ]; do\n  case \"$1\" in\n    --race) R=1 ;;\n    *) break ;;\n  esac\n  shift\ndone\nfor a in \"$@\"; do echo \"$a\"; done\ngo test \"$@\"\n",
			"switches: --race"},

		// Hostile neighbours.
		{"default evals", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) ;;\n    *) eval \"$1\" ;;\n  esac\n  shift\ndone\n", "switches: --ok"},
		{"branch evals", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) eval 'echo $2' ;;\n  esac\n  shift\ndone\n", "unknown: runs eval"},
		{"branch runs bash -c on its word", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) bash -c \"$1\" ;;\n  esac\n  shift\ndone\n", "unknown: takes no switch"},
		{"value branch only", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --out) cp x \"$2\"; shift ;;\n  esac\n  shift\ndone\n", "unknown: takes no switch"},
		{"branch shifts again", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) shift ;;\n    --two) :;;\n  esac\n  shift\ndone\n", "switches: --two"},
		{"branch breaks", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --) break ;;\n    --ok) :;;\n  esac\n  shift\ndone\ngo test \"$@\"\n", "switches: --ok"},
		{"case on $2", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$2\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown: runs shift"},
		{"loop leaves the last word", "#!/bin/sh\nwhile [ \"$#\" -gt 1 ]; do\n  case \"$1\" in\n    --box) B=1 ;;\n    *) break ;;\n  esac\n  shift\ndone\nexec go build \"$@\"\n", "unknown: runs shift"},
		{"reads $1 before", "#!/bin/bash\nif [ \"$1\" = x ]; then :; fi\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown: reads its arguments outside its loop over them"},
		{"forwards before", "#!/bin/bash\ngo vet \"$@\"\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown: reads its arguments outside its loop over them"},
		{"pattern before", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --o*) eval \"$1\";;\n    --ok) :;;\n    --fine) :;;\n  esac\n  shift\ndone\n", "switches: --fine"},
		{"glob blocks what it matches", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    -\\?|/?) usage ;;\n    --o*) eval \"$1\";;\n    --ok) :;;\n    --fine) :;;\n    /x) :;;\n  esac\n  shift\ndone\n", "switches: --fine"},
		{"value branch first", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) eval \"$2\"; shift ;;\n    --ok|--fine) :;;\n  esac\n  shift\ndone\n", "switches: --fine"},
		{"nocasematch", "#!/bin/bash\nshopt -s nocasematch\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --OK) eval \"$2\"; shift ;;\n    --ok|--fine) :;;\n  esac\n  shift\ndone\n", "switches: --fine"},
		{"default first", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    *) eval \"$1\";;\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown: takes no switch"},
		{"escaped word", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    a\\b) :;;\n    *) eval \"$1\";;\n  esac\n  shift\ndone\n", "unknown: takes no switch"},
		{"extglob", "#!/bin/bash\nshopt -s extglob\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    @(--o*)) eval \"$1\";;\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown: takes no switch"},
		{"condition always true", "#!/bin/bash\nwhile [[ \"$# > 0\" ]]; do\n  case \"$1\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown"},
		{"quoted count", "#!/bin/bash\nwhile [ \"$#\" -gt \"0\" ]; do\n  case \"$1\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "switches: --ok"},
		{"own echo", strings.Replace(arcade, "set -e\n", "set -e\necho() { printf '%s' -build; }\n", 1), "unknown"},
		{"falls through", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) ;&\n    *) eval \"$1\";;\n  esac\n  shift\ndone\n", "unknown: falls through"},
		{"loop in a branch", "#!/bin/bash\nif [ -n \"$X\" ]; then\n  while [ $# -gt 0 ]; do\n    case \"$1\" in\n      --ok) :;;\n    esac\n    shift\n  done\nfi\ngo test \"$@\"\n", "unknown: runs shift"},
		{"loop variable read", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  o=\"$1\"\n  case \"$o\" in\n    --ok) rm -rf \"$o\";;\n    --fine) :;;\n  esac\n  shift\ndone\n", "switches: --fine"},
		{"loop variable set twice", "#!/bin/bash\no=x\nwhile [ $# -gt 0 ]; do\n  o=\"$1\"\n  case \"$o\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown: stores an argument in a variable"},
		{"other normalization", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  o=\"$(echo \"$1\" | sed s/x/y/)\"\n  case \"$o\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "unknown"},
		{"two loops", "#!/bin/bash\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) :;;\n  esac\n  shift\ndone\nwhile [ $# -gt 0 ]; do\n  case \"$1\" in\n    --ok) :;;\n  esac\n  shift\ndone\n", "switches: --ok"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			fixture.Write(t, filepath.Join(root, "build"), tc.script, 0o755)
			if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			p := Open(root, "", OSGitFS(""), nil, nil)
			got := describeArgs(root, p.ScriptArguments("./build"))
			if got != tc.want && !(strings.HasPrefix(tc.want, "unknown") && strings.HasPrefix(got, tc.want)) {
				t.Errorf("%s:\n%s\nreads as %q, want %q", tc.name, tc.script, got, tc.want)
			}
		})
	}
}

// What a loop's normalization makes of a line's word.
func TestNormalizeSwitch(t *testing.T) {
	for _, tc := range []struct {
		norm, word, want string
		ok               bool
	}{
		{"", "--Build", "--Build", true},
		{switchArcade, "--Build", "-build", true},
		{switchArcade, "-pack", "-pack", true},
		{switchArcade, "---x", "--x", true},
		{switchArcade, "--n", "", false}, // echo -n prints nothing
		{switchArcade, "-nE", "", false},
		{switchArcade, "-x\n", "", false},
		{switchArcade, `-a\c`, "", false},
		{switchArcade, "-BÜILD", "", false},
		{"other", "-x", "", false},
	} {
		got, ok := NormalizeSwitch(tc.norm, tc.word)
		if got != tc.want || ok != tc.ok {
			t.Errorf("NormalizeSwitch(%q, %q) = %q, %v; want %q, %v", tc.norm, tc.word, got, ok, tc.want, tc.ok)
		}
	}
}
