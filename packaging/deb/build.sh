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
# The control file and the metainfo take the maintainer and the addresses
# from FyneApp.toml (packaging/fill.go).
fill() { (cd "$top" && "$go" run ./packaging/fill "$1"); }
fill "$here/control" >"$stage/debian/control"
cp "$here/changelog" "$stage/debian/"
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
fill "$top/packaging/linux/$id.metainfo.xml" >"$stage/metainfo.xml"
install -Dm0644 "$stage/metainfo.xml" "$pkg/usr/share/metainfo/$id.metainfo.xml"
install -Dm0644 "$top/packaging/linux/$id.svg" "$pkg/usr/share/icons/hicolor/scalable/apps/$id.svg"
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

# The copyright file, machine-readable (DEP-5): ours (deb/copyright), then
# every Go module compiled into the binary (its build information lists
# them) and Go itself, each with its licence (packaging/licenses).
(cd "$top" && "$go" run ./packaging/licenses copyright "$bin") >debian/copyright

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
