#!/usr/bin/env bash
# The cost of one command-line call: `memo-projects status DIR` next to
# `git rev-parse --show-toplevel` in the same folder (a git work tree that is
# a set-up project), side by side in one run (bench/clitime: rounds of each in
# turn, wall and CPU time of the whole process, ratios per round). The
# target: status within 3x of git. For comparison it also times the same
# command line built without the window (bench/clinowindow: app/cli alone, no
# Fyne, no cgo), which shows what the window's packages cost every command.
#
#   bench/cli.sh                 30 rounds
#   RUNS=100 bench/cli.sh
#   BIN=/path/to/memo-projects bench/cli.sh   (time another build)
#
# Binaries and the data home live in bench/out/cli/ (gitignored). Exit status
# 1 when status misses the target.
set -euo pipefail

cd "$(dirname "$0")"
runs=${RUNS:-30}
target=3
command -v git >/dev/null || { echo "bench: git is needed" >&2; exit 1; }
mkdir -p out/cli
out=$(cd out/cli && pwd)

echo "building memo-projects, clinowindow and clitime…"
(cd .. && go build -tags no_emoji -o "$out/memo-projects" . &&
	CGO_ENABLED=0 go build -tags no_emoji -o "$out/clinowindow" ./bench/clinowindow &&
	CGO_ENABLED=0 go build -o "$out/clitime" ./bench/clitime)
bin=${BIN:-$out/memo-projects}

rm -rf "$out/home" "$out/repo"
mkdir -p "$out/repo/src"
git -C "$out/repo" init -q
export MEMO_HOME=$out/home
"$bin" setup "$out/repo" >/dev/null

echo "status of a set-up project, $runs rounds:"
"$out/clitime" -n "$runs" -dir "$out/repo/src" \
	"git rev-parse --show-toplevel" \
	"$bin status $out/repo/src" \
	"$out/clinowindow status $out/repo/src" | tee "$out/result.txt" | grep -v '^ratio '
wall=$(awk '$1 == "ratio" && $2 == 1 { print $3 }' "$out/result.txt")
awk -v r="$wall" -v t="$target" 'BEGIN {
	printf "memo-projects status: %.2fx git rev-parse (wall), target %sx: %s\n", r, t, (r <= t ? "met" : "missed")
	exit !(r <= t)
}'
