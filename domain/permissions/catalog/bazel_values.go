// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"strings"

	"memo.dev/projects/domain"
)

// bazelEnvOptions pass an environment variable to the actions, the tests
// or the repository rules. NAME alone passes the user's own value: the
// project sets nothing. NAME=VALUE sets a value the project chose
// (LD_PRELOAD, PATH), which can make them run another program.
var bazelEnvOptions = []string{"--action_env", "--host_action_env", "--test_env", "--repo_env"}

// systemPath are the standard system folders: a PATH made of them alone
// (--test_env=PATH=/bin:/usr/bin:/usr/local/bin, rules_cc) finds only the
// system's programs, which the actions find there anyway. Any other folder,
// a relative one or an empty entry (the current folder) asks.
var systemPath = map[string]bool{"/bin": true, "/usr/bin": true, "/usr/local/bin": true, "/sbin": true, "/usr/sbin": true, "/usr/local/sbin": true}

// localeVars choose the language and text encoding (LANG=C.UTF-8,
// rules_haskell's .bazelrc): a locale's name selects among the system's
// locales; with a `/` glibc would load it from that path (localeName).
var localeVars = map[string]bool{
	"LANG": true, "LANGUAGE": true, "LC_ALL": true, "LC_CTYPE": true, "LC_COLLATE": true, "LC_MESSAGES": true,
	"LC_NUMERIC": true, "LC_TIME": true, "LC_MONETARY": true,
}

// localeName is a locale's name (C, C.UTF-8, en_US.UTF-8, de_DE@euro), never a path.
var localeName = regexp.MustCompile(`^[A-Za-z0-9_.@-]+$`)

// safeEnvValue: NAME alone, a locale variable set to a locale's name, or
// PATH of the system folders alone.
func safeEnvValue(v string) bool {
	if envName.MatchString(v) {
		return true
	}
	if name, value, _ := strings.Cut(v, "="); localeVars[name] && localeName.MatchString(value) {
		return true
	}
	dirs, ok := strings.CutPrefix(v, "PATH=")
	if !ok {
		return false
	}
	for _, d := range strings.Split(dirs, ":") {
		if !systemPath[d] {
			return false
		}
	}
	return true
}

// envName is a variable's name, and nothing more.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// jdkProperties are the name spaces of the JDK's own system properties,
// which choose where code is loaded from (java.library.path,
// java.system.class.loader) or open a port (com.sun.management.jmxremote.*).
var jdkProperties = []string{"java.", "javax.", "jdk.", "sun.", "com.sun.", "com.oracle.", "oracle."}

// bazelValues judges the options of bazel whose value decides whether they
// are risky: the environment options (a name passes, a value asks, but a
// PATH of the system folders alone passes: safeEnvValue) and
// --host_jvm_args, the bazel server's JVM options, which pass only when
// they size or tune the JVM as gradle's may (gradleJVMArg) or set a
// property of bazel's own that only switches or counts
// (-DBAZEL_TRACK_SOURCE_DIRECTORIES=1).
func bazelValues(args []string) domain.Text {
	for i, a := range args {
		opt, v, glued := strings.Cut(a, "=")
		if !glued && i+1 < len(args) {
			v = args[i+1]
		}
		for _, o := range bazelEnvOptions {
			if opt == o && (!glued && i+1 >= len(args) || !safeEnvValue(v)) {
				return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", runsProgram, "Spelled", "bazel "+o)
			}
		}
		if opt == "--define" && (!glued && i+1 >= len(args) || !bazelDefine(v)) {
			return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", runsProgram, "Spelled", "bazel --define")
		}
		if opt == "--host_jvm_args" && (!glued && i+1 >= len(args) || !GradleJVMArg(v) && !bazelJVMProperty(v)) {
			return domain.T("`{{.Word}}` {{.Why}} ({{.Spelled}})", "Word", a, "Why", domain.T("loads a library that runs code"), "Spelled", "bazel --host_jvm_args")
		}
	}
	return domain.Text{}
}

// bazelDefine: --define NAME=VALUE sets a make variable that select() and
// the genrules' commands read ($(NAME)): a value that is a plain name or a
// switch (kt_trace=1, mode=opt) only chooses; one that could be a flag, a
// path or words (-fplugin=…, /tmp/x, "a b") could reach a command.
func bazelDefine(v string) bool {
	name, value, ok := strings.Cut(v, "=")
	if !ok || !envName.MatchString(name) {
		return false
	}
	return flagValue(value) || !strings.HasPrefix(value, "-") && PlainValue(value) && !strings.ContainsAny(value, "/\\")
}

// bazelJVMProperty: -DNAME=VALUE outside the JDK's name spaces, with a
// value that only switches or counts under a name that names no program.
func bazelJVMProperty(a string) bool {
	body, ok := strings.CutPrefix(a, "-D")
	if !ok {
		return false
	}
	name, value, ok := strings.Cut(body, "=")
	if !ok || name == "" || !flagValue(value) || propertyProblem(name, value) {
		return false
	}
	for _, ns := range jdkProperties {
		if strings.HasPrefix(strings.ToLower(name), ns) {
			return false
		}
	}
	return true
}
