// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"regexp"
	"strings"

	"memo.dev/projects/domain"
)

// gradle reads gradle.properties in the project's folders (the root
// project's and the line's, up to the root; the user's GRADLE_USER_HOME is
// their own). Two of its keys choose what gradle itself runs:
// org.gradle.java.home, the JVM the daemon runs on (and
// org.gradle.java.installations.paths, the JVMs its toolchains may pick),
// and org.gradle.jvmargs (kotlin.daemon.jvmargs for the Kotlin daemon), its
// options, among which -javaagent: and -agentpath: load code into it and
// -XX:OnError= runs a command. A JVM inside the project is the project's
// own code (its label says so); one outside blocks gradle lines. JVM
// options pass when they only size or tune the JVM or set a harmless
// property (gradleJVMArg); any other blocks.

// gradlePropertiesKeys are the keys read, and whether each names folders.
var gradlePropertiesKeys = map[string]bool{
	"org.gradle.java.home": true, "org.gradle.java.installations.paths": true,
	"org.gradle.jvmargs": false, "kotlin.daemon.jvmargs": false,
}

// gradleSafeProps are the -D system properties a JVM option may set: text
// encodings, locale, headless mode.
var gradleSafeProps = map[string]bool{
	"file.encoding": true, "sun.jnu.encoding": true, "sun.stdout.encoding": true, "sun.stderr.encoding": true,
	"user.language": true, "user.country": true, "user.region": true, "user.timezone": true,
	"java.awt.headless": true, "stdout.encoding": true, "stderr.encoding": true,
}

// gradleSafeXX are -XX:name=value options that take a number or a size.
var gradleSafeXX = map[string]bool{
	"MaxMetaspaceSize": true, "MetaspaceSize": true, "ReservedCodeCacheSize": true, "MaxRAMPercentage": true,
	"InitialRAMPercentage": true, "MinRAMPercentage": true, "MaxDirectMemorySize": true, "ParallelGCThreads": true,
	"ConcGCThreads": true, "CICompilerCount": true, "SoftRefLRUPolicyMSPerMB": true, "MaxHeapFreeRatio": true,
	"MinHeapFreeRatio": true, "ThreadStackSize": true, "MaxGCPauseMillis": true, "G1HeapRegionSize": true,
	"TieredStopAtLevel": true,
}

// GradleJVMArg reports whether a is a JVM option that only sizes or tunes the JVM (-Xmx2g,
// -XX:+UseParallelGC, -XX:MaxMetaspaceSize=1g) or sets a harmless property
// (-Dfile.encoding=UTF-8).
func GradleJVMArg(a string) bool {
	switch {
	case a == "-server" || a == "-client" || a == "-ea" || a == "-da" || a == "-esa" || a == "-dsa" || a == "-Xshare:auto":
		return true
	case strings.HasPrefix(a, "-Xmx"), strings.HasPrefix(a, "-Xms"), strings.HasPrefix(a, "-Xss"), strings.HasPrefix(a, "-Xmn"):
		return strings.Trim(a[4:], "0123456789kKmMgGtT") == ""
	case strings.HasPrefix(a, "-XX:+") || strings.HasPrefix(a, "-XX:-"):
		rest := a[5:]
		return rest != "" && !strings.ContainsAny(rest, "=:/\\ ")
	case strings.HasPrefix(a, "-XX:"):
		name, v, ok := strings.Cut(a[4:], "=")
		return ok && gradleSafeXX[name] && strings.Trim(v, "0123456789.kKmMgGtT") == ""
	case strings.HasPrefix(a, "-Dkotlin.daemon.jvm.options="):
		// The Kotlin daemon's own JVM options, comma separated, the dash
		// optional: each is judged as an option of gradle's JVM.
		v := strings.Trim(strings.TrimPrefix(a, "-Dkotlin.daemon.jvm.options="), `"'`)
		for _, o := range strings.Split(v, ",") {
			o = strings.TrimSpace(o)
			if !strings.HasPrefix(o, "-") {
				o = "-" + o
			}
			if o == "-" || strings.HasPrefix(o, "-Dkotlin.daemon.jvm.options=") || !GradleJVMArg(o) {
				return false
			}
		}
		return true
	case strings.HasPrefix(a, "-Dkotlin.daemon.options="):
		// The Kotlin daemon's own settings, comma separated NAME=VALUE:
		// only those that time it out or make it talk, with plain values.
		v := strings.Trim(strings.TrimPrefix(a, "-Dkotlin.daemon.options="), `"'`)
		for _, o := range strings.Split(v, ",") {
			name, val, _ := strings.Cut(strings.TrimSpace(o), "=")
			if !kotlinDaemonSafe[name] || strings.Trim(val, "0123456789truefals") != "" {
				return false
			}
		}
		return true
	case strings.HasPrefix(a, "--add-exports="), strings.HasPrefix(a, "--add-opens="), strings.HasPrefix(a, "--add-reads="):
		// Opens a package of a JDK module to other modules: module/package=target,
		// names only, nothing to load or run.
		_, v, _ := strings.Cut(a, "=")
		return javaModuleAccess.MatchString(v)
	case strings.HasPrefix(a, "-D"):
		name, _, _ := strings.Cut(a[2:], "=")
		return gradleSafeProps[name]
	}
	return false
}

// kotlinDaemonSafe are the Kotlin daemon settings (kotlin.daemon.options)
// that only time it out or make it report.
var kotlinDaemonSafe = map[string]bool{
	"autoshutdownIdleSeconds": true, "autoshutdownUnusedSeconds": true, "shutdownDelayMilliseconds": true,
	"forceShutdownTimeoutMilliseconds": true, "verbose": true, "reportPerf": true,
}

// javaModuleAccess is the value of --add-exports and --add-opens
// (module/package=module,…) and of --add-reads (module=module,…).
var javaModuleAccess = regexp.MustCompile(`^[A-Za-z0-9_.]+(/[A-Za-z0-9_.]+)?=[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$`)

// gradleBlock: gradle.properties runs a JVM from outside the project, or
// gives the JVM an option that loads code or runs a command.
func (p *Project) gradleBlock() *Block {
	for _, dir := range p.upTo(true) {
		path := filepath.Join(dir, "gradle.properties")
		kvs, b := p.properties(path)
		if b != nil {
			return b
		}
		for _, kv := range kvs {
			folders, ok := gradlePropertiesKeys[kv.Key]
			switch {
			case !ok || kv.value == "":
			case folders:
				for _, f := range strings.Split(kv.value, ",") {
					f = strings.TrimSpace(f)
					abs := f
					if !filepath.IsAbs(abs) {
						abs = filepath.Join(dir, f)
					}
					if f != "" && !p.PathProblem(abs).IsZero() {
						return &Block{File: p.Display(path), Key: kv.Key, Reason: domain.T("{{.Path}} sets {{.Key}} to {{.Value}}, a JVM outside the project, which gradle would run, so its lines ask", "Path", p.Display(path), "Key", kv.Key, "Value", f)}
					}
				}
			default:
				for _, a := range strings.Fields(kv.value) {
					if !GradleJVMArg(strings.Trim(a, `"'`)) {
						return &Block{File: p.Display(path), Key: kv.Key, Reason: domain.T("{{.Path}} gives the JVM the option {{.Value}} ({{.Key}}), which Memo does not know to be harmless (-javaagent: loads code, -XX:OnError= runs a command), so gradle lines ask", "Path", p.Display(path), "Key", kv.Key, "Value", a)}
					}
				}
			}
		}
	}
	return nil
}

// GradleNotes name a JVM the project holds, which gradle runs.
func (p *Project) GradleNotes() []domain.Text {
	var out []domain.Text
	for _, dir := range p.upTo(true) {
		path := filepath.Join(dir, "gradle.properties")
		kvs, _ := p.properties(path)
		for _, kv := range kvs {
			abs := kv.value
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(dir, abs)
			}
			if gradlePropertiesKeys[kv.Key] && kv.value != "" && p.PathProblem(abs).IsZero() {
				out = append(out, domain.T("runs the JVM the project holds ({{.Value}}), as {{.Path}} says ({{.Key}})", "Value", kv.value, "Path", p.Display(path), "Key", kv.Key))
			}
		}
	}
	return out
}

// properties reads a Java properties file loosely (key=value, key:value or
// key value; # and ! comments; a trailing backslash continues the value):
// nil when missing, a block when it cannot be read.
func (p *Project) properties(path string) ([]configKey, *Block) {
	e, err := p.Cached(path, maxConfigFile)
	if isNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, p.unreadable(path, err)
	}
	return p.Cache.Parse(e, "properties", func(b []byte) any { return ParseProperties(string(b)) }).([]configKey), nil
}

func ParseProperties(text string) []configKey {
	var out []configKey
	lines := strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(strings.TrimSuffix(lines[i], "\r"))
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(strings.TrimSuffix(lines[i], "\r"))
		}
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		end := strings.IndexAny(line, "=: \t")
		if end == 0 {
			continue // an empty key: none gradle reads
		}
		if end < 0 {
			out = append(out, configKey{Key: line})
			continue
		}
		key, value := line[:end], strings.TrimSpace(line[end:])
		if value != "" && (value[0] == '=' || value[0] == ':') {
			value = strings.TrimSpace(value[1:])
		}
		out = append(out, configKey{Key: key, value: value})
	}
	return out
}
