#!/usr/bin/env bash
# packaging/deb/build.sh BINARY OUT_DIR [GO]   (env DEB_COMPRESS: -z1 … -z9)
#
# Builds OUT_DIR/memo-projects_VERSION_ARCH.deb from a built memo-projects
# (make deb gives the one make build and make test made) with Debian's
# debhelper tools run one by one, in a staging folder laid out as a source
# package's debian/ would be: nothing is written in the tree. VERSION is
# FyneApp.toml's, which must be the top entry of packaging/deb/changelog.
# What goes in and why is in packaging/README.md.
set -euo pipefail

bin=$(realpath "$1")
out=$(realpath -m "$2")
go=${3:-go}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
version=$(sed -n 's/^ *Version *= *"\(.*\)"/\1/p' "$top/FyneApp.toml")
id=$(sed -n 's/^ *ID *= *"\(.*\)"/\1/p' "$top/FyneApp.toml")

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/debian" "$stage/man"
cp "$here/control" "$here/changelog" "$stage/debian/"
cp "$here/lintian-overrides" "$stage/debian/memo-projects.lintian-overrides"
cd "$stage"
logged=$(dpkg-parsechangelog -SVersion)
if [ "$logged" != "$version" ]; then
	echo "packaging/deb/changelog's top entry is $logged, FyneApp.toml says $version: add an entry" >&2
	exit 1
fi
# Every date the tools write (man pages, file times, changelog) is the
# changelog's: the same tree makes the same package.
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -STimestamp)
export SOURCE_DATE_EPOCH
pkg=debian/memo-projects

install -Dm0755 "$bin" "$pkg/usr/bin/memo-projects"
install -Dm0644 "$top/packaging/linux/$id.desktop" "$pkg/usr/share/applications/$id.desktop"
install -Dm0644 "$top/packaging/linux/$id.metainfo.xml" "$pkg/usr/share/metainfo/$id.metainfo.xml"
# The hicolor sizes desktops look up, from the 512 px icon.
for size in 16 22 24 32 48 64 128 256 512; do
	mkdir -p "$pkg/usr/share/icons/hicolor/${size}x$size/apps"
	convert "$top/icon.png" -strip -resize "${size}x$size" "PNG32:$pkg/usr/share/icons/hicolor/${size}x$size/apps/$id.png"
done
# Completions, in the folders each shell reads system completions from.
"$bin" completion bash >"$stage/bash"
"$bin" completion zsh >"$stage/zsh"
"$bin" completion fish >"$stage/fish"
install -Dm0644 "$stage/bash" "$pkg/usr/share/bash-completion/completions/memo-projects"
install -Dm0644 "$stage/zsh" "$pkg/usr/share/zsh/vendor-completions/_memo-projects"
install -Dm0644 "$stage/fish" "$pkg/usr/share/fish/vendor_completions.d/memo-projects.fish"
# Man pages, from the cobra commands.
(cd "$top" && "$go" run -tags no_emoji ./packaging/mangen -version "$version" "$stage/man")

# The copyright file: ours, then the license of every Go module compiled
# into the binary (its build information lists them) and of Go itself.
modcache=$("$go" env GOMODCACHE)
{
	cat "$here/copyright"
	license() { # module-folder name
		local found=
		for f in "$1"/LICENSE* "$1"/LICENCE* "$1"/COPYING* "$1"/NOTICE*; do
			[ -f "$f" ] || continue
			found=1
			printf '\n-------------------------------------------------------------------------------\n%s (%s)\n\n' "$2" "$(basename "$f")"
			# Debian keeps the licenses it ships once, in common-licenses:
			# the copyright file points there instead of repeating them.
			if grep -q 'Apache License' "$f" && grep -q 'Version 2.0, January 2004' "$f"; then
				echo "Licensed under the Apache License, Version 2.0: on Debian systems its text is"
				echo "in /usr/share/common-licenses/Apache-2.0."
			else
				cat "$f"
			fi
		done
		[ -n "$found" ] || printf '\n-------------------------------------------------------------------------------\n%s\n\n(no license file in the module)\n' "$2"
	}
	license "$("$go" env GOROOT)" "Go $("$go" env GOVERSION | sed 's/^go//'), the standard library and runtime"
	"$go" version -m "$bin" | awk '$1 == "dep" { m = $2; v = $3 } $1 == "=>" { m = $2; v = $3 } $1 == "dep" || $1 == "=>" { print m, v }' |
		awk '{ last[$1] = $2; if (!($1 in seen)) { order[++n] = $1; seen[$1] = 1 } } END { for (i = 1; i <= n; i++) print order[i], last[order[i]] }' |
		while read -r mod ver; do
			# The module cache escapes capitals as !lower.
			esc=$(printf '%s' "$mod" | sed 's/\([A-Z]\)/!\L\1/g')
			license "$modcache/$esc@$ver" "$mod $ver"
		done
} >debian/copyright

dh_installdocs
dh_installchangelogs
dh_installman man/*.1
dh_lintian
dh_strip --no-automatic-dbgsym
dh_compress
dh_fixperms
dh_installdeb
dh_shlibdeps
dh_gencontrol
dh_md5sums
mkdir -p "$out"
# DEB_COMPRESS picks dpkg-deb's compression level (make test: -z1, seconds
# where xz's default -z6 takes most of a minute on a busy machine).
# shellcheck disable=SC2086
dh_builddeb --destdir="$out" -- ${DEB_COMPRESS:-}
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
echo "$out/memo-projects_${version}_$arch.deb"
