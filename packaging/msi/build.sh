#!/usr/bin/env bash
# packaging/msi/build.sh WINDOWS_DIR OUT_DIR
#
# Builds OUT_DIR/memo-projects-VERSION-x64.msi from memo-projects.exe and
# memo-projects.com in WINDOWS_DIR (make windows: dist/windows) with wixl
# and msibuild (Debian's msitools), and lists its tables (msiinfo). VERSION
# is FyneApp.toml's (MSI_VERSION overrides it, to try an upgrade). See
# packaging/README.md.
set -euo pipefail

win=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
version=${MSI_VERSION:-$(sed -n 's/^ *Version *= *"\(.*\)"/\1/p' "$top/FyneApp.toml")}
msi="$out/memo-projects-$version-x64.msi"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# wixl reads sources relative to where it runs, never by absolute path.
# The .wxs is filled from FyneApp.toml: names, addresses, and the
# ProductCode derived from the version (packaging/fill.go).
(cd "$top" && ${GO:-go} run ./packaging/fill "$here/memo-projects.wxs" VERSION="$version") >"$stage/memo-projects.wxs"
cp "$win/memo-projects.exe" "$win/memo-projects.com" "$stage/"
# The licence, with Windows line ends, for Notepad.
sed 's/$/\r/' "$top/LICENSE" >"$stage/LICENSE.txt"
convert "$top/icon.png" -define icon:auto-resize=256,64,48,32,16 "$stage/memo-projects.ico"
(cd "$stage" && wixl -a x64 -D Bin=. -D Icon=memo-projects.ico -o out.msi memo-projects.wxs)

# wixl knows no <Environment>. The row WiX writes for <Environment
# Name="PATH" Value="[INSTALLDIR]" Part="last" Action="set" System="yes"
# Permanent="no"/>: "=" sets at install, "-" takes the part off at
# uninstall, "*" is the machine's variable, [~]; keeps what PATH held. The
# two standard actions at their standard places write and remove it.
msibuild "$stage/out.msi" -q 'CREATE TABLE `Environment` (`Environment` CHAR(72) NOT NULL, `Name` CHAR(255) NOT NULL LOCALIZABLE, `Value` CHAR(255) LOCALIZABLE, `Component_` CHAR(72) NOT NULL PRIMARY KEY `Environment`)'
msibuild "$stage/out.msi" -q "INSERT INTO \`Environment\` (\`Environment\`, \`Name\`, \`Value\`, \`Component_\`) VALUES ('PathEntry', '=-*PATH', '[~];[INSTALLDIR]', 'Program')"
msibuild "$stage/out.msi" -q "INSERT INTO \`InstallExecuteSequence\` (\`Action\`, \`Sequence\`) VALUES ('RemoveEnvironmentStrings', 3300)"
msibuild "$stage/out.msi" -q "INSERT INTO \`InstallExecuteSequence\` (\`Action\`, \`Sequence\`) VALUES ('WriteEnvironmentStrings', 5200)"

# wixl leaves AllowSameVersionUpgrades out: WiX sets the detect row's
# msidbUpgradeAttributesVersionMaxInclusive (512) beside MigrateFeatures
# (1), so that an MSI of the version already installed replaces it (a
# rebuilt package, a repair) rather than installing a second entry. The
# row's Attributes are part of its key: it is deleted and written again.
upgrade=$(sed -n 's/.*UpgradeCode="\([^"]*\)".*/\1/p' "$stage/memo-projects.wxs")
msibuild "$stage/out.msi" -q "DELETE FROM \`Upgrade\` WHERE \`ActionProperty\` = 'WIX_UPGRADE_DETECTED'"
msibuild "$stage/out.msi" -q "INSERT INTO \`Upgrade\` (\`UpgradeCode\`, \`VersionMax\`, \`Attributes\`, \`ActionProperty\`) VALUES ('{$upgrade}', '$version', 513, 'WIX_UPGRADE_DETECTED')"

mkdir -p "$out"
mv "$stage/out.msi" "$msi"
for table in File Shortcut Environment Upgrade Property; do
	echo "== $table"
	msiinfo export "$msi" "$table" | tail -n +4
done
echo "$msi"
