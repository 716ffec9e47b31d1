#!/usr/bin/env bash
# Times a skill install (docs/skills.md §13: download from a loopback server, inflate,
# judge, write and fsync every file and folder, rename into place) against
# `tar -xzf` of the same archive, in pairs within one run, the order swapped
# every pair (domain/skills BenchmarkInstall). Twice: both writing to the
# tmpfs /dev/shm, so that the disk's noise is out, then both on disk, where
# the install still fsyncs everything and tar nothing. memo/tar is the median
# of the pairs' wall-time ratios; the targets are 1.2 on the tmpfs and 1.5 on
# disk.
#
#   bench/install.sh             20 pairs of each size
#   PAIRS=40 bench/install.sh
set -euo pipefail

cd "$(dirname "$0")/.."
pairs=${PAIRS:-20}
disk=${DISK_DIR:-$PWD/bench/out}
mkdir -p "$disk"

run() {
	local where=$1 dir=$2
	echo "== $where ($dir)"
	TMPDIR=$dir go test -run '^$' -bench '^BenchmarkInstall$' -benchtime "${pairs}x" -count 1 ./domain/skills/ |
		awk '/^Benchmark/ { for (i = 1; i <= NF; i++) if ($(i+1) ~ /^(memo\/tar|memo-ms|tar-ms)$/) printf "%s %s=%s", (n++ ? "" : $1), $(i+1), $i; print ""; n = 0 }'
}

run tmpfs /dev/shm
run disk "$disk"
