#!/usr/bin/env bash
# Start times of the installed copy (the .deb unpacked into a temporary root, run through
# /usr/bin/kibitz) against ./kibitz of this checkout, taking turns, N rounds (default 5): the
# window to its first frame under Xvfb (the program's own `first-frame <ms>` count since the JVM
# started, and the wall time of the whole run including the launcher), `kibitz --version`, and
# `kibitz perft --game xiangqi --depth 3` (wall). Prints each run and the medians. For
# docs/packaging.md; a bench, not a test: the numbers move with the machine's load.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-5}"
deb="$(ls "$ROOT"/packaging/out/kibitz_*_amd64.deb | head -n1)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp/root"
declare -A k=([installed]="$tmp/root/usr/bin/kibitz" [checkout]="$ROOT/kibitz")
# Warm-up: ./kibitz builds if needed and trains its caches at its first runs.
for w in checkout installed; do
  KIBITZ_JAVA_OPTS="-Dkibitz.home=$tmp/h-$w" xvfb-run -a "${k[$w]}" --version >/dev/null 2>&1
  KIBITZ_JAVA_OPTS="-Dkibitz.home=$tmp/h-$w" xvfb-run -a "${k[$w]}" perft --game xiangqi --depth 1 >/dev/null 2>&1
  KIBITZ_JAVA_OPTS="-Dkibitz.home=$tmp/h-$w -Dkibitz.firstframe.exit=true" xvfb-run -a "${k[$w]}" >/dev/null 2>&1
done
wall() { local s e; s=$(date +%s%N); "$@" >"$tmp/last" 2>&1; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
for ((i = 1; i <= n; i++)); do
  for w in installed checkout; do
    # The window: xvfb-run -a starts its own server first; that is in neither count.
    xvfb-run -a sh -c 's=$(date +%s%N); KIBITZ_JAVA_OPTS="-Dkibitz.home=$1 -Dkibitz.firstframe.exit=true" "$2" >"$3" 2>&1; e=$(date +%s%N); echo "wall $(((e - s) / 1000000))" >>"$3"' \
      _ "$tmp/h-$w" "${k[$w]}" "$tmp/win"
    ff=$(sed -n 's/^first-frame //p' "$tmp/win"); ww=$(sed -n 's/^wall //p' "$tmp/win")
    v=$(KIBITZ_JAVA_OPTS="-Dkibitz.home=$tmp/h-$w" wall "${k[$w]}" --version)
    p=$(KIBITZ_JAVA_OPTS="-Dkibitz.home=$tmp/h-$w" wall "${k[$w]}" perft --game xiangqi --depth 3)
    echo "$w first-frame $ff window-wall $ww version $v perft $p" | tee -a "$tmp/all"
  done
done
med() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for w in installed checkout; do
  printf '%s medians (ms): first frame %s, window run %s, --version %s, perft depth 3 %s\n' "$w" \
    "$(awk -v w=$w '$1==w {print $3}' "$tmp/all" | med)" "$(awk -v w=$w '$1==w {print $5}' "$tmp/all" | med)" \
    "$(awk -v w=$w '$1==w {print $7}' "$tmp/all" | med)" "$(awk -v w=$w '$1==w {print $9}' "$tmp/all" | med)"
done
