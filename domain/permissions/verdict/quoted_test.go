// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
)

// quotedTextCase is a line and the rule it is checked under.
type quotedTextCase struct{ rule, line string }

// quotedApproved: a marked word in a place the catalogue marks as text the
// program only matches or prints.
var quotedApproved = []quotedTextCase{
	{"go test", "go test -run 'TestA|TestB' ./..."},
	{"go test", "go test -bench='.*' -run='^$' ./..."},
	{"go test", "go test -bench=. -run=^$ ./..."}, // ^ and a final $ are literal unquoted too
	{"go test", "go test -run ^TestA$ ./..."},
	{"git log", "git log --format='%h %s'"},
	{"git log", `git log --pretty=format:"%h (%an)"`},
	{"git log", `git log -G "regex.*pattern"`},
	{"git commit", "git commit -m 'fix: a|b; (c) & d'"},
	{"git tag", "git tag -a v1 -m 'v1 (stable)'"},
	{"git grep", "git grep -n 'TODO|FIXME'"},
	{"grep", "grep -rn 'a|b' src"},
	{"rg", "rg --files -g '*.rs'"},
	{"rg", "rg 'foo(bar)?' src"},
	{"pytest", "pytest -k 'not slow and (a or b)'"},
	{"uv run pytest", "uv run pytest -k 'not (slow)'"},
	{"python -m pytest", "python -m pytest -m 'not (slow)'"},
	{"cargo nextest run", "cargo nextest run -E 'test(/parse/)'"},
	{"cargo test", "cargo test -- --skip 'a|b'"},
	{"jest", "jest -t 'renders (empty)'"},
	{"vitest", "vitest -t 'a|b'"},
	{"playwright test", "playwright test -g 'login|logout'"},
	{"phpunit", "phpunit --filter 'test(A|B)'"},
	{"rspec", "rspec -e 'parses (empty)'"},
	{"dotnet test", `dotnet test --filter "FullyQualifiedName~Parser"`},
	{"gradle test", "gradle test --tests '*ParserTest*'"},
	{"mvn test", "mvn test --projects '!docs'"},
	{"mvn test", "mvn test -Dtest='Foo#bar*'"},
	// maven's profiles: ids, each deactivated (! or -) or optional (?)
	{"mvn javadoc:javadoc", "mvn -P '!examples' javadoc:javadoc"},
	{"mvn verify", "mvn verify -P '!examples,-slow,?optional,fast'"},
	{"mvn verify", "mvn verify --activate-profiles='!examples'"},
	{"mvn verify", "mvn verify -P'!?examples'"},
	// a cmake list value, which cmake splits at ; itself
	{"cmake", "cmake -Bbuild -GXcode '-DCMAKE_OSX_ARCHITECTURES=arm64;x86_64' -DCMAKE_COMPILE_WARNING_AS_ERROR=1"},
	{"cmake -S . -B build", "cmake -S . -B build -DCMAKE_CONFIGURATION_TYPES:STRING='Debug;Release'"},
	{"ctest", "ctest -R '^a|b$'"},
	{"bazel test", "bazel test //... --test_filter='Parser.*'"},
	{"echo", `echo "Build & Test"`},
	// wrapped programs, read with their own tables
	{"timeout 60 go test", "timeout 60 go test -run 'A|B' ."},
	{"cross-env CI=1 jest", "cross-env CI=1 jest -t '(a)'"},
	{"bundle exec rspec", "bundle exec rspec -e '(a)'"},
	{"poetry run pytest", "poetry run pytest -k 'not (slow)'"},
	{"git log", "git --no-pager log --format='%h %s'"},
	// a logger's settings, keys dotnet test's table lists
	{"dotnet test", `dotnet test -l "console;verbosity=detailed"`},
	{"dotnet test", `dotnet test --logger "trx;LogFileName=out/r.trx"`},
	// coverage's own file name patterns
	{"coverage report", "coverage report --omit '*/migrations/*,*/tests/*'"},
	{"coverage html", "coverage html --include='src/*'"},
	// a bazel query expression, its words path-checked as labels
	{"bazel query", "bazel query 'kind(platform, @io_bazel_rules_go//go/toolchain:all)'"},
	{"bazel query", "bazel query 'deps(//main:app) except //third_party/...:all'"},
}

// quotedAsked: the same characters in every place that is not text.
var quotedAsked = []quotedTextCase{
	{"make test", "make test VAR='a;b'"},                                  // make hands its variables to the shell
	{"make test", "make test VAR=^$"},                                     // unquoted ^ and final $: text places only
	{"go test", "go test ^$ ./..."},                                       // a package, not text
	{"git log", "git log -n 3 -- HEAD^"},                                  // a path after --, not a revision
	{"git log", "git log --since=HEAD~1"},                                 // a value that is not a revision
	{"make", "make 'CFLAGS=-O2 (x)'"},                                     // a variable, also without a target
	{"npm run test", "npm run test -- 'a;b'"},                             // a script's arguments
	{"npm test", "npm test -- -t 'a|b'"},                                  // a script's arguments, after --
	{"yarn test", "yarn test -t 'a|b'"},                                   // yarn's script arguments
	{"pnpm test", "pnpm test -t 'a|b'"},                                   // pnpm's script arguments
	{"pnpm run test", "pnpm run test 'a|b'"},                              // pnpm run's script arguments
	{"nix-shell --run 'go test'", `nix-shell --run 'go test -run "A|B"'`}, // a wrapper's command string
	{"nix-shell --run 'go test'", "nix-shell --run 'go test;id'"},         // the same, chaining
	{"uv run pytest", "uv run pytest 'tests/a;b.py'"},
	{"uv run pytest", "uv run --with 'x;y' pytest -k '(a)'"},         // a wrapped program's operand
	{"git log", "git -c 'alias.x=!sh' log"},                          // git -c
	{"git log", "git log -c 'core.pager=a|b'"},                       // an option Memo does not know
	{"cargo test", "cargo test --config 'a;b'"},                      // cargo --config
	{"cargo test", "cargo test -- 'a|b'"},                            // the test binary's operand
	{"sed -n", "sed -n 's/a/b/;e id' go.mod"},                        // sed's program
	{"sed", "sed -e '1{p}' go.mod"},                                  // sed's program by -e
	{"awk", "awk '{print $1}' go.mod"},                               // awk (refused as a rule)
	{"jq", "jq '.a|.b' x.json"},                                      // jq (refused as a rule)
	{"find", "find . -name '*.go' -exec id ;"},                       // find (refused as a rule)
	{"xargs", "xargs -I '{}' id"},                                    // xargs (refused as a rule)
	{"go test", "go test -zzz 'a|b' ."},                              // an unknown option's value
	{"go test", "go test -ldflags='-X a=$(id)' ./..."},               // a known option whose value is not text
	{"go test", "go test . -args -run 'a|b'"},                        // the test binary's own arguments
	{"go test", "go test 'a;b'"},                                     // a package operand
	{"grep", "grep -r a 'src;x'"},                                    // grep's file operand
	{"grep", "grep -e x 'a|b'"},                                      // grep's first operand once -e gives the pattern
	{"rg", "rg --pre 'sh -c x;y' foo"},                               // rg --pre
	{"git grep", "git grep -e x 'a|b'"},                              // git grep's revision once -e gives the pattern
	{"git log", "git log --oneline -- 'a|b'"},                        // a path after --
	{"git show", "git show 'v1.0^{commit}'"},                         // a revision holding braces
	{"gradle test", "gradle test -Pfoo='a;b'"},                       // a gradle property
	{"mvn test", "mvn test -Dother='Foo#bar*'"},                      // a maven property
	{"mvn verify", "mvn verify -P '!a;b'"},                           // a profile list holding a ;
	{"mvn verify", "mvn verify -P '$(id)'"},                          // a $ in a profile list
	{"mvn verify", "mvn verify -P 'a,!b c'"},                         // a space: no list of ids
	{"mvn verify", "mvn verify -P '!!a'"},                            // two ! are no prefix
	{"mvn verify", "mvn verify -Dx='!a'"},                            // a maven property
	{"mvn verify", "mvn verify '!examples'"},                         // a goal, not a profile
	{"mvn verify", "mvn verify -pl x -P 'a|b'"},                      // a | in a profile list
	{"cmake -B build", "cmake -B build '-DCMAKE_C_FLAGS=-O2;-Wall'"}, // items that are flags
	{"cmake -B build", "cmake -B build '-DCMAKE_OSX_ARCHITECTURES=arm64;x|y'"},
	{"cmake -B build", "cmake -B build '-DCMAKE_OSX_ARCHITECTURES=a;$(id)'"},
	{"cmake -B build", "cmake -B build -DCMAKE_OSX_ARCHITECTURES='a;;b'"}, // an empty item
	{"cmake -B build", "cmake -B build '-DX:FILEPATH=a;b'"},               // a typed path
	{"cmake -B build", "cmake -B build -D 'CMAKE_OSX_ARCHITECTURES=a;b'"}, // the value apart from -D
	{"cmake -B build", "cmake -B build 'CMAKE_OSX_ARCHITECTURES=a;b'"},    // no -D
	{"cmake -B build", "cmake -B build -- 'a;b'"},                         // the build tool's argument
	{"dotnet test", "dotnet test -l 'console;nosuch=1'"},                  // a logger's key Memo does not know
	{"dotnet test", "dotnet test -l 'trx;LogFileName=../x.trx'"},          // a logger's file climbing out
	{"dotnet test", "dotnet test -l 'trx;LogFileName'"},                   // a logger's key without a value
	{"dotnet test", "dotnet test -l ';verbosity=quiet'"},                  // a logger without a name
	{"dotnet test", "dotnet test -l 'trx;LogFileName=a%2F..%2Fb'"},        // a % MSBuild would unescape
	{"dotnet test", "dotnet test -l 'console;verbosity=a|b'"},             // a character besides ;
	{"dotnet test", "dotnet test --settings 'a;b'"},                       // a file, not a logger
	{"dotnet build", "dotnet build -l 'console;verbosity=detailed'"},      // build has no -l
	{"coverage report", "coverage report --data-file='a;b'"},              // a file, not a pattern
	{"coverage report", "coverage report 'a;b'"},                          // an operand, a file
	{"bazel query", "bazel query 'deps(//x) | id'"},                       // a character a query never holds
	{"bazel query", "bazel query 'deps(//x);id'"},                         // the same, chaining
	{"bazel build", "bazel build 'deps(//x)'"},                            // build's operands are labels, no expression
	{"bazel run //:gazelle", "bazel run //:gazelle -- 'deps(//x)'"},       // the program's own arguments
	{"make", "make X=%PATH%"},                                             // a make variable: a bare % too
	{"npm run test", "npm run test -- %PATH%"},                            // a script's argument: cmd.exe expands %PATH% on Windows
	{"pnpm test", "pnpm test a!b"},                                        // a script's argument: a bare ! too
	{"go test", "go test -run=a -ldflags=-X=a%b ./..."},                   // a value that is not text
	{"dotnet test", "dotnet test '-p:A=a;b'"},                             // an MSBuild property
	{"pnpm install", "pnpm install -C '!docs'"},                           // an option that selects a folder (--filter's selector is text: memberfilters_test.go)
	{"./scripts/test.sh", "./scripts/test.sh 'a|b'"},                      // a program without an entry
	{"mytool", "mytool -k 'a|b'"},                                         // a program without an entry, by name
	{"bash scripts/x.sh", "bash scripts/x.sh 'a;b'"},                      // an interpreter's script's arguments
	{"go test", `go test -run "$(id)" .`},                                 // $ in double quotes
	{"go test", "go test -run \"`id`\" ."},                                // a backquote in double quotes
	{"go test", `go test -run "a\b" .`},                                   // a backslash in double quotes
	{"go test", `go test -run "a!b" .`},                                   // ! in double quotes
	{"go test", "go test -run $'a|b' ."},                                  // $'…'
	{"git commit", "git commit -m x 'c;d'"},                               // a path beside a message
	{"echo", "echo 'a' > out"},                                            // a redirection beside quoted text
	{"cat", "cat 'a;b'"},                                                  // a program whose operands are files
	{"go test", "go vet -run 'a|b'"},                                      // no rule starts the line
}

// Every place that is not text asks with the character's reason, exactly as
// before the change: one test per member of the class.
func TestQuotedCharactersOutsideTextAsk(t *testing.T) {
	for _, c := range quotedAsked {
		v := CheckCommand([]string{c.rule}, c.line, nil)
		_, before := cmdline.Words(c.line)
		if v.Approved || v.Reason.String() != before.String() {
			t.Errorf("CheckCommand(%q, %q) = approved %v, %q; want it to ask with %q", c.rule, c.line, v.Approved, v.Reason, before)
		}
	}
}

// A marked word approves only where the catalogue marks text, and moving it
// anywhere else makes the same line ask.
func TestQuotedTextApproved(t *testing.T) {
	for _, c := range quotedApproved {
		v := CheckCommand([]string{c.rule}, c.line, nil)
		if !v.Approved {
			t.Errorf("CheckCommand(%q, %q) asks (%s), want it approved", c.rule, c.line, v.Reason)
			continue
		}
		// The marked word repeated as an operand after `--` is no text
		// (echo prints every word).
		moved := c.line + " -- 'a;b'"
		if v := CheckCommand([]string{c.rule}, moved, nil); v.Approved && c.rule != "echo" {
			t.Errorf("CheckCommand(%q, %q) is approved, want it to ask", c.rule, moved)
		}
		if why := quotedOracle(c.line); why != "" {
			t.Errorf("%q: the oracle disagrees: %s", c.line, why)
		}
	}
}

// quotedOracle tells, apart from how the checker reads a line, why an
// approved line holding quoted refused characters should not be approved
// ("" when it may be): every such word must be the value of an option that
// some program the line names marks =p or =p?, glued or the next word, or
// an operand of a program (or subcommand) whose text operands are patterns.
func quotedOracle(line string) string {
	words, q, reason := cmdline.QuotedWords(line)
	if !reason.IsZero() {
		return "quotedWords asks: " + reason.String()
	}
	if _, ok := cmdline.LiteralInQuotes(line); !ok && q.Any() {
		return "a refused character stands outside quotes"
	}
	patterns := map[string]bool{} // option spellings with their dashes
	operands := false
	for _, w := range words {
		name, _ := catalog.ResolveProgram([]string{w})
		c := catalog.Builtin().Entries[name]
		if c == nil {
			continue
		}
		opts, ops := c.PatternSpellings()
		for o := range opts {
			patterns[o] = true
		}
		operands = operands || ops
	}
	for at := range q.At {
		i := len(words) - at
		w := words[i]
		name, _, glued := strings.Cut(w, "=")
		switch {
		case i > 0 && patterns[words[i-1]]:
		case glued && patterns[name]:
		case len(w) > 2 && w[0] == '-' && w[1] != '-' && patterns[w[:2]]:
		case operands && !strings.HasPrefix(w, "-"):
		default:
			return "the word " + w + " is in no text place of the programs the line names"
		}
	}
	return ""
}

// The approved lines that hold refused characters hold them only in
// quoted words the oracle finds in a text place, and the same lines with
// those characters replaced by a letter are approved too: the text is
// only matched or printed, so what it holds cannot change the verdict.
func FuzzQuotedText(f *testing.F) {
	for _, c := range append(quotedApproved, quotedAsked...) {
		f.Add(c.rule, c.line)
	}
	for _, s := range seedLines(f) {
		f.Add("git log", s)
	}
	f.Fuzz(func(t *testing.T, rule, line string) {
		checkQuotedProperty(t, append([]string{rule}, fuzzRules...), line)
	})
}

// checkQuotedProperty is FuzzQuotedText's property, also held by
// FuzzCheckCommand.
func checkQuotedProperty(t *testing.T, rules []string, line string) {
	t.Helper()
	v := CheckCommand(rules, line, nil)
	if !v.Approved || cmdline.CharGate(line).IsZero() {
		return
	}
	if _, ok, _ := cmdline.SplitCompound(line); ok {
		checkCompoundProperty(t, rules, line, v)
		return
	}
	if why := quotedOracle(line); why != "" {
		t.Fatalf("approved %q under %q: %s", line, v.Rule, why)
	}
	clean, _ := cmdline.LiteralInQuotes(line)
	if w := CheckCommand(rules, clean, nil); !w.Approved {
		t.Fatalf("approved %q, but %q asks: %s", line, clean, w.Reason)
	}
}
