#!/usr/bin/env bash
# packaging/msi/check.sh MSI: checks, with msiinfo, that the installer holds
# what packaging/README.md promises: both programs in Program Files (64-bit,
# per machine), the Start-menu shortcut with its icon, the install folder on
# the machine's PATH, the upgrade code every version shares, the uninstall
# entry's icon, no Modify, the licence. Exit status 1, naming what is missing, otherwise.
set -euo pipefail
msi=$1
fail=0
want() { # table, pattern (grep -E, tab-separated columns), what it means
	if ! msiinfo export "$msi" "$1" | tr -d '\r' | grep -qE "$2"; then
		echo "msi-check: $3: no row of $1 matches '$2'" >&2
		fail=1
	fi
}
tab=$'\t'
want File "^MemoProjectsExe${tab}Program${tab}memo-projects.exe${tab}" "the GUI program"
want File "^MemoProjectsCom${tab}Program${tab}memo-projects.com${tab}" "the console program"
want Directory "^INSTALLDIR${tab}ProgramFiles64Folder${tab}Memo Projects$" "installed in Program Files\\Memo Projects"
want Component "^Program${tab}\\{2BF0B27C-C88E-4890-B345-7E9F9FA404CF\\}${tab}INSTALLDIR${tab}256${tab}" "a 64-bit component with its fixed GUID"
want Shortcut "^MemoProjectsShortcut${tab}ProgramMenuFolder${tab}Memo Projects${tab}StartMenuShortcut${tab}\\[#MemoProjectsExe\\]${tab}.*${tab}MemoProjects.ico${tab}" "the Start-menu shortcut to the GUI program, with the icon"
msiinfo streams "$msi" | tr -d '\r' | grep -qx 'Icon.MemoProjects.ico' || { echo "msi-check: the icon is not in the package" >&2; fail=1; }
want Environment "^PathEntry${tab}=-\\*PATH${tab}\\[~\\];\\[INSTALLDIR\\]${tab}Program$" "the install folder appended to the machine's PATH, removed at uninstall"
want InstallExecuteSequence "^WriteEnvironmentStrings${tab}${tab}5200$" "PATH written at install"
want InstallExecuteSequence "^RemoveEnvironmentStrings${tab}${tab}3300$" "PATH removed at uninstall"
want InstallExecuteSequence "^RemoveExistingProducts${tab}" "an older version removed by the upgrade"
want Upgrade "^\\{3811CC35-1073-4EFC-BF11-F0DB13805648\\}${tab}${tab}[0-9.]+${tab}${tab}513${tab}${tab}WIX_UPGRADE_DETECTED$" "older versions and the same version upgraded in place (the fixed UpgradeCode; 513: MigrateFeatures and VersionMaxInclusive)"
want Upgrade "^\\{3811CC35-1073-4EFC-BF11-F0DB13805648\\}${tab}[0-9.]+${tab}${tab}${tab}2${tab}${tab}WIX_DOWNGRADE_DETECTED$" "a newer version installed stops a downgrade"
want Property "^UpgradeCode${tab}\\{3811CC35-1073-4EFC-BF11-F0DB13805648\\}$" "the fixed UpgradeCode"
want Property "^ALLUSERS${tab}1$" "a per-machine install"
want Property "^ARPPRODUCTICON${tab}MemoProjects.ico$" "the uninstall entry's icon"
want Property "^ARPNOMODIFY${tab}1$" "no Modify button (nothing to choose)"
want Property "^ProductCode${tab}\\{[0-9A-F-]{36}\\}$" "a ProductCode"
want File "^License${tab}Program${tab}LICENSE.txt${tab}" "the licence beside the programs"
msiinfo suminfo "$msi" | grep -q '^Template: x64;1033$' || { echo "msi-check: the package is not an x64 one" >&2; fail=1; }
[ "$fail" = 0 ] && echo "msi-check: $msi holds both programs, the shortcut, the PATH entry and the upgrade code"
exit "$fail"
