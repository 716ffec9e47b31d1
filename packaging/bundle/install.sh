#!/bin/sh
# install.sh ACTION: what the bundle's Makefile runs (see there). ACTION is
# install, uninstall, user-install or user-uninstall; PREFIX, DESTDIR and HOME
# come from the environment.
set -eu

app_id=dev.memo.projects
exec_name=memo-projects
here=$(dirname "$0")
# The bundle holds usr/local/… or usr/…, depending on the machine that built it.
src="$here/usr/local"
[ -e "$src/bin/$exec_name" ] || src="$here/usr"

# desktop_exec quotes a path for a .desktop file's Exec key, as the Desktop
# Entry specification asks: inside double quotes, \ " ` $ take a backslash;
# then, as in every string value, each \ is doubled; a literal % is %%.
desktop_exec() {
	printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g' -e 's/^/"/' -e 's/$/"/'
}

case "${1-}" in
install)
	root="${DESTDIR-}${PREFIX:-/usr/local}"
	install -Dm00755 "$src/bin/$exec_name" "$root/bin/$exec_name"
	install -Dm00644 "$src/share/pixmaps/$app_id.png" "$root/share/pixmaps/$app_id.png"
	install -Dm00644 "$src/share/applications/$app_id.desktop" "$root/share/applications/$app_id.desktop"
	echo "installed $root/bin/$exec_name"
	;;
uninstall)
	root="${DESTDIR-}${PREFIX:-/usr/local}"
	rm -f "$root/bin/$exec_name" "$root/share/pixmaps/$app_id.png" "$root/share/applications/$app_id.desktop"
	;;
user-install)
	[ -n "${HOME-}" ] || { echo "install.sh: HOME is not set" >&2; exit 1; }
	root="${DESTDIR-}$HOME/.local"
	install -Dm00755 "$src/bin/$exec_name" "$root/bin/$exec_name"
	install -Dm00644 "$src/share/pixmaps/$app_id.png" "$root/share/icons/$app_id.png"
	# The menu entry names the program by its full path: ~/.local/bin is on
	# PATH in some sessions only. (The path without DESTDIR: where it runs.)
	entry="$root/share/applications/$app_id.desktop"
	mkdir -p "$(dirname "$entry")"
	EXEC_VALUE=$(desktop_exec "$HOME/.local/bin/$exec_name") awk -v name="$exec_name" '
		index($0, "Exec=" name) == 1 { print "Exec=" ENVIRON["EXEC_VALUE"] substr($0, length("Exec=" name) + 1); next }
		{ print }' "$src/share/applications/$app_id.desktop" > "$entry.tmp"
	chmod 644 "$entry.tmp"
	mv "$entry.tmp" "$entry"
	echo "installed $root/bin/$exec_name"
	;;
user-uninstall)
	[ -n "${HOME-}" ] || { echo "install.sh: HOME is not set" >&2; exit 1; }
	root="${DESTDIR-}$HOME/.local"
	rm -f "$root/bin/$exec_name" "$root/share/icons/$app_id.png" "$root/share/applications/$app_id.desktop"
	;;
*)
	echo "usage: install.sh install|uninstall|user-install|user-uninstall" >&2
	exit 2
	;;
esac
