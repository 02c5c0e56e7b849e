#!/usr/bin/env bash
# Start-up times, in one run and alternately so that all meet the same machine load:
#   java -version          to its first line
#   ./kibitz --version     to its first line (the launcher script, the JVM, the CLI)
#   a bare JavaFX window   to its first frame (bench/startup/BareWindow.java, on the same Java and
#                          JavaFX jars as the workbench)
#   ./kibitz               the workbench to its first frame (the window, still empty) and to the
#                          frame that shows the whole workbench (-Dkibitz.firstframe.exit=true)
#
#   bench/startup.sh [runs]      (default 7)
#
# Needs a display: uses $DISPLAY, else runs itself under xvfb-run. Wall times from the process's
# launch to the line it prints, medians over the runs, and the ratios the issue asks about
# (workbench / bare window, CLI / java -version). The workbench runs in a fresh kibitz home of its
# own (the first of its runs is its "first start" and is left out of the medians).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${1:-7}"

if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null 2>&1 || { echo "startup.sh: no DISPLAY and no xvfb-run" >&2; exit 2; }
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

# Build (and train the caches) first, so that no timed run pays for it.
"$ROOT/kibitz" --version >/dev/null
eval "$(KIBITZ_PRINT_RUNTIME=1 "$ROOT/kibitz" | sed -e 's/^java=/JAVA=/' -e 's/^module-path=/FXPATH=/' -e 's/^modules=/FXMODS=/' -e "s/=\(.*\)$/='\1'/")"
work="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-startup.XXXXXX")"
trap 'rm -rf "$work"' EXIT
"${JAVA%/java}/javac" -d "$work/bare" --module-path "$FXPATH" --add-modules "$FXMODS" "$ROOT/bench/startup/BareWindow.java"
mkdir -p "$work/home"
# The workbench's first start in this home (engine discovery, default layout): not timed.
KIBITZ_JAVA_OPTS="-Dkibitz.home=$work/home -Dkibitz.firstframe.exit=true" "$ROOT/kibitz" >/dev/null 2>&1

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); java: $JAVA; runs: $RUNS"
python3 - "$RUNS" "$JAVA" "$FXPATH" "$FXMODS" "$work" "$ROOT/kibitz" <<'PY'
import os, statistics, subprocess, sys, time

runs, java, fxpath, fxmods, work, kibitz = int(sys.argv[1]), *sys.argv[2:]
gui = ["--module-path", fxpath, "--add-modules", fxmods, "--enable-native-access=javafx.graphics,ALL-UNNAMED"]
env = dict(os.environ)
targets = [
    ("java -version", [java, "-version"], {}, [""]),
    ("kibitz --version", [kibitz, "--version"], {}, [""]),
    ("bare JavaFX window", [java, *gui, "-cp", os.path.join(work, "bare"), "BareWindow"], {}, ["first-frame"]),
    ("workbench", [kibitz], {"KIBITZ_JAVA_OPTS": f"-Dkibitz.home={work}/home -Dkibitz.firstframe.exit=true"},
     ["first-frame", "ready-frame"]),
]

def run(cmd, extra, marks):
    """Seconds from launch to the first line starting with each mark (any line for '')."""
    e = dict(env, **extra)
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=e, text=True)
    seen = {}
    for line in p.stdout:
        for m in marks:
            if m not in seen and line.lower().startswith(m):
                seen[m] = time.monotonic() - t0
                break
    p.wait()
    missing = [m for m in marks if m not in seen]
    if missing:
        sys.exit(f"{cmd[0]}: no line {missing} (exit {p.returncode})")
    return [seen[m] for m in marks]

times = {name: [[] for _ in marks] for name, _, _, marks in targets}
for r in range(runs):
    for name, cmd, extra, marks in targets:
        for i, t in enumerate(run(cmd, extra, marks)):
            times[name][i].append(t)
    print(f"round {r + 1}: " + ", ".join(f"{n} " + "/".join(f"{times[n][i][-1]:.2f}" for i in range(len(m)))
                                       for n, _, _, m in targets), flush=True)

med = {n: [statistics.median(x) for x in v] for n, v in times.items()}
print()
print(f"{'what':<34}{'median s':>8}{'min s':>8}{'max s':>8}")
for name, _, _, marks in targets:
    for i, m in enumerate(marks):
        label = name if len(marks) == 1 else f"{name} ({m})"
        print(f"{label:<34}{med[name][i]:>8.2f}{min(times[name][i]):>8.2f}{max(times[name][i]):>8.2f}")
print()
print(f"kibitz --version / java -version:        {med['kibitz --version'][0] / med['java -version'][0]:.2f}x (goal 3x)")
print(f"workbench first frame / bare window:     {med['workbench'][0] / med['bare JavaFX window'][0]:.2f}x (goal 1.5x)")
print(f"workbench whole (ready) / bare window:   {med['workbench'][1] / med['bare JavaFX window'][0]:.2f}x")
PY
