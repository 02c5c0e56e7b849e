#!/usr/bin/env bash
# kibitz convert against pgn-extract on the same master games, whole-process times in one script.
#
#   bench/convert-vs-pgn-extract.sh [runs]
#
# Builds a file of the Capablanca games repeated 40 times (23,880 games; made here, not kept),
# then times `kibitz convert in.pgn out.pgn` and `pgn-extract -s in.pgn -o out.pgn` alternately,
# `runs` times each (default 5), and prints the medians of wall and CPU time and their ratio.
# Then it prints kibitz's peak RSS converting 1, 10 and 40 copies: memory must stay flat.
# Both programs read every move, check it against the rules and write the games out again in SAN.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${1:-5}"
KIBITZ="$ROOT/kibitz"
PGN_EXTRACT="$(command -v pgn-extract || echo /usr/games/pgn-extract)"
SRC="$ROOT/../shared/data/chess/pgn/Capablanca.pgn"
[ -x "$PGN_EXTRACT" ] || { echo "pgn-extract not found (apt-get install pgn-extract)" >&2; exit 2; }
[ -f "$SRC" ] || { echo "no $SRC" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for n in 1 10 40; do
  for ((i = 0; i < n; i++)); do cat "$SRC"; done > "$WORK/cap$n.pgn"
done
echo "input: $(grep -c '^\[Event ' "$WORK/cap40.pgn") games, $(wc -c < "$WORK/cap40.pgn") bytes"

# Build if needed and fill the class-data archive the launcher keeps for CLI runs.
"$KIBITZ" convert "$WORK/cap1.pgn" "$WORK/warm.pgn" > /dev/null

# time -f: wall user sys maxrss(KB)
measure() { /usr/bin/time -f "%e %U %S %M" -o "$WORK/t" "$@" > "$WORK/stdout" 2> "$WORK/stderr" || true; cat "$WORK/t"; }

: > "$WORK/k"; : > "$WORK/p"
for ((r = 1; r <= RUNS; r++)); do
  measure "$KIBITZ" convert "$WORK/cap40.pgn" "$WORK/k.pgn" >> "$WORK/k"
  tail -n 1 "$WORK/stdout" > "$WORK/k.summary"
  measure "$PGN_EXTRACT" -s "$WORK/cap40.pgn" -o "$WORK/p.pgn" >> "$WORK/p"
done

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
kw=$(awk '{print $1}' "$WORK/k" | median); kc=$(awk '{print $2+$3}' "$WORK/k" | median)
pw=$(awk '{print $1}' "$WORK/p" | median); pc=$(awk '{print $2+$3}' "$WORK/p" | median)
echo "kibitz convert: $(cat "$WORK/k.summary")"
echo "kibitz output:  $(grep -c '^\[Event ' "$WORK/k.pgn") games, $(wc -c < "$WORK/k.pgn") bytes"
echo "pgn-extract:    $(grep -c '^\[Event ' "$WORK/p.pgn") games, $(wc -c < "$WORK/p.pgn") bytes"
# The two outputs differ only in where lines break (79 columns here, 75 there): same tokens.
if cmp -s <(tr -s ' \n' '  ' < "$WORK/k.pgn") <(tr -s ' \n' '  ' < "$WORK/p.pgn"); then
  echo "outputs: the same tags, moves and results, token for token"
else
  echo "outputs: DIFFERENT tokens (see diff of the two files)"
fi
echo "runs: $RUNS each, alternating; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kibitz wall s:      $(awk '{printf "%s ", $1}' "$WORK/k")  median $kw (cpu median $kc s)"
echo "pgn-extract wall s: $(awk '{printf "%s ", $1}' "$WORK/p")  median $pw (cpu median $pc s)"
awk -v k="$kw" -v p="$pw" -v kc="$kc" -v pc="$pc" 'BEGIN {printf "ratio kibitz/pgn-extract: wall %.2fx, cpu %.2fx\n", k/p, kc/pc}'

for n in 1 10 40; do
  rss=$(measure "$KIBITZ" convert "$WORK/cap$n.pgn" "$WORK/m.pgn" | awk '{print $4}')
  echo "kibitz peak RSS, ${n}x ($(grep -c '^\[Event ' "$WORK/cap$n.pgn") games): $((rss / 1024)) MB"
done
