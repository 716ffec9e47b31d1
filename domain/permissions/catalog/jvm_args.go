// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"strings"
)

// gradleSafeProps are the -D system properties a JVM option may set: text
// encodings, locale, headless mode.
var gradleSafeProps = map[string]bool{
	"file.encoding": true, "sun.jnu.encoding": true, "sun.stdout.encoding": true, "sun.stderr.encoding": true,
	"user.language": true, "user.country": true, "user.region": true, "user.timezone": true,
	"java.awt.headless": true, "stdout.encoding": true, "stderr.encoding": true,
}

// tlsProtocolProps choose the TLS versions the JVM speaks
// (-Djdk.tls.client.protocols=TLSv1.2, rules_haskell's .bazelrc): a list of
// protocol names it matches, nothing loaded or run. Only the current
// versions pass (tlsProtocols): an older one would weaken what it downloads.
var tlsProtocolProps = map[string]bool{"jdk.tls.client.protocols": true, "jdk.tls.server.protocols": true, "https.protocols": true}

// tlsProtocols is a comma separated list of TLSv1.2 and TLSv1.3.
var tlsProtocols = regexp.MustCompile(`^TLSv1\.[23](,TLSv1\.[23])*$`)

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
		name, v, _ := strings.Cut(a[2:], "=")
		if tlsProtocolProps[name] {
			return tlsProtocols.MatchString(v)
		}
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
