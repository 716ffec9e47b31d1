// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"regexp"
	"strings"
)

// interpreterPrefixes start the names of interpreters Memo refuses in any
// version or variant it has no entry for (python3.12, pip3.11, php8.2,
// ruby3.3, perl5.36, pythonw, php-cgi).
var interpreterPrefixes = []string{"python", "pip", "ruby", "perl", "php"}

// interpreterVariant is what follows such a prefix in a version or variant
// of the interpreter itself: a version, an ABI letter (python3.13t,
// pythonw), a build (python3-dbg, php-cgi, php-fpm, python3-config).
var interpreterVariant = regexp.MustCompile(`^[0-9.]*([a-z]|-(dbg|debug|cgi|fpm|cli|config))?$`)

// interpreterLike: a program without an entry whose name reads as an
// interpreter's. On the PATH any name with the prefix does; a project file
// only when the rest is a version or a variant: ./scripts/pipeline.sh and
// vendor/bin/php-coveralls are the project's own scripts, pinned with the
// trust as any project file is, while bin/python3-dbg is still python.
func interpreterLike(name string, projectFile bool) bool {
	for _, p := range interpreterPrefixes {
		if rest, ok := strings.CutPrefix(name, p); ok && (!projectFile || interpreterVariant.MatchString(rest)) {
			return true
		}
	}
	return false
}
