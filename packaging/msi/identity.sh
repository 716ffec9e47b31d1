#!/usr/bin/env bash
# packaging/msi/identity.sh WINDOWS_DIR MSI: the installer has one identity
# per version. Building the same version again gives the same ProductCode
# (a rebuilt MSI upgrades the installed one instead of installing beside
# it); another version gets another ProductCode and the same UpgradeCode.
# Exit status 1, saying which, otherwise.
set -euo pipefail
win=$1
msi=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prop() { msiinfo export "$1" Property | tr -d '\r' | awk -F'\t' -v k="$2" '$1 == k { print $2 }'; }
version=$(msiinfo export "$msi" Property | tr -d '\r' | awk -F'\t' '$1 == "ProductVersion" { print $2 }')
bash "$here/build.sh" "$win" "$work/again" >/dev/null
bumped=$(echo "$version" | awk -F. -v OFS=. '{ $NF = $NF + 1; print }')
MSI_VERSION=$bumped bash "$here/build.sh" "$win" "$work/next" >/dev/null
again=$(ls "$work"/again/*.msi) next=$(ls "$work"/next/*.msi)
fail=0
if [ "$(prop "$msi" ProductCode)" != "$(prop "$again" ProductCode)" ]; then
	echo "msi-check: two builds of $version have two ProductCodes: $(prop "$msi" ProductCode), $(prop "$again" ProductCode)" >&2
	fail=1
fi
if [ "$(prop "$msi" ProductCode)" = "$(prop "$next" ProductCode)" ]; then
	echo "msi-check: $version and $bumped share the ProductCode $(prop "$msi" ProductCode)" >&2
	fail=1
fi
if [ "$(prop "$msi" UpgradeCode)" != "$(prop "$next" UpgradeCode)" ]; then
	echo "msi-check: $version and $bumped have different UpgradeCodes" >&2
	fail=1
fi
[ "$fail" = 0 ] && echo "msi-check: one ProductCode per version ($version: $(prop "$msi" ProductCode), $bumped: $(prop "$next" ProductCode)), one UpgradeCode"
exit "$fail"
