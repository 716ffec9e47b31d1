// SPDX-License-Identifier: Apache-2.0

package verdict

import "testing"

// TestDotnetColonValues: dotnet reads an option's value after a colon as
// after `=` or a space (System.CommandLine: -o:dir, --project:x.csproj), so
// that value is checked as a path in every spelling; a property word that
// sets no Name=Value (dotnet run -p:x.csproj names the project) asks.
func TestDotnetColonValues(t *testing.T) {
	rules := []string{"dotnet build", "dotnet test", "dotnet run", "dotnet publish"}
	cases := []struct {
		line    string
		approve bool
	}{
		{"dotnet build -o:/tmp/x", false},
		{"dotnet build -o:../x", false},
		{"dotnet build -r:/tmp/x", false},
		{"dotnet publish -o:/tmp/x", false},
		{"dotnet test -a:/tmp", false},
		{"dotnet test -s:/tmp/x.runsettings", false},
		{"dotnet test --settings:/tmp/x.runsettings", false},
		{"dotnet test --test-adapter-path:/tmp", false},
		{"dotnet test --diag:/tmp/x", false},
		{"dotnet run --project:/tmp/x.csproj", false},
		{"dotnet run --project:../other/x.csproj", false},
		{"dotnet run -p:/tmp/x.csproj", false},
		{"dotnet build -p:/tmp/x.csproj", false},
		{"dotnet build -o:out", true},
		{"dotnet build -o out", true},
		{"dotnet build --output:out", true},
		{"dotnet test --settings:test.runsettings", true},
		{"dotnet build -p:Configuration=Release", true},
		{"dotnet build -bl:build.binlog", true},
	}
	checker := NewChecker(rules)
	for _, c := range cases {
		v := checker.Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("%q: approved=%v (reason %q), want %v", c.line, v.Approved, v.Reason, c.approve)
		}
	}
}

// TestPytestExpressionsThatRunCode: pytest before 6.0 evaluated -k and -m
// with Python's eval, so an expression holding a call or a string asks in
// every spelling of the option and through python -m and wrappers; what
// pytest's own grammar holds (names, and, or, not, parentheses) passes.
func TestPytestExpressionsThatRunCode(t *testing.T) {
	rules := []string{"pytest", "python3 -m pytest", "uv run pytest"}
	cases := []struct {
		line    string
		approve bool
	}{
		{`pytest -k "__import__('os').system('id')"`, false},
		{`pytest -k 'x.__class__.__mro__[1].__subclasses__()'`, false},
		{`pytest -k 'exec (chr(105))'`, false},
		{`pytest -k'exec(x)'`, false},
		{`pytest -xk 'exec(x)'`, false},
		{`pytest -vxk='exec(x)'`, false},
		{`pytest -k '(a)(b)'`, false},
		{`pytest -m "__import__('os').system('id')"`, false},
		{`pytest -m 'x.y()'`, false},
		{`python3 -m pytest -k 'exec(x)'`, false},
		{`uv run pytest -k 'exec(x)'`, false},
		{`pytest -k test_foo`, true},
		{`pytest -k 'test_a or test_b'`, true},
		{`pytest -k 'not (a or b)'`, true},
		{`pytest -k 'test_x[1-2]'`, true},
		{`pytest -m 'slow and not (db or net)'`, true},
		{`uv run pytest -k 'a or b'`, true},
	}
	checker := NewChecker(rules)
	for _, c := range cases {
		v := checker.Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("%q: approved=%v (reason %q), want %v", c.line, v.Approved, v.Reason, c.approve)
		}
	}
}

// TestBuildBackendSettingsAsk: python -m build's -C and --config-setting
// pass options to the project's build backend, which hands them on to a
// configure step (cmake defines, meson setup arguments, setup.py options)
// that can name a program to run: every spelling asks; choosing what is
// built passes.
func TestBuildBackendSettingsAsk(t *testing.T) {
	cases := []struct {
		line    string
		approve bool
	}{
		{"python -m build --config-setting=cmake.define.CMAKE_C_COMPILER_LAUNCHER=curl", false},
		{"python -m build --config-setting cmake.define.CMAKE_C_COMPILER_LAUNCHER=curl", false},
		{"python -m build -Ccmake.define.CMAKE_C_COMPILER_LAUNCHER=curl", false},
		{"python -m build -C setup-args=-Dc_args=-fplugin=x.so", false},
		{"python -m build -C--global-option=--command-packages=x", false},
		{"python -m build -wC x=y", false},
		{"python -m build --sdist --wheel", true},
		{"python -m build -n -x -o dist", true},
	}
	checker := NewChecker([]string{"python -m build"})
	for _, c := range cases {
		v := checker.Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("%q: approved=%v (reason %q), want %v", c.line, v.Approved, v.Reason, c.approve)
		}
	}
}

// TestPytestWarningCategoriesImport: a warnings filter whose category is
// module.Class makes pytest import that module, which runs its code: it
// asks in every spelling of -W; builtin categories and pytest's own pass.
func TestPytestWarningCategoriesImport(t *testing.T) {
	cases := []struct {
		line    string
		approve bool
	}{
		{"pytest -W ignore::antigravity.X", false},
		{"pytest -Werror::antigravity.X", false},
		{"pytest -W=error::antigravity.X", false},
		{"pytest -xW ignore::antigravity.X", false},
		{"pytest --pythonwarnings=ignore::antigravity.X", false},
		{"pytest --pythonwarnings ignore::antigravity.X", false},
		{"pytest --pythonw=ignore::antigravity.X", false},
		{"pytest -W ignore:msg:mod.Warning", false},
		{"pytest -W error", true},
		{"pytest -W ignore::DeprecationWarning", true},
		{"pytest -W error::pytest.PytestUnraisableExceptionWarning", true},
		{"pytest -W ignore:msg:UserWarning:mod.sub", true}, // the module field is matched, not imported
	}
	checker := NewChecker([]string{"pytest"})
	for _, c := range cases {
		v := checker.Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("%q: approved=%v (reason %q), want %v", c.line, v.Approved, v.Reason, c.approve)
		}
	}
}

// TestPytestBasetempNotTheProject: pytest deletes the folder --basetemp
// names before the run, so --basetemp passes only as the rule spells it
// (pytest --basetemp=src would empty src), and even a rule that spells it
// may not name the folder the line runs in (the project).
func TestPytestBasetempNotTheProject(t *testing.T) {
	cases := []struct {
		line    string
		approve bool
	}{
		{"pytest --basetemp=.", false},
		{"pytest --basetemp=./", false},
		{"pytest --basetemp .", false},
		{"pytest --basetemp=a/..", false},
		{"pytest --basete=.", false},
		{"pytest --basetemp=''", false},
		{"uv run pytest --basetemp=.", false},
		{"pytest --basetemp=tmp", false},
		{"pytest --basetemp=src", false},
		{"pytest --basetemp tmp -q", false},
		{"pytest --basetemp=.tmp -q", true},
		{"uv run pytest --basetemp=.tmp", true},
	}
	checker := NewChecker([]string{"pytest --basetemp=.tmp", "uv run pytest --basetemp=.tmp", "pytest", "uv run pytest"})
	for _, c := range cases {
		v := checker.Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("%q: approved=%v (reason %q), want %v", c.line, v.Approved, v.Reason, c.approve)
		}
	}
}

// TestFoldersEmptiedBeforeTheBuild: mkdocs empties its site folder and
// mdbook its build folder before they build (mdbook clean removes it), so
// the option naming that folder passes only where the rule names it.
func TestFoldersEmptiedBeforeTheBuild(t *testing.T) {
	cases := []struct {
		rule, line string
		approve    bool
	}{
		{"mkdocs build", "mkdocs build -d src", false},
		{"mkdocs build", "mkdocs build --site-dir=.", false},
		{"mkdocs build", "mkdocs build --site-dir src", false},
		{"mdbook build", "mdbook build -d .", false},
		{"mdbook build", "mdbook build --dest-dir=src", false},
		{"mdbook serve", "mdbook serve -d src", false},
		{"mdbook test", "mdbook test -d src", false},
		{"mdbook clean", "mdbook clean --dest-dir src", false},
		{"mkdocs build", "mkdocs build --strict", true},
		{"mkdocs build -d site", "mkdocs build -d site --strict", true},
		{"mdbook build -d book", "mdbook build -d book", true},
		{"mdbook build", "mdbook build docs", true},
	}
	for _, c := range cases {
		v := NewChecker([]string{c.rule}).Check(c.line, nil)
		if v.Approved != c.approve {
			t.Errorf("%q under %q: approved=%v (reason %q), want %v", c.line, c.rule, v.Approved, v.Reason, c.approve)
		}
	}
}
