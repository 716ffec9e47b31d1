// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"regexp"
	"runtime"
	"strings"

	"memo.dev/projects/domain/permissions/catalog"
)

// Of cargo's configuration, the flags given to rustc and rustdoc
// (build.rustflags, target.<triple>.rustflags …) make cargo run another
// program only through some flags: -C linker=, -C link-arg=, -Z, -L and
// plugins. Lint levels and cfg flags (-D warnings, --cfg docsrs) and code
// generation choices (-C opt-level=3, -C target-cpu=native) run nothing
// else: a config holding only those does not block. A [target.<triple>]
// table applies only when building for that triple: one for another OS
// than this machine's (a Windows-only table on Linux) does not block,
// unless the line or build.target names it.

// cargoFlagsKeys are the keys that hold rustc or rustdoc flags.
var cargoFlagsKeys = []string{
	"build.rustflags", "build.rustdocflags", "target.*.rustflags", "target.*.rustdocflags", "host.rustflags",
	"host.*.rustflags", "profile.*.rustflags",
}

// rustcCodegen are the -C options that choose how code is generated, and
// read or write no file and run no program.
var rustcCodegen = map[string]bool{
	"opt-level": true, "debuginfo": true, "target-cpu": true, "target-feature": true, "codegen-units": true,
	"debug-assertions": true, "overflow-checks": true, "panic": true, "force-frame-pointers": true,
	"force-unwind-tables": true, "strip": true, "lto": true, "embed-bitcode": true, "relocation-model": true,
	"code-model": true, "symbol-mangling-version": true, "instrument-coverage": true, "split-debuginfo": true,
	"metadata": true, "link-dead-code": true, "inline-threshold": true, "no-redzone": true, "soft-float": true,
	"prefer-dynamic": true, "debug_assertions": true, "opt_level": true,
}

// HarmlessRustflags reports whether every flag sets a lint level, a cfg, or a code
// generation choice of rustcCodegen.
func HarmlessRustflags(flags []string) bool {
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		next := func() (string, bool) {
			if i+1 >= len(flags) {
				return "", false
			}
			i++
			return flags[i], true
		}
		switch {
		case f == "-D" || f == "-W" || f == "-A" || f == "-F" || f == "--cfg" || f == "--check-cfg" ||
			f == "--deny" || f == "--warn" || f == "--allow" || f == "--forbid" || f == "--cap-lints":
			if _, ok := next(); !ok {
				return false
			}
		case len(f) > 2 && (strings.HasPrefix(f, "-D") || strings.HasPrefix(f, "-W") || strings.HasPrefix(f, "-A") || strings.HasPrefix(f, "-F")):
		case strings.HasPrefix(f, "--cfg=") || strings.HasPrefix(f, "--check-cfg=") || strings.HasPrefix(f, "--cap-lints=") ||
			strings.HasPrefix(f, "--deny=") || strings.HasPrefix(f, "--warn=") || strings.HasPrefix(f, "--allow=") || strings.HasPrefix(f, "--forbid="):
		case f == "--document-private-items":
		case f == "-C" || f == "--codegen":
			v, ok := next()
			if !ok || !codegenOption(v) {
				return false
			}
		case strings.HasPrefix(f, "-C"):
			if !codegenOption(f[2:]) {
				return false
			}
		case strings.HasPrefix(f, "--codegen="):
			if !codegenOption(strings.TrimPrefix(f, "--codegen=")) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func codegenOption(v string) bool {
	name, val, _ := strings.Cut(v, "=")
	if name == "link-self-contained" {
		// The C runtime objects and linker that ship with rustc's own
		// target (musl's crt, rust-lld): chosen by word, never by path.
		return linkSelfContained.MatchString(val)
	}
	return rustcCodegen[name]
}

// linkSelfContained is a value of -C link-self-contained: yes, no, or a
// list of +/- components (+linker,-crto).
var linkSelfContained = regexp.MustCompile(`^(y|n|yes|no|on|off|true|false|([+-](linker|crto|libc|unwind|sanitizers|mingw))(,[+-](linker|crto|libc|unwind|sanitizers|mingw))*)$`)

// flagWords are a flags value's words: a string split on spaces, or a list.
func flagWords(v any) ([]string, bool) {
	switch v := v.(type) {
	case string:
		return strings.Fields(v), true
	case []any:
		out := make([]string, 0, len(v))
		for _, w := range v {
			s, ok := w.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// cargoFlagsBlock: a flags key holding a flag that is not harmless.
func (p *Project) cargoFlagsBlock(path string, m map[string]any) *Block {
	for _, k := range cargoFlagsKeys {
		for _, found := range findKeys(m, k) {
			words, ok := flagWords(found.v)
			if ok && HarmlessRustflags(words) {
				continue
			}
			return &Block{File: p.Display(path), Key: found.key, Reason: setsKey(p.Display(path), found.key, shortValue(found.v))}
		}
	}
	return nil
}

type keyValue struct {
	key string
	v   any
}

// findKeys are all the keys a pattern of findKey matches, with their values.
func findKeys(m map[string]any, pattern string) []keyValue {
	before, after, wild := strings.Cut(pattern, "*")
	if !wild {
		if v, ok := lookupDotted(m, pattern); ok && !emptyValue(v) {
			return []keyValue{{pattern, v}}
		}
		return nil
	}
	t, _ := lookupDotted(m, strings.TrimSuffix(before, "."))
	tables, _ := t.(map[string]any)
	var out []keyValue
	for name, sub := range tables {
		st, ok := sub.(map[string]any)
		if !ok {
			continue
		}
		if v, ok := lookupDotted(st, strings.TrimPrefix(after, ".")); ok && !emptyValue(v) {
			out = append(out, keyValue{before + name + after, v})
		}
	}
	return out
}

// applicableTargets is the config with only the [target.*] (and
// [host.*]) tables that apply to the line: a triple for this machine's OS, one the line names
// (cargo build --target x) or build.target names, and every cfg(…)
// table but those that name another OS alone (cfg(windows) on Linux).
func applicableTargets(m map[string]any, r catalog.Reading) map[string]any {
	targets, _ := m["target"].(map[string]any)
	named := map[string]bool{}
	for _, w := range r.Paths {
		named[w] = true
	}
	if bt, ok := lookupDotted(m, "build.target"); ok {
		switch v := bt.(type) {
		case string:
			named[v] = true
		case []any:
			for _, x := range v {
				if s, ok := x.(string); ok {
					named[s] = true
				}
			}
		}
	}
	kept := map[string]any{}
	for name, t := range targets {
		if named[name] || TargetForThisOS(name) {
			kept[name] = t
		}
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	out["target"] = kept
	// [host.<triple>] applies to build scripts on this machine alone.
	if host, ok := m["host"].(map[string]any); ok {
		h := map[string]any{}
		for k, v := range host {
			if _, isTable := v.(map[string]any); !isTable || TargetForThisOS(k) {
				h[k] = v
			}
		}
		out["host"] = h
	}
	return out
}

// targetOS are the OS words of target triples and cfg(…), by GOOS.
var targetOS = map[string][]string{
	"windows": {"windows"}, "linux": {"linux"}, "darwin": {"apple", "darwin", "macos"},
	"freebsd": {"freebsd"}, "netbsd": {"netbsd"}, "openbsd": {"openbsd"},
}

// TargetForThisOS reports whether name is a triple or cfg(…) that may apply on this machine — any
// but one naming another OS of targetOS and not this one's.
func TargetForThisOS(name string) bool {
	l := strings.ToLower(name)
	if strings.HasPrefix(l, "cfg(") {
		// Only cfg(windows), cfg(unix) and cfg(target_os = "…") alone are read.
		switch body := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(l, "cfg("), ")"), " ", ""); {
		case body == "windows":
			return runtime.GOOS == "windows"
		case body == "unix":
			return runtime.GOOS != "windows"
		case strings.HasPrefix(body, "target_os=") && !strings.ContainsAny(body, ",()"):
			os := strings.Trim(strings.TrimPrefix(body, "target_os="), `"`)
			return !otherOS(os)
		}
		return true
	}
	parts := strings.Split(l, "-")
	for _, words := range targetOS {
		for _, w := range words {
			for _, p := range parts {
				if p == w {
					return !otherOS(w)
				}
			}
		}
	}
	return true
}

// otherOS: the OS word names a known OS that is not this machine's.
func otherOS(w string) bool {
	for goos, words := range targetOS {
		for _, x := range words {
			if x == w {
				return goos != runtime.GOOS
			}
		}
	}
	return false
}
