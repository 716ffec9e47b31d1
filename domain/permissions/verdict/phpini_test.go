// SPDX-License-Identifier: Apache-2.0

package verdict

import "testing"

// php.ini values set by -d (phpcs, phpcbf, phpunit, pest: each table's
// safe_values) pass for the keys that only size, time, report or switch
// checks; a key that names a file to load, a folder to load from or an
// extension asks, glued, apart or bundled.
func TestPhpIniSettings(t *testing.T) {
	tools := []string{"phpcs", "phpcbf", "phpunit", "pest"}
	for _, tool := range tools {
		for _, line := range []string{
			tool + " -d memory_limit=512M",
			tool + " -dmemory_limit=-1",
			tool + " -d error_reporting=-1 -d display_errors=1 -d zend.assertions=1",
			tool + " -d date.timezone=UTC -d max_execution_time=0",
		} {
			approves(t, []string{tool}, line)
		}
		for _, line := range []string{
			tool + " -d auto_prepend_file=x.php",
			tool + " -dauto_append_file=x.php",
			tool + " -d include_path=/tmp",
			tool + " -d extension=/tmp/x.so",
			tool + " -d zend_extension=xdebug.so",
			tool + " -d open_basedir=/",
			tool + " -d disable_functions=",
			tool + " -d xdebug.mode=debug",
			tool + " -d error_log=/tmp/x",
			tool + " -d assert.callback=system",
			tool + " -d MEMORY_LIMIT=1G",
			// A safe key's value that is a path: distributions' PHP reads
			// date.timezone's zone as a file of the system's zoneinfo.
			tool + " -d date.timezone=/tmp/x",
			tool + " -d date.timezone=../../../../tmp/x",
			tool + " -ddate.timezone=..",
		} {
			asksNaming(t, []string{tool}, line, "loads a library that runs code ("+tool+" -d)")
		}
	}
	asksNaming(t, []string{"phpcs"}, "phpcs -sd memory_limit=1G", "`-sd` loads a library that runs code (phpcs -d)")
}
