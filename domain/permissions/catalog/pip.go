// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"strings"

	"memo.dev/projects/domain"
)

// pip install (pip, pip3, python -m pip, uv pip install) is approved only
// for what the project itself declares (docs/permissions.md §7, pip): its
// requirement and constraint files (-r, -c), its own folders (., -e .,
// ./sub, .[dev]) and the dependency groups of its pyproject.toml (--group).
// A package named on the line, a URL, a wheel or archive asks: it names
// code nobody in the project wrote down. Here only the words are read; the
// files they name are read in a project (projectfiles/requirements.go,
// verdict/pip_line.go).

// PipInstall is what a pip install line names, each word as written.
type PipInstall struct {
	// Requirements and Constraints are the files -r and -c name.
	Requirements, Constraints []string
	// Projects are the folders installed (operands and -e values), their
	// extras cut (.[dev] is .).
	Projects []string
	// Groups are the --group values: "name" or "path:name".
	Groups []string
	// UV: the line is uv pip install, whose -r may name pyproject.toml.
	UV bool
	// NoDeps: --no-deps, with which the folders' declared dependencies are
	// not installed; NoBuildIsolation: --no-build-isolation, with which
	// their build backend's requirements are not either.
	NoDeps, NoBuildIsolation bool
}

// pipValued are pip install's options that take a value (the next word,
// or glued after = or, for a short one, after the letter); the ones Memo
// does not pass are listed too, so that their value is not read as an
// operand.
var pipValued = map[string]string{
	"-r": "r", "--requirement": "r", "--requirements": "r", "-c": "c", "--constraint": "c", "--constraints": "c",
	"-e": "e", "--editable": "e", "--group": "g",
	"-t": "", "--target": "", "--prefix": "", "--root": "", "--upgrade-strategy": "", "--only-binary": "",
	"--no-binary": "", "--progress-bar": "", "--root-user-action": "", "--extra": "", "-i": "", "--index-url": "",
	"--extra-index-url": "", "-f": "", "--find-links": "", "--trusted-host": "", "-C": "", "--config-settings": "",
	"--config-setting": "", "--python": "", "-p": "", "--log": "", "--cache-dir": "", "--src": "", "--platform": "",
	"--python-version": "", "--implementation": "", "--abi": "", "--global-option": "", "--build-option": "",
	"--report": "", "--exists-action": "", "--timeout": "", "--retries": "", "--proxy": "", "--cert": "",
	"--client-cert": "", "--keyring-provider": "", "--use-feature": "", "--use-deprecated": "", "--index": "",
	"--default-index": "", "--override": "", "--overrides": "", "--exclude-newer": "", "--python-platform": "",
	"--prerelease": "", "--resolution": "", "--index-strategy": "", "--link-mode": "", "--reinstall-package": "",
	"--upgrade-package": "", "-P": "", "--no-binary-package": "", "--only-binary-package": "", "--color": "",
}

// pipValue is what kind of value the option takes, if it takes one: uv's
// --no-binary is a switch, pip's takes the packages it applies to.
func pipValue(name string, uv bool) (string, bool) {
	if uv && name == "--no-binary" {
		return "", false
	}
	if !uv && (name == "-p" || name == "-P" || name == "--extra") {
		return "", false // no pip options: pip refuses the line
	}
	kind, ok := pipValued[name]
	return kind, ok
}

// ReadPipInstall reads the words after pip (or after uv) of a pip install
// line: what it installs, or why a word names something other than the
// project's own declarations. ok is false when the words are no install.
func ReadPipInstall(args []string, uv bool) (PipInstall, domain.Text, bool) {
	pi := PipInstall{UV: uv}
	at := -1
	want := []string{"install"}
	if uv {
		want = []string{"pip", "install"}
	}
	for i, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if a != want[0] {
			return pi, domain.Text{}, false
		}
		if want = want[1:]; len(want) == 0 {
			at = i
			break
		}
	}
	if at < 0 {
		return pi, domain.Text{}, false
	}
	rest := args[at+1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			for _, op := range rest[i+1:] {
				if reason := pipProject(op); !reason.IsZero() {
					return pi, reason, true
				}
				pi.Projects = append(pi.Projects, cutExtras(op))
			}
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if reason := pipProject(a); !reason.IsZero() {
				return pi, reason, true
			}
			pi.Projects = append(pi.Projects, cutExtras(a))
			continue
		}
		name, value, glued := strings.Cut(a, "=")
		kind, valued := pipValue(name, uv)
		if !valued && !strings.HasPrefix(a, "--") && len(a) > 2 {
			// -rfile, -e.: a short option with its value glued on.
			if k, ok := pipValue(a[:2], uv); ok {
				value, glued, kind, valued = a[2:], true, k, true
			}
		}
		switch a {
		case "--no-deps":
			pi.NoDeps = true
		case "--no-build-isolation":
			pi.NoBuildIsolation = true
		}
		if !valued {
			continue
		}
		if !glued {
			if i+1 >= len(rest) {
				continue // no value: pip refuses the line
			}
			i++
			value = rest[i]
		}
		switch kind {
		case "r", "c":
			if pipURL(value) {
				return pi, domain.T("`{{.Word}}` is a requirement file on the network, which Memo cannot read; name a file of the project", "Word", value), true
			}
			if kind == "r" {
				pi.Requirements = append(pi.Requirements, value)
			} else {
				pi.Constraints = append(pi.Constraints, value)
			}
		case "e":
			if reason := pipProject(value); !reason.IsZero() {
				return pi, reason, true
			}
			pi.Projects = append(pi.Projects, cutExtras(value))
		case "g":
			if reason := pipGroup(value); !reason.IsZero() {
				return pi, reason, true
			}
			pi.Groups = append(pi.Groups, value)
		}
	}
	return pi, domain.Text{}, true
}

// pipProject tells why an operand of pip install is not a folder of the
// project written as a path (., ./sub, sub/, .[dev]): a name is a package
// pip fetches from the index, a URL or VCS spec fetches from elsewhere, a
// wheel or archive is a file no one reviewed (a build output, a download).
func pipProject(word string) domain.Text {
	w := cutExtras(word)
	lower := strings.ToLower(w)
	switch {
	case pipURL(word) || strings.Contains(word, "@"):
		return domain.T("`{{.Word}}` installs from a URL or a repository, not from what the project declares", "Word", word)
	case strings.HasSuffix(lower, ".whl") || strings.HasSuffix(lower, ".zip") || strings.HasSuffix(lower, ".tar.gz") ||
		strings.HasSuffix(lower, ".tgz") || strings.HasSuffix(lower, ".tar.bz2") || strings.HasSuffix(lower, ".tar.xz") ||
		strings.HasSuffix(lower, ".tar") || strings.HasSuffix(lower, ".egg"):
		return domain.T("`{{.Word}}` is a wheel or an archive, whose code and dependencies Memo does not read; install the project's folder or its requirement files", "Word", word)
	case w == "." || w == ".." || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") || strings.HasPrefix(w, ".\\") ||
		strings.ContainsAny(w, `/\`):
		if strings.ContainsAny(w, ":[]") {
			return domain.T("`{{.Word}}` installs from a URL or a repository, not from what the project declares", "Word", word)
		}
		return domain.Text{}
	}
	return domain.T("`{{.Word}}` {{.Why}}; pip install approves only what the project declares (-r requirements.txt, -e ., --group dev)", "Word", word, "Why", addsPackage)
}

// cutExtras drops the extras of a folder operand: .[dev,test] is ., and
// "path[x]" is path; a word without a closing bracket stays as it is.
func cutExtras(word string) string {
	if i := strings.IndexByte(word, '['); i > 0 && strings.HasSuffix(word, "]") {
		extras := word[i+1 : len(word)-1]
		for _, e := range strings.Split(extras, ",") {
			if !PipName(strings.TrimSpace(e)) {
				return word
			}
		}
		return word[:i]
	}
	return word
}

// PipExtras reports whether word is a project folder with extras (.[dev,test],
// ./sub[x]), which pip reads as names: its brackets are no pattern.
func PipExtras(word string) bool {
	w := cutExtras(word)
	return w != word && pipProject(w).IsZero() && !strings.ContainsAny(w, "*?[]{}")
}

// pipGroup tells why a --group value is not a dependency group name, with
// an optional path of a pyproject.toml before a colon (PEP 735, pip 25.1).
func pipGroup(value string) domain.Text {
	path, name := "", value
	if i := strings.LastIndexByte(value, ':'); i >= 0 {
		path, name = value[:i], value[i+1:]
	}
	if !PipName(name) || pipURL(value) || path != "" && !strings.HasSuffix(strings.ReplaceAll(path, `\`, "/"), "pyproject.toml") {
		return domain.T("`{{.Word}}` is not a dependency group of a pyproject.toml that Memo reads", "Word", value)
	}
	return domain.Text{}
}

// pipURL: a word pip reads as a URL or a version control spec.
func pipURL(w string) bool {
	lower := strings.ToLower(w)
	for _, p := range []string{"git+", "hg+", "svn+", "bzr+", "file:", "http:", "https:", "ftp:"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return strings.Contains(w, "://")
}

// PipName reports whether s is a project, extra or group name as PEP 508
// and PEP 735 write it (letters, digits, and . _ - inside).
func PipName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || i == len(s)-1 || c != '.' && c != '_' && c != '-') {
			return false
		}
	}
	return true
}

// pipOperands is pip's check of its whole argument list: what pip install
// names must be the project's own (ReadPipInstall).
func pipOperands(c *Catalog, p Program, args []string) domain.Text {
	_, reason, _ := ReadPipInstall(args, false)
	return reason
}
