#!/usr/bin/env bash
# packaging/repro.sh: two builds of the same commit, from two clones at
# different paths (one nested deeper, so no path length agrees by chance),
# must give byte-identical programs and .deb files. Exit 1, naming what
# differs, otherwise. A tree with uncommitted changes is checked as its
# HEAD: the clones hold what is committed.
set -euo pipefail
go=${GO:-go}
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { # folder
	git clone -q "$top" "$1"
	(cd "$1" && "$go" build -tags no_emoji -trimpath -ldflags=-buildid= -o memo-projects . &&
		DEB_COMPRESS=-z1 bash packaging/deb/build.sh memo-projects dist "$go" >/dev/null)
}
build "$work/a"
build "$work/some/other/place/b"
fail=0
cmp -s "$work/a/memo-projects" "$work/some/other/place/b/memo-projects" || {
	echo "repro-check: the two programs differ" >&2
	fail=1
}
if strings "$work/a/memo-projects" | grep -q -e "$work" -e "$top"; then
	echo "repro-check: the program holds a path of the machine that built it" >&2
	fail=1
fi
a=$(ls "$work"/a/dist/*.deb) b=$(ls "$work"/some/other/place/b/dist/*.deb)
if ! cmp -s "$a" "$b"; then
	echo "repro-check: the two .deb files differ:" >&2
	diff <(dpkg-deb -c "$a") <(dpkg-deb -c "$b") >&2 || true
	fail=1
fi
[ "$fail" = 0 ] && echo "repro-check: two builds at two paths gave the same program ($(sha256sum <"$work/a/memo-projects" | cut -c1-16)…) and the same .deb ($(sha256sum <"$a" | cut -c1-16)…)"
exit "$fail"
