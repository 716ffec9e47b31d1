#!/usr/bin/env bash
# Start-up and idle memory of the Memo Projects window next to a bare Fyne
# window (bench/barewindow) built with the same Fyne version, side by side in
# one run under one Xvfb. The targets: start-up within 1.15x and idle memory
# within 1.2x of the bare window, both for a returning user (10,000 projects
# in the registry, 100,000 memories in memory.db and the last project
# reselected) and for a new user's first launch (an empty data home and no
# preferences: the data home is made, the databases created, the first-run
# screen shown).
#
#   bench/window.sh                 10 runs of each, alternating
#   RUNS=20 IDLE=5 bench/window.sh
#
# Each run is timed by maptime, a small Xlib program built from this script:
# it listens for MapNotify on the root window *before* it forks and execs the
# app, so no event can be missed and nothing polls. Start-up is the wall time
# (CLOCK_MONOTONIC) from just before fork to the MapNotify of the window with
# the expected title, read as the event arrives (poll(2) on the X connection):
# the resolution is well under a millisecond. (Fyne maps its window and then
# paints the first frame, so for both apps this is up to the map, not the
# first paint.) maptime then lets the app idle
# IDLE seconds (default 4, as a person measuring from outside waits), reads VmRSS from /proc/PID/status, and ends it with
# SIGTERM. The apps run with a private HOME, so Fyne's preferences (the window
# size) are the defaults, except that Memo Projects finds its last project
# (a set-up one) in them, as a returning user does: the registry is listed,
# memory.db opened, the visible rows' badges computed and that project shown,
# nothing asked.
#
# The data home is seeded once per run (bench/seed, about 10 s) in
# bench/out/window/ (gitignored), which also holds the binaries and runs.log
# (what the apps printed). Exit status 1 when a ratio misses the target.
set -euo pipefail

cd "$(dirname "$0")"
runs=${RUNS:-10}
idle=${IDLE:-4}
projects=${PROJECTS:-10000}
memories=${MEMORIES:-100000}
target_startup=1.15
target_rss=1.2

for tool in Xvfb gcc; do
	command -v "$tool" >/dev/null || { echo "bench: $tool is needed (make test installs it)" >&2; exit 1; }
done
mkdir -p out/window
out=$(cd out/window && pwd)

echo "building memo-projects, barewindow, seed and maptime…"
# Memo Projects is built as the Makefile builds it (-tags no_emoji); the bare
# window as a plain Fyne app. Builds keep the real HOME: the Go module and
# build caches live under it.
(cd .. && go build -tags no_emoji -o "$out/memo-projects" . && go build -o "$out/barewindow" ./bench/barewindow &&
	CGO_ENABLED=0 go build -o "$out/seed" ./bench/seed)
gcc -O2 -Wall -o "$out/maptime" -x c - -lX11 <<'C'
/* maptime TITLE IDLE PROGRAM [ARG…]: runs PROGRAM, prints "STARTUP_MS RSS_KB":
 * the time from fork to the MapNotify of its window titled TITLE, and its
 * VmRSS after IDLE more seconds. Then it ends PROGRAM with SIGTERM. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A window may go away before its title is read: ignore X errors. */
static int ignore(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static int titled(Display *d, Window w, const char *title) {
	Atom props[2] = {XInternAtom(d, "_NET_WM_NAME", False), XA_WM_NAME};
	for (int i = 0; i < 2; i++) {
		Atom type;
		int format;
		unsigned long n, after;
		unsigned char *v = NULL;
		if (XGetWindowProperty(d, w, props[i], 0, 1024, False, AnyPropertyType, &type, &format, &n, &after, &v) != Success || !v)
			continue;
		int ok = format == 8 && n == strlen(title) && memcmp(v, title, n) == 0;
		XFree(v);
		if (ok)
			return 1;
	}
	return 0;
}

static long rss_kb(pid_t pid) {
	char path[64], line[256];
	long kb = -1;
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

static void end(pid_t pid) {
	kill(pid, SIGTERM);
	for (int i = 0; i < 500; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int main(int argc, char **argv) {
	if (argc < 4) {
		fprintf(stderr, "usage: maptime TITLE IDLE_SECONDS PROGRAM [ARG...]\n");
		return 2;
	}
	const char *title = argv[1];
	double idle = atof(argv[2]);
	Display *d = XOpenDisplay(NULL);
	if (!d) {
		fprintf(stderr, "maptime: cannot open the display\n");
		return 1;
	}
	XSetErrorHandler(ignore);
	Window root = DefaultRootWindow(d);
	XSelectInput(d, root, SubstructureNotifyMask);
	XSync(d, False);

	double t0 = now_ms();
	pid_t pid = fork();
	if (pid == 0) {
		close(ConnectionNumber(d));
		execvp(argv[3], argv + 3);
		perror(argv[3]);
		_exit(127);
	}
	/* A window mapped before its title is set is remembered with its map
	 * time, and its title watched. */
	struct { Window w; double t; } seen[64];
	int nseen = 0;
	double mapped = -1;
	while (mapped < 0) {
		while (mapped < 0 && XPending(d)) {
			XEvent ev;
			XNextEvent(d, &ev);
			double t = now_ms();
			if (ev.type == MapNotify) {
				Window w = ev.xmap.window;
				if (titled(d, w, title))
					mapped = t;
				else if (nseen < 64) {
					seen[nseen].w = w, seen[nseen].t = t, nseen++;
					XSelectInput(d, w, PropertyChangeMask);
				}
			} else if (ev.type == PropertyNotify) {
				for (int i = 0; i < nseen; i++)
					if (seen[i].w == ev.xproperty.window && titled(d, seen[i].w, title))
						mapped = seen[i].t;
			}
		}
		if (mapped >= 0)
			break;
		if (waitpid(pid, NULL, WNOHANG) == pid) {
			fprintf(stderr, "maptime: %s exited before showing a window titled \"%s\"\n", argv[3], title);
			return 1;
		}
		if (now_ms() - t0 > 30000) {
			fprintf(stderr, "maptime: no window titled \"%s\" after 30 s\n", title);
			end(pid);
			return 1;
		}
		struct pollfd p = {ConnectionNumber(d), POLLIN, 0};
		poll(&p, 1, 100);
	}
	usleep((useconds_t)(idle * 1e6));
	long rss = rss_kb(pid);
	if (waitpid(pid, NULL, WNOHANG) == pid) {
		fprintf(stderr, "maptime: %s exited while idle\n", argv[3]);
		return 1;
	}
	end(pid);
	printf("%.1f %ld\n", mapped - t0, rss);
	return 0;
}
C

user=$out/user # HOME of the runs
# Seeded at every run, by the code being measured, so that the home is in the
# current layout (an older one would be upgraded during the first run).
echo "seeding $projects projects and $memories memories…"
rm -rf "$out/home" "$out/folders" "$user"
HOME=$user "$out/seed" -home "$out/home" -folders "$out/folders" -projects "$projects" -memories "$memories"
echo "data home: $out/home ($(du -sh "$out/home/data" | cut -f1))"
# The last project, reselected at start: the most recently opened, set up.
last=$out/folders/project-00000
[[ -f $last/.memo/project.json ]] || { echo "bench: $last is not a set-up project" >&2; exit 1; }
prefs=$user/.config/fyne/dev.memo.projects/preferences.json

rm -f "$out/xvfb.display"
# -noreset: by default Xvfb resets when its last client leaves (between two
# runs) and refuses connections while it does.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$out/xvfb.display" 2>"$out/xvfb.log" &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; wait $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 200); do
	[[ -s $out/xvfb.display ]] && break
	kill -0 $xvfb 2>/dev/null || { cat "$out/xvfb.log" >&2; exit 1; }
	sleep 0.05
done
[[ -s $out/xvfb.display ]] || { echo "bench: Xvfb gave no display in 10 s" >&2; exit 1; }
display=:$(head -n1 "$out/xvfb.display")

# measure TITLE PROGRAM [ARG…]: one run, in the same clean environment for both.
# No session bus: the bare window would otherwise autolaunch one (with portal
# services and a FUSE mount) at every run and leave it behind.
# HOME and MEMO_HOME are the returning user's unless set.
measure() {
	local home=${RUN_HOME:-$user} memo=${RUN_MEMO_HOME:-$out/home}
	env -i PATH="$PATH" DISPLAY="$display" DBUS_SESSION_BUS_ADDRESS=disabled: HOME="$home" XDG_CONFIG_HOME="$home/.config" \
		LANG=en_US.UTF-8 MEMO_HOME="$memo" "$out/maptime" "$1" "$idle" "${@:2}" 2>>"$out/runs.log"
}
bare() { measure "Bare Fyne" "$out/barewindow"; }
# A new user's first launch: no preferences, no data home (made afresh at
# every run).
first() {
	rm -rf "$out/newuser" "$out/newhome"
	mkdir -p "$out/newuser"
	RUN_HOME=$out/newuser RUN_MEMO_HOME=$out/newhome measure "Memo Projects" "$out/memo-projects"
}
# Written before every run: each run starts as the same returning user.
ours() {
	mkdir -p "$(dirname "$prefs")"
	printf '{"project.last":"%s"}\n' "$last" >"$prefs"
	measure "Memo Projects" "$out/memo-projects"
}

: >"$out/runs.log"
echo "warming up (one run of each, not counted)…"
bare >/dev/null
ours >/dev/null
first >/dev/null

mib() { awk -v kb="$1" 'BEGIN { print kb / 1024 }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# "ours" is the returning user, "first" the new user's first launch.
printf '\n%-6s %9s %9s %9s %10s %10s %10s\n' run "bare ms" "ours ms" "first ms" "bare MiB" "ours MiB" "first MiB"
bare_ms=() ours_ms=() first_ms=() bare_kb=() ours_kb=() first_kb=()
for i in $(seq "$runs"); do
	r=$(bare) || { echo "bench: the bare window failed, see $out/runs.log" >&2; exit 1; }
	read -r bms bkb <<<"$r"
	r=$(ours) || { echo "bench: memo-projects failed, see $out/runs.log" >&2; exit 1; }
	read -r oms okb <<<"$r"
	r=$(first) || { echo "bench: memo-projects failed at a first launch, see $out/runs.log" >&2; exit 1; }
	read -r fms fkb <<<"$r"
	bare_ms+=("$bms") ours_ms+=("$oms") first_ms+=("$fms") bare_kb+=("$bkb") ours_kb+=("$okb") first_kb+=("$fkb")
	printf '%-6s %9.1f %9.1f %9.1f %10.1f %10.1f %10.1f\n' "$i" "$bms" "$oms" "$fms" "$(mib "$bkb")" "$(mib "$okb")" "$(mib "$fkb")"
done
mb=$(median "${bare_ms[@]}") mo=$(median "${ours_ms[@]}") mf=$(median "${first_ms[@]}")
rb=$(median "${bare_kb[@]}") ro=$(median "${ours_kb[@]}") rf=$(median "${first_kb[@]}")
printf '%-6s %9.1f %9.1f %9.1f %10.1f %10.1f %10.1f\n' median "$mb" "$mo" "$mf" "$(mib "$rb")" "$(mib "$ro")" "$(mib "$rf")"

# verdict NAME OURS BARE TARGET: prints the ratio and PASS/FAIL; false on FAIL.
verdict() {
	awk -v name="$1" -v o="$2" -v b="$3" -v t="$4" 'BEGIN {
		r = o / b
		printf "%-24s ours/bare = %.2f (target <= %.2f): %s\n", name, r, t, (r <= t) ? "PASS" : "FAIL"
		exit (r <= t) ? 0 : 1
	}'
}
echo
ok=0
verdict "start-up to mapped" "$mo" "$mb" "$target_startup" || ok=1
verdict "idle RSS after ${idle} s" "$ro" "$rb" "$target_rss" || ok=1
verdict "first launch: start-up" "$mf" "$mb" "$target_startup" || ok=1
verdict "first launch: idle RSS" "$rf" "$rb" "$target_rss" || ok=1
exit $ok
