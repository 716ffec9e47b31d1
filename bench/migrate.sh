#!/usr/bin/env bash
# Times the one-time change of a legacy memory.db (docs/database.md §3) done by
# persistence.OpenMemoryDB against the sqlite3 shell doing the same steps:
# .backup, PRAGMA quick_check on the copy, ALTER TABLE … ADD COLUMN,
# CREATE INDEX. Both sides start from their own copy of one legacy file,
# side by side in one run; cp of the file is printed for reference.
#
#   bench/migrate.sh              1.6 million rows, about 400 MB
#   ROWS=100000 RUNS=3 bench/migrate.sh
#
# The legacy file is built once with the sqlite3 shell and cached in
# bench/out/ (gitignored), which also holds the copies.
set -euo pipefail

cd "$(dirname "$0")"
rows=${ROWS:-1600000}
runs=${RUNS:-1}
out=out
legacy=$out/legacy-$rows.db

command -v sqlite3 >/dev/null || { echo "bench: the sqlite3 shell is needed" >&2; exit 1; }
mkdir -p "$out"

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

if [[ ! -f $legacy ]]; then
	echo "building $legacy ($rows rows)…"
	rm -f "$legacy.tmp"
	# The legacy schema, in WAL mode like an older Memo left it. Rows of
	# about 250 bytes: content of about 195 characters, a kind (NULL for a
	# quarter), two times (updated_at NULL for a fifth).
	sqlite3 "$legacy.tmp" <<SQL
PRAGMA journal_mode=WAL;
PRAGMA synchronous=OFF;
CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, kind TEXT, created_at DATETIME, updated_at DATETIME);
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
INSERT INTO memories (content, kind, created_at, updated_at)
SELECT 'memory ' || i || ': ' || substr(hex(randomblob(100)), 1, 160 + i % 40),
       CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN 'fact' WHEN 2 THEN 'note' ELSE 'preference' END,
       datetime(1600000000 + i * 60, 'unixepoch'),
       CASE WHEN i % 5 = 0 THEN NULL ELSE datetime(1600000000 + i * 61, 'unixepoch') END
FROM n;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
	mv "$legacy.tmp" "$legacy"
fi
size=$(stat -c %s "$legacy")
echo "legacy file: $legacy, $rows rows, $((size / 1000000)) MB ($(sqlite3 "$legacy" 'PRAGMA journal_mode'))"

echo "building bench/migrate…"
(cd .. && CGO_ENABLED=0 go build -o bench/$out/migrate ./bench/migrate)

# warm reads a side's file into the page cache just before it is timed: this
# machine's cache drops cold pages quickly, and the side that ran second
# would otherwise read from disk.
warm() { cat "$1" >/dev/null; }

shell_side() {
	local db=$1/memory.db bak=$1/backup.db t0 t1 t2 t3 check
	warm "$db"
	t0=$(now)
	sqlite3 "$db" ".backup '$bak'"
	t1=$(now)
	check=$(sqlite3 "$bak" 'PRAGMA quick_check')
	t2=$(now)
	[[ $check == ok ]] || { echo "bench: quick_check of the shell's copy says $check" >&2; exit 1; }
	sqlite3 "$db" "ALTER TABLE memories ADD COLUMN project_id TEXT NOT NULL DEFAULT ''; CREATE INDEX IF NOT EXISTS idx_memories_project_id ON memories(project_id);"
	t3=$(now)
	echo "  .backup                                    $(secs "$t0" "$t1") s"
	echo "  PRAGMA quick_check on the copy             $(secs "$t1" "$t2") s"
	echo "  ALTER TABLE + CREATE INDEX (+ checkpoint)  $(secs "$t2" "$t3") s"
	shell_total=$(secs "$t0" "$t3")
	echo "  total                                      $shell_total s"
}

memo_side() {
	local report
	warm "$1/memory.db"
	report=$("$out/migrate" -data "$1")
	grep -v '^total_seconds=' <<<"$report"
	memo_total=$(sed -n 's/^total_seconds=//p' <<<"$report")
	echo "  total                                      $memo_total s"
}

cp_side() {
	local t0 t1 t2
	rm -f "$out/cp.db"
	warm "$legacy"
	t0=$(now)
	cp "$legacy" "$out/cp.db"
	t1=$(now)
	sync "$out/cp.db"
	t2=$(now)
	echo "cp of the file: $(secs "$t0" "$t1") s, with fsync $(secs "$t0" "$t2") s"
	rm -f "$out/cp.db"
}

ratios=()
for ((run = 1; run <= runs; run++)); do
	rm -rf "$out/shell" "$out/memo"
	mkdir -p "$out/shell" "$out/memo"
	cp "$legacy" "$out/shell/memory.db"
	cp "$legacy" "$out/memo/memory.db"
	sync # neither side pays for the other's writeback
	echo "— run $run of $runs"
	# Alternate who goes first so that neither always meets a warmer machine.
	if ((run % 2)); then
		echo "sqlite3 shell:"; shell_side "$out/shell"; sync
		echo "memo (persistence.OpenMemoryDB):"; memo_side "$out/memo"; sync
	else
		echo "memo (persistence.OpenMemoryDB):"; memo_side "$out/memo"; sync
		echo "sqlite3 shell:"; shell_side "$out/shell"; sync
	fi
	cp_side
	ratio=$(awk -v m="$memo_total" -v s="$shell_total" 'BEGIN { printf "%.2f", m / s }')
	ratios+=("$ratio")
	echo "ratio memo/shell: $ratio (limit 1.50)"
done
rm -rf "$out/shell" "$out/memo"
if ((runs > 1)); then
	# The machine may be shared: the median of the runs is the figure.
	median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
	echo "ratios: ${ratios[*]}; median $median (limit 1.50)"
fi
