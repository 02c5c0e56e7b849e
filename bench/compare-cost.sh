#!/usr/bin/env bash
# What a comparison costs against the evaluations it is made of, in one script on one machine:
#   1. evaluate with A alone, evaluate with B alone, compare A and B (no store): wall time and the
#      engines' own search time (sum of time_ms), compare / (A + B);
#   2. compare A and B with the store, then compare A, B and C: the second searches only with C.
# Usage: bench/compare-cost.sh [FILE] [GAMES] [NODES]   (defaults: Capablanca.pgn, 1-10, 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-testdata/chess/pgn/Capablanca.pgn}
GAMES=${2:-1-10}
NODES=${3:-20000}
A=${ENGINE_A:-stockfish}
B=${ENGINE_B:-fairy-stockfish}
C=${ENGINE_C:-builtin}
export PATH="$PATH:/usr/games"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # name, args...
  local name=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  KIBITZ_JAVA_OPTS="-Dkibitz.home=$work/home-$name" ./kibitz "$@" --progress none >"$work/$name.out" 2>"$work/$name.err"
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
# time_ms summed over a CSV's column(s)
engine_ms() { python3 - "$@" <<'PY'
import csv, sys
path, cols = sys.argv[1], sys.argv[2:]
print(sum(int(r[c] or 0) for r in csv.DictReader(open(path, encoding='utf-8')) for c in cols))
PY
}
./kibitz --version >/dev/null 2>&1 || true  # builds first when the sources changed
common=(--games "$GAMES" --nodes "$NODES" --jobs 2 --no-store --multipv 3)
wa=$(run evalA evaluate "$FILE" --engine "$A" "${common[@]}" --csv "$work/a.csv")
wb=$(run evalB evaluate "$FILE" --engine "$B" "${common[@]}" --csv "$work/b.csv")
wc=$(run cmp compare "$FILE" --engine "$A" --engine "$B" "${common[@]}" --csv "$work/c.csv")
ea=$(engine_ms "$work/a.csv" time_ms); eb=$(engine_ms "$work/b.csv" time_ms)
ec=$(engine_ms "$work/c.csv" a_time_ms b_time_ms)
echo "evaluate $A: ${wa}s wall, ${ea} ms engine (judged moves)"
echo "evaluate $B: ${wb}s wall, ${eb} ms engine"
echo "compare $A $B: ${wc}s wall, ${ec} ms engine (compared positions)"
echo "wall ratio compare / (evaluate A + evaluate B): $(echo "scale=3; $wc / ($wa + $wb)" | bc)"
echo "engine-time ratio compare / (evaluate A + evaluate B): $(echo "scale=3; $ec / ($ea + $eb)" | bc)"
tail -1 "$work/cmp.out"
# Store reuse: A and B first, then A, B and C in the same home.
home=(--games "$GAMES" --nodes "$NODES" --jobs 2 --multipv 3)
w1=$(run store compare "$FILE" --engine "$A" --engine "$B" "${home[@]}")
mv "$work/home-store" "$work/home-store2"
w2=$(run store2 compare "$FILE" --engine "$A" --engine "$B" --engine "$C" "${home[@]}")
echo "compare $A $B with the store: ${w1}s; then adding $C: ${w2}s"
grep -h "searched now" "$work/store2.out"
grep -h "^games" "$work/store2.err"
