// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"strings"

	"memo.dev/projects/domain"
)

// Values given to a build on its command line: make's VAR=value, the
// variables ./configure takes, cmake's and meson's -D cache values. A value
// can choose what runs (CC=x, SHELL=x, -DCMAKE_C_COMPILER=x, c_args with
// -fplugin), so one passes only when it cannot name a program: a number or
// a yes/no word, or — where the variable holds flags — words that are each
// an option the C compilers' entry lists and none of their risky ones
// (a value whose every word starts with a dash is no command either).

// buildSpecialVars are variables that change how make itself runs,
// whatever their value.
var buildSpecialVars = map[string]bool{
	"SHELL": true, ".SHELLFLAGS": true, "MAKEFLAGS": true, "MFLAGS": true, "GNUMAKEFLAGS": true, "MAKE": true,
	"MAKEFILES": true, "MAKECMDGOALS": true, ".RECIPEPREFIX": true, "VPATH": true, "MAKEOVERRIDES": true,
	"MAKELEVEL": true, "MAKE_COMMAND": true, "SUFFIXES": true, ".DEFAULT_GOAL": true, "CURDIR": true,
}

// switchValue: a number, or a word saying yes or no (cmake's and meson's
// booleans included).
func switchValue(v string) bool {
	if v != "" && strings.Trim(v, "0123456789") == "" {
		return true
	}
	switch strings.ToLower(v) {
	case "on", "off", "yes", "no", "true", "false", "y", "n", "enabled", "disabled", "auto":
		return true
	}
	return false
}

// safeFlags: every word is an option of the C compilers' entry (catalog
// gcc) that none of their risky checks names, and names no path (Memo
// cannot tell here which folder the build reads it from).
func (c *Catalog) safeFlags(value string) bool {
	words := strings.Fields(value)
	e := c.Entries["gcc"]
	if len(words) == 0 || e == nil {
		return false
	}
	for _, w := range words {
		if !strings.HasPrefix(w, "-") || strings.ContainsAny(w, `/\@`) {
			return false
		}
	}
	if r := e.Read("gcc", words, nil); !r.Unknown.IsZero() {
		return false
	}
	return c.RiskyArgs("gcc", words, "").IsZero()
}

// safeAssignment: NAME=VALUE on a build's command line can choose no
// program.
func (c *Catalog) safeAssignment(a string) bool {
	name, value, ok := strings.Cut(a, "=")
	if !ok || name == "" || buildSpecialVars[name] {
		return false
	}
	return switchValue(value) || c.safeFlags(value) || c.knownCompiler(value)
}

// knownCompiler: the value is a C compiler the gcc entry names (gcc, cc,
// clang, g++ … and their versioned forms), by name: the one on PATH, as
// without the value, only another of the same kind.
func (c *Catalog) knownCompiler(v string) bool {
	if v == "" || strings.ContainsAny(v, `/\`) {
		return false
	}
	n := ProgramName(v)
	gcc := c.Known["gcc"]
	return n == strings.ToLower(v) && gcc != nil && c.Known[c.Canonical(n)] == gcc
}

// assignOperands: configure's VAR=value operands, as make's (see
// safeAssignment).
func assignOperands(c *Catalog, p Program, args []string) domain.Text {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && strings.Contains(a, "=") && !c.safeAssignment(a) {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", domain.T("overrides a variable the recipes use"))
		}
	}
	return domain.Text{}
}

// mesonWordOptions are meson's built-in options whose value is a word that
// chooses a kind of build, never a program (b_* options are all such).
var mesonWordOptions = map[string]bool{
	"buildtype": true, "optimization": true, "debug": true, "warning_level": true, "werror": true,
	"default_library": true, "default_both_libraries": true, "auto_features": true, "c_std": true,
	"cpp_std": true, "wrap_mode": true, "unity": true, "unity_size": true, "strip": true, "layout": true,
	"backend": true, "genvslite": true, "vsenv": true, "errorlogs": true, "stdsplit": true,
}

// mesonOperands: -D sets a built-in or project option; those holding
// compiler or linker arguments (c_args, cpp_link_args …) or naming a
// program pass only as flags safeFlags accepts, others with any value
// that is no path. --cross-file and --native-file name the compilers.
func mesonOperands(c *Catalog, p Program, args []string) domain.Text {
	for i, a := range args {
		if a == "--" {
			break
		}
		opt, ok := strings.CutPrefix(a, "-D")
		if !ok {
			continue
		}
		if opt == "" && i+1 < len(args) {
			opt = args[i+1]
		}
		name, value, _ := strings.Cut(opt, "=")
		switch {
		case strings.HasSuffix(name, "_args") || strings.HasSuffix(name, "_link_args"):
			if !c.safeFlags(value) {
				return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", domain.T("passes flags to the compiler, which can write files"))
			}
		case !switchValue(value) && !mesonWordOptions[name] && !strings.HasPrefix(name, "b_"):
			// A project's string option may name a program it runs.
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", runsProgram)
		case strings.ContainsAny(value, `/\`):
			return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", runsProgram)
		}
	}
	return domain.Text{}
}

// safeShortValue: args[i] is a risky short option given one of the values
// the table's safe_values lists (cargo -Z minimal-versions,
// -Zbuild-std=core): the unstable features that only choose what is built.
// A value after the key's = that could be a path (a /, a \\, a leading ~
// or ..) asks whatever the key: php -d date.timezone=../../x is a file of
// the system's zoneinfo to distributions' PHP. Operand checks read
// safe_values as properties; a table has one or the other.
func (p Program) safeShortValue(args []string, i int) bool {
	a := args[i]
	if len(p.safeValues) == 0 || p.operands != nil || len(a) < 2 || a[1] == '-' {
		return false
	}
	for _, r := range p.Short {
		if a[1] != r.Name[0] {
			continue
		}
		v := a[2:]
		if v == "" && i+1 < len(args) {
			v = args[i+1]
		}
		v, value, _ := strings.Cut(v, "=")
		if strings.ContainsAny(value, `/\`) || strings.HasPrefix(value, "~") || strings.HasPrefix(value, "..") {
			return false
		}
		return p.safeValues[v]
	}
	return false
}

// cmakeSafeDefine: a -D cache value that chooses no program: a variable
// safe_values lists with any value, or any variable set to a number or a
// yes/no word (-DJSON_BuildTests=On, -DCMAKE_CXX_STANDARD=17). Typed
// (-DNAME:BOOL=ON) and spelled apart (-D NAME=V) alike.
func cmakeSafeDefine(c *Catalog, p Program, a string, next []string) bool {
	body, ok := strings.CutPrefix(a, "-D")
	if !ok {
		return false
	}
	if body == "" {
		if len(next) == 0 {
			return false
		}
		body = next[0]
	}
	name, value, ok := strings.Cut(body, "=")
	if !ok {
		return false
	}
	name, typ, _ := strings.Cut(name, ":")
	if cmakeProjectPaths[name] && (typ == "" || typ == "PATH") {
		// The value is path-checked as every -D value is (inside the
		// project, through its links); one folder, never a list.
		return value != "" && !strings.ContainsAny(value, ";$~") && !strings.HasPrefix(value, "-")
	}
	switch typ {
	case "", "BOOL", "STRING":
	default:
		return false // FILEPATH, PATH, INTERNAL …
	}
	if (name == "CMAKE_C_COMPILER" || name == "CMAKE_CXX_COMPILER") && c.knownCompiler(value) {
		return true
	}
	if cmakeCompilerFlags.MatchString(name) && (strings.TrimSpace(value) == "" || c.safeFlags(value)) {
		return true // flags the C compilers' entry lists, none a linker's, assembler's or plugin's
	}
	if cmakeLauncher.MatchString(name) && value == "" {
		return true // an empty launcher: the compiler runs as without one
	}
	return p.safeValues[name] || switchValue(value)
}

// cmakeCompilerFlags are the cache variables cmake hands to the C and C++
// compilers (CMAKE_CXX_FLAGS, CMAKE_C_FLAGS_RELEASE …), not the linker's
// (CMAKE_EXE_LINKER_FLAGS), nor another language's compiler.
var cmakeCompilerFlags = regexp.MustCompile(`^CMAKE_(C|CXX|OBJC|OBJCXX)_FLAGS(_[A-Z]+)?$`)

// cmakeLauncher: the program cmake runs the compiler or linker under.
var cmakeLauncher = regexp.MustCompile(`^CMAKE_[A-Z]+_(COMPILER|LINKER)_LAUNCHER$`)

// cmakeProjectPaths are cache variables naming a folder: where `cmake
// --install` writes (CMAKE_INSTALL_PREFIX) and where find_package reads
// the packages' CMake scripts (CMAKE_PREFIX_PATH). A folder inside the
// project is the project's own (-D CMAKE_INSTALL_PREFIX=install-prefix);
// the path check asks for one outside, which would write or load code
// there.
var cmakeProjectPaths = map[string]bool{"CMAKE_INSTALL_PREFIX": true, "CMAKE_PREFIX_PATH": true}

// cmakeSafeEcho: the -E commands that run nothing and write only the
// folders they are given (path-checked as operands): make_directory, echo,
// compare_files, the checksums, capabilities.
var cmakeSafeE = map[string]bool{
	"make_directory": true, "echo": true, "echo_append": true, "compare_files": true, "sha256sum": true,
	"sha1sum": true, "md5sum": true, "sha512sum": true, "capabilities": true, "true": true, "false": true,
}

// cmakeSafeCommand: at is the -E word (the last of before) naming a safe
// command, or that command's name.
func cmakeSafeCommand(before, after []string) bool {
	last := before[len(before)-1]
	if last == "-E" {
		return len(after) > 0 && cmakeSafeE[after[0]]
	}
	return len(before) > 1 && before[len(before)-2] == "-E" && cmakeSafeE[last]
}

// bazelFlagOptions are bazel's options whose value is a compiler's or a
// linker's flag.
var bazelFlagOptions = []string{"--copt", "--cxxopt", "--conlyopt", "--host_copt", "--host_cxxopt", "--host_conlyopt", "--linkopt", "--host_linkopt"}

// bazelOperands: the flags bazel passes to the compilers pass as safeFlags
// would (-std=c++17, -Werror), others ask (-fplugin=x.so, -B/tmp).
func bazelOperands(c *Catalog, p Program, args []string) domain.Text {
	if reason := bazelValues(args); !reason.IsZero() {
		return reason
	}
	for i, a := range args {
		for _, o := range bazelFlagOptions {
			v, ok := strings.CutPrefix(a, o+"=")
			if !ok && a == o && i+1 < len(args) {
				v, ok = args[i+1], true
			}
			if ok && !c.safeFlags(v) {
				return domain.T("`{{.Word}}` {{.Why}}", "Word", a, "Why", domain.T("passes flags to the compiler, which can write files"))
			}
		}
	}
	return domain.Text{}
}

// SafeAssignment reports whether NAME=VALUE on make's line chooses no
// program whatever the makefiles do with it (safeAssignment).
func (c *Catalog) SafeAssignment(a string) bool { return c.safeAssignment(a) }

// CompilerFlags reports whether every word of value is a compiler flag
// the C compilers' entry lists and none of its risky ones (the check of
// cmake's and meson's flag values, and of make's flag variables).
func (c *Catalog) CompilerFlags(value string) bool { return c.safeFlags(value) }

// MakeOwnVariable reports whether make itself gives name a meaning
// (SHELL, MAKEFLAGS, .SHELLFLAGS, VPATH …), in any case, with every MAKE*
// name and every name starting with a dot (.RECIPEPREFIX …).
func MakeOwnVariable(name string) bool {
	upper := strings.ToUpper(name)
	return buildSpecialVars[upper] || buildSpecialVars[name] || strings.HasPrefix(upper, "MAKE") ||
		strings.HasPrefix(name, ".") || upper == "GPATH" || upper == "SUFFIXES"
}

// toolVariables name a program that build tools read from their
// environment (make exports a variable set on its line to every recipe):
// cgo, cc-rs, node-gyp and configure run $CC, $AR … as they are.
var toolVariables = map[string]bool{
	"CC": true, "CXX": true, "CPP": true, "LD": true, "AR": true, "AS": true, "NM": true, "RANLIB": true,
	"STRIP": true, "OBJCOPY": true, "OBJDUMP": true, "READELF": true, "FC": true, "F77": true, "YACC": true,
	"LEX": true, "M4": true, "PKG_CONFIG": true, "CROSS_COMPILE": true, "HOSTCC": true, "HOSTCXX": true,
	"CC_FOR_BUILD": true, "CXX_FOR_BUILD": true, "WINDRES": true, "DLLTOOL": true, "CCACHE": true,
}

// ToolVariable reports whether name is a variable build tools read from
// their environment as the program to run (CC, AR, CGO_*, *_COMPILER …), in any case.
func ToolVariable(name string) bool {
	upper := strings.ToUpper(name)
	if toolVariables[upper] || strings.HasPrefix(upper, "CGO_") {
		return true
	}
	for _, suffix := range []string{"_CC", "_CXX", "_LD", "_AR", "_COMPILER", "_LAUNCHER", "_WRAPPER", "_PROGRAM"} {
		if strings.HasSuffix(upper, suffix) {
			return true
		}
	}
	return false
}
