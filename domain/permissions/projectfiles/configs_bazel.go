// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"runtime"
	"strings"

	"memo.dev/projects/domain/permissions/catalog"
)

// bazel reads the workspace's .bazelrc (and what it imports) before every
// command: a line `build --run_under=x` there runs x under every approved
// `bazel run`, as if on the line. Each option of it is checked as the same
// option on the line would be (bazel's risky arguments); an import of a
// file outside the project blocks, one inside is read too. The user's own
// ~/.bazelrc and the system's are not the project's.

// maxBazelrcs bounds the files one .bazelrc imports.
const maxBazelrcs = 16

// bazelrcLine is one command line of a .bazelrc: `build:ci --config=x`.
type bazelrcLine struct {
	Command string   // build, build:ci, startup, common, import, try-import
	args    []string // the options, or the imported path
}

func ParseBazelrc(text string) []bazelrcLine {
	text = strings.ReplaceAll(text, "\\\r\n", " ")
	text = strings.ReplaceAll(text, "\\\n", " ")
	var out []bazelrcLine
	for _, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := rcWords(line)
		if len(f) == 0 || f[0] == "" {
			continue
		}
		out = append(out, bazelrcLine{Command: f[0], args: f[1:]})
	}
	return out
}

// rcWords splits a .bazelrc line into words as bazel does: spaces
// separate, quotes group and are removed.
func rcWords(line string) []string {
	var out []string
	var b strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case quote != 0 && ch == quote:
			quote = 0
		case quote == 0 && (ch == '"' || ch == '\''):
			quote, in = ch, true
		case quote == 0 && (ch == ' ' || ch == '\t' || ch == '\r'):
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// bazelProjectCommand: a command-valued option (--workspace_status_command,
// --run_under) whose program is a file of the project: project code, as
// the BUILD files' own genrules are, which every bazel rule runs.
func (p *Project) bazelProjectCommand(a string) bool {
	for _, o := range []string{"--workspace_status_command=", "--run_under="} {
		v, ok := strings.CutPrefix(a, o)
		if !ok {
			continue
		}
		words := strings.Fields(v)
		if len(words) == 0 {
			return false
		}
		for _, root := range []string{"%workspace%/", "$PWD/", "${PWD}/"} {
			if rest, ok := strings.CutPrefix(words[0], root); ok {
				words[0] = "./" + rest
			}
		}
		if strings.ContainsAny(strings.Join(words, " "), "$`;|&<>") {
			return false // an expansion or more than one command
		}
		// The command as a line of its own: a project file (its paths
		// checked), or a program with an entry whose words pass it.
		if strings.Contains(words[0], "/") {
			if filepath.IsAbs(words[0]) || !p.PathProblem(words[0]).IsZero() {
				return false
			}
		} else if catalog.Builtin().Entries[catalog.Builtin().Canonical(catalog.ProgramName(words[0]))] == nil {
			return false
		}
		reason := p.configWords(words)
		return reason.IsZero()
	}
	return false
}

// BazelPlatform is the name of the platform config bazel applies on this
// OS (--enable_platform_specific_config).
func BazelPlatform() string {
	switch runtime.GOOS {
	case "darwin":
		return "macos"
	default:
		return runtime.GOOS
	}
}

// bazelConfigs are the configs a line may apply: every word of it (a
// --config=NAME value among them: more configs can only make more lines
// ask), the platform's, and those the applied lines name in turn.
func bazelConfigs(lines []bazelrcLine, words []string) map[string]bool {
	on := map[string]bool{BazelPlatform(): true}
	for _, w := range words {
		on[strings.TrimPrefix(w, "--config=")] = true
	}
	for changed := true; changed; {
		changed = false
		for _, l := range lines {
			if _, cfg, ok := strings.Cut(l.Command, ":"); ok && !on[cfg] {
				continue
			}
			for i, a := range l.args {
				name, ok := strings.CutPrefix(a, "--config=")
				if !ok && a == "--config" && i+1 < len(l.args) {
					name, ok = l.args[i+1], true
				}
				if ok && !on[name] {
					on[name], changed = true, true
				}
			}
		}
	}
	return on
}

// bazelWorkspaceFiles mark a bazel workspace's root: bazel runs in the
// nearest folder above the line's that holds one, and reads that folder's
// .bazelrc, not the root's (rules_cc's examples/rule_based_toolchain).
var bazelWorkspaceFiles = []string{"MODULE.bazel", "REPO.bazel", "WORKSPACE.bazel", "WORKSPACE"}

// bazelWorkspace is the workspace the line runs in: the nearest folder from
// the line's up to the project's root holding a workspace file, else the
// root. Each file looked for is recorded, so one added later is seen.
func (p *Project) bazelWorkspace() string {
	for _, dir := range p.upTo(true) {
		for _, name := range bazelWorkspaceFiles {
			if _, err := p.Cached(filepath.Join(dir, name), maxConfigFile); !isNotExist(err) {
				return dir // an unreadable one marks the workspace all the same
			}
		}
	}
	return p.Root
}

func (p *Project) bazelBlock(words []string) *Block {
	c := catalog.Builtin() // the risky arguments, as for make's MAKEFLAGS
	workspace := p.bazelWorkspace()
	queue := []string{filepath.Join(workspace, ".bazelrc")}
	seen := map[string]bool{}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] {
			continue
		}
		seen[path] = true
		show := p.Display(path)
		if len(seen) > maxBazelrcs {
			return &Block{File: show, Reason: setsKey(show, "import", path)}
		}
		e, err := p.Cached(path, maxConfigFile)
		if isNotExist(err) {
			continue
		}
		if err != nil {
			return p.unreadable(path, err)
		}
		lines := p.Cache.Parse(e, "bazelrc", func(b []byte) any { return ParseBazelrc(string(b)) }).([]bazelrcLine)
		configs := bazelConfigs(lines, words)
		for _, l := range lines {
			if _, cfg, ok := strings.Cut(l.Command, ":"); ok && !configs[cfg] {
				continue // build:windows applies with --config=windows, or on Windows
			}
			switch l.Command {
			case "import", "try-import", "try-import-if-bazel-version":
				// try-import-if-bazel-version >=9.0.0 FILE (Bazel 8.7, 9)
				// imports FILE for some versions of bazel: it is read
				// whatever the version, which can only make more lines ask.
				want := 1
				if l.Command == "try-import-if-bazel-version" {
					want = 2
				}
				if len(l.args) != want {
					return &Block{File: show, Key: l.Command, Reason: setsKey(show, l.Command, strings.Join(l.args, " "))}
				}
				file := l.args[want-1]
				target := strings.ReplaceAll(file, "%workspace%", workspace)
				if !filepath.IsAbs(target) {
					target = filepath.Join(filepath.Dir(path), target)
				}
				if _, ok := p.insideRoot(target); !ok {
					return &Block{File: show, Key: l.Command, Reason: setsKey(show, l.Command, file)}
				}
				queue = append(queue, target)
				continue
			}
			args := make([]string, 0, len(l.args))
			for _, a := range l.args {
				if !p.bazelProjectCommand(a) {
					args = append(args, a)
				}
			}
			if reason := c.RiskyArgs("bazel", args, ""); !reason.IsZero() {
				return &Block{File: show, Key: l.Command, Reason: setsKey(show, l.Command, strings.Join(l.args, " "))}
			}
		}
	}
	return nil
}
