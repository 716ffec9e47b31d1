// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"strings"
	"testing"
)

// Each requirement file passes only with plain requirements and -r, -c, -e
// of files and folders; anything else names its line.
func TestParseRequirements(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  string // "" passes; else a part of the reason
		line  int    // the line the problem names
		kinds string // the kinds of the lines that passed, space separated
	}{
		{"requests\n", "", 0, "req"},
		{"# comment\n\nrequests==2.32.3  # pinned\n", "", 0, "req"},
		{"requests[socks,security]>=2.8.1,<3\n", "", 0, "req"},
		{"requests (>=2.8)\n", "", 0, "req"},
		{"pywin32>=1.0; sys_platform == \"win32\"\n", "", 0, "req"},
		{"idna>=3 ; python_version >= '3.8' and platform_machine != 'arm64'\n", "", 0, "req"},
		{"zope.interface~=5.1.*\n", "", 0, "req"},
		{"black===23.1.0\n", "", 0, "req"},
		{"requests==2.32.3 \\\n    --hash=sha256:70761cfe03c773ceb22aa2f671b4757976145175cdfca038c02654d061d6dcc6 \\\n    --hash=sha256:55365417734eb18255590a9ff9eb97e9e1da868d4ccd6402399eaf68af20a760\n", "", 0, "req"},
		{"-r base.txt\n--requirement=dev.txt\n-c constraints.txt\n--constraint other.txt\n-rglued.txt\n", "", 0, "r r c c r"},
		{"-e .\n-e ./sub[dev]\n--editable=../x\n", "", 0, "e e e"},
		{".\n./sub\n./sub[test]\n", "", 0, "path path path"},
		{"--require-hashes\n--pre\n--prefer-binary\n--only-binary :all:\n--no-binary=lxml,pillow\n", "", 0, ""},
		{"\ufeffrequests\r\npytest\r\n", "", 0, "req req"},
		{"requests  #comment#more\n", "", 0, "req"},
		// What fetches from elsewhere, or that Memo does not read.
		{"pytest\nblack @ https://github.com/psf/black/archive/main.zip\n", "URL", 2, ""},
		{"git+https://github.com/psf/black\n", "URL", 1, ""},
		{"https://evil.example/x.whl\n", "URL", 1, ""},
		{"-e git+https://github.com/psf/black#egg=black\n", "URL", 1, ""},
		{"-e git+ssh://git@github.com/psf/black\n", "URL", 1, ""},
		{"-e svn+svn://x/y\n", "URL", 1, ""},
		{"file:../x\n", "URL", 1, ""},
		{"-r https://evil.example/r.txt\n", "URL", 1, ""},
		{"-i https://evil.example/simple\n", "URL", 1, ""},
		{"--index-url=http://evil.example/simple\n", "URL", 1, ""},
		{"-i evil\n", "-i", 1, ""},
		{"--extra-index-url evil\n", "--extra-index-url", 1, ""},
		{"-f ./wheels\n", "-f", 1, ""},
		{"--find-links=./wheels\n", "--find-links", 1, ""},
		{"--trusted-host evil.example\n", "--trusted-host", 1, ""},
		{"--no-index\n", "--no-index", 1, ""},
		{"--req base.txt\n", "--req", 1, ""},
		{"-r\n", "one option and its value", 1, ""},
		{"-r a.txt b.txt\n", "one option and its value", 1, ""},
		{"-r 'a b.txt'\n", "quoted", 1, ""},
		{"x --config-settings=a=b\n", "--config-settings", 1, ""},
		{"x --global-option=build_ext\n", "--global-option", 1, ""},
		{"x --hash=md5:abc\n", "--hash=md5:abc", 1, ""},
		{"x --hash=sha256:xyz\n", "--hash=sha256:xyz", 1, ""},
		{"${PKG}\n", "`$`", 1, ""},
		{"requests\\\n${X}\n", "`$`", 1, ""},
		{"`id`\n", "`", 1, ""},
		{"x; os.system('id')\n", "not a requirement", 1, ""},
		{"x==1.0; python_version >= \"3\" or __import__\n", "not a requirement", 1, ""},
		{"x==1.0; python_version >= \"3\" and extra == 'dev'\n", "", 0, "req"},
		{"x:y\n", "not a requirement", 1, ""},
		{"-x\n", "-x", 1, ""},
		{"foo bar\n", "not a requirement", 1, ""},
		{"foo==\n", "not a requirement", 1, ""},
		{"foo[bar\n", "not a requirement", 1, ""},
		{"-foo\n", "-foo", 1, ""},
		{"ok\n\x00\n", "not text", 0, ""},
		{"\xff\n", "not text", 0, ""},
		{"a\nb\nc\n-e ../x:y\n", "URL", 4, ""},
	} {
		lines, problem := ParseRequirements(tc.text)
		switch {
		case tc.want == "" && !problem.IsZero():
			t.Errorf("%q: line %d: %s, want it to pass", tc.text, problem.Line, problem.Why)
		case tc.want != "" && problem.IsZero():
			t.Errorf("%q passes, want a problem naming %q", tc.text, tc.want)
		case tc.want != "" && (!strings.Contains(problem.Why.String(), tc.want) || problem.Line != tc.line):
			t.Errorf("%q: line %d: %s, want line %d naming %q", tc.text, problem.Line, problem.Why, tc.line, tc.want)
		case tc.want == "":
			var kinds []string
			for _, l := range lines {
				kinds = append(kinds, l.Kind)
			}
			if got := strings.Join(kinds, " "); got != tc.kinds {
				t.Errorf("%q: kinds %q, want %q", tc.text, got, tc.kinds)
			}
		}
	}
}

// The strings of pyproject.toml's dependency lists pass only as
// requirements by name.
func TestCheckRequirement(t *testing.T) {
	for s, ok := range map[string]bool{
		"requests>=2": true, "coverage[toml]; python_version >= '3.9'": true, "pytest": true,
		"x @ https://evil.example/x.zip": false, "x@git+https://x": false, "./sub": false, "-e .": false,
		"git+https://x/y": false, "${X}": false, "": false,
	} {
		if got := CheckRequirement(s).IsZero(); got != ok {
			t.Errorf("CheckRequirement(%q) passes=%v, want %v", s, got, ok)
		}
	}
}

// Requirement files are hostile input: the reader never fails on any
// text, a passing file names no URL, no index and no variable, and every
// problem names a line the text has.
func FuzzRequirements(f *testing.F) {
	for _, s := range []string{"requests==2.32.3 \\\n --hash=sha256:ab\n", "-r base.txt\n-c c.txt\n-e .[dev]\n",
		"x @ https://y\n", "--index-url https://x\n", "idna; python_version >= '3.8'\n", "${X}\n", "-e git+https://x#egg=y\n",
		"a[b,c]>=1,<2\n", "\\\n\\\n", "-rx\n", ". \n./a[b]\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines, problem := ParseRequirements(text)
		if !problem.IsZero() {
			if problem.Line < 0 || problem.Line > strings.Count(text, "\n")+1 {
				t.Fatalf("%q: a problem at line %d of %d", text, problem.Line, strings.Count(text, "\n")+1)
			}
			return
		}
		for _, l := range lines {
			v := strings.ToLower(l.Value)
			if strings.Contains(v, "://") || strings.Contains(v, "@") || strings.ContainsAny(v, "$`\\{}|&;<>") && l.Kind != "req" {
				t.Fatalf("%q: line %d passes %s %q", text, l.Line, l.Kind, l.Value)
			}
			if l.Kind == "req" && (strings.ContainsAny(l.Value, "$`@{}\\|&") || strings.HasPrefix(l.Value, "-")) {
				t.Fatalf("%q: requirement %q passes", text, l.Value)
			}
			if l.Kind != "req" && l.Kind != "path" && l.Kind != "r" && l.Kind != "c" && l.Kind != "e" {
				t.Fatalf("%q: kind %q", text, l.Kind)
			}
			if (l.Kind == "r" || l.Kind == "c" || l.Kind == "e") && (l.Value == "" || strings.Contains(l.Value, ":")) {
				t.Fatalf("%q: %s of %q passes", text, l.Kind, l.Value)
			}
		}
		for _, line := range strings.Split(text, "\n") {
			for _, opt := range []string{"--index-url", "--extra-index-url", "--find-links", "--trusted-host", "-i ", "-f "} {
				if strings.HasPrefix(strings.TrimSpace(line), opt) {
					t.Fatalf("%q passes with %s", text, opt)
				}
			}
		}
	})
}
