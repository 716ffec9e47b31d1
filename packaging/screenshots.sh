#!/usr/bin/env bash
# packaging/screenshots.sh BINARY OUT_DIR
#
# Takes the AppStream screenshots (overview.png, permissions.png,
# memory.png, 1280x720) of the real window under a private Xvfb, in English,
# on a data home and three projects made for them with the command line.
# make screenshots writes them to dist/screenshots/VERSION/, to be
# published at https://memo.dev/projects/screenshots/VERSION/ with the
# release (packaging/README.md). They are never committed.
set -euo pipefail

bin=$(realpath "$1")
out=$(realpath -m "$2")
width=1280
height=720
for tool in Xvfb xdotool import; do
	command -v "$tool" >/dev/null || { echo "screenshots: $tool is needed (make test installs it)" >&2; exit 1; }
done

# The pictures show the projects' paths: in a mount namespace of its own
# the script puts an empty /home there, for /home/ann/code/… (unshare -rm
# works for a user where user namespaces are allowed, and as root).
if [ -z "${SCREENSHOTS_NS:-}" ] && unshare -rm true 2>/dev/null; then
	exec env SCREENSHOTS_NS=1 unshare -rm bash "$0" "$bin" "$out"
fi
if [ -n "${SCREENSHOTS_NS:-}" ]; then
	mount -t tmpfs tmpfs /home
	mkdir -p /home/ann
	people=/home/ann
fi

work=$(mktemp -d)
xvfb=
app=
cleanup() {
	[ -z "$app" ] || kill "$app" 2>/dev/null || true
	[ -z "$xvfb" ] || kill "$xvfb" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

# A private HOME and data home: Fyne's preferences start at their defaults,
# and nothing of this machine's shows.
HOME=${people:-$work/home}
export HOME MEMO_HOME="$HOME/.memo" LANG=en_US.UTF-8 XDG_CONFIG_HOME="$HOME/.config"
mkdir -p "$HOME/code"
mp() { "$bin" "$@" >/dev/null; }
for name in payments-api website ml-pipeline; do
	mkdir -p "$HOME/code/$name"
	git -C "$HOME/code/$name" init -q
	mp setup "$HOME/code/$name"
done
repo="$HOME/code/payments-api"
cat >"$work/trusted.json" <<'EOF'
{
  "version": 1,
  "allowed_commands": ["go test ./...", "go vet ./...", "git status", "git diff"],
  "allowed_tools": ["read_file", "search_content"]
}
EOF
mp permissions save "$repo" "$work/trusted.json"
# A change since it was trusted, as a pull would bring: the diff shows it.
cat >"$repo/.memo/permissions.json" <<'EOF'
{
  "version": 1,
  "allowed_commands": ["go test ./...", "go vet ./...", "git status", "git diff", "make lint"],
  "allowed_tools": ["read_file", "search_content", "edit_file"]
}
EOF
mp memory add --project "$repo" "Payments are stored in cents (int64), never as floats."
mp memory add --project "$repo" "The sandbox API key lives in .env.local; never commit it."
mp memory add --project "$repo" --kind coding-turn "Refactored the refund handler to retry idempotently on 409."

# Xvfb picks a free display and writes its number once it is ready.
Xvfb -displayfd 3 -screen 0 "${width}x${height}x24" -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
DISPLAY=:$(cat "$work/display")
export DISPLAY

"$bin" open "$repo" >/dev/null 2>&1 &
app=$!
wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^Memo Projects$' | head -1)
# No window manager: the window is moved and sized by hand to fill the screen.
xdotool windowmove "$wid" 0 0 windowsize --sync "$wid" "$width" "$height"
sleep 2

mkdir -p "$out"
shot() { import -window "$wid" "PNG24:$out/$1.png"; }
# The tabs of the project view by their keys (Alt+1 … Alt+4), which do not
# move when the layout does.
xdotool windowfocus --sync "$wid" 2>/dev/null || true
tab() { xdotool key --clearmodifiers "alt+$1"; sleep 1; }
shot overview
tab 3
shot permissions
tab 4
shot memory
# Each tab looks different: the same picture twice means a key was lost.
[ "$(md5sum <"$out/overview.png")" != "$(md5sum <"$out/permissions.png")" ] &&
	[ "$(md5sum <"$out/permissions.png")" != "$(md5sum <"$out/memory.png")" ] ||
	{ echo "screenshots: the tabs did not change (a lost key?)" >&2; exit 1; }
ls -l "$out"
