#!/usr/bin/env bash
# What making puzzles costs against evaluating the same games, in one script on one machine:
#   1. evaluate the games (no store): wall time;
#   2. puzzles from the same games, same engine and limit (no store, so it evaluates them again, then
#      solves every candidate at 4x the nodes): wall time; the solving part is the difference.
# Prints puzzles per minute of the whole run and of the solving alone.
# Usage: bench/puzzles-cost.sh [FILE] [GAMES] [NODES] [ENGINE]
#   (defaults: Capablanca.pgn, 1-20, 5000, stockfish; xiangqi: testdata/xiangqi/pgn/xqdb-bulk_games_uci.pgn 1-12 5000 fairy-stockfish)
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-testdata/chess/pgn/Capablanca.pgn}
GAMES=${2:-1-20}
NODES=${3:-5000}
ENGINE=${4:-stockfish}
export PATH="$PATH:/usr/games"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # name, args...
  local name=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  KIBITZ_JAVA_OPTS="-Dkibitz.home=$work/home-$name" ./kibitz "$@" --progress none >"$work/$name.out" 2>"$work/$name.err" || true
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
./kibitz --version >/dev/null 2>&1 || true  # builds first when the sources changed
common=(--games "$GAMES" --nodes "$NODES" --jobs 2 --no-store --engine "$ENGINE")
we=$(run eval evaluate "$FILE" "${common[@]}")
wp=$(run puzzles puzzles "$FILE" "${common[@]}" --out "$work/p.csv")
last=$(tail -1 "$work/puzzles.out")
echo "evaluate: $(tail -1 "$work/eval.out") in ${we}s"
echo "puzzles:  $last in ${wp}s"
python3 - "$we" "$wp" "$last" <<'PY'
import sys
we, wp = float(sys.argv[1]), float(sys.argv[2])
f = sys.argv[3].split()
games, cand, puz = int(f[1]), int(f[3]), int(f[5])
solve = max(wp - we, 1e-9)
print(f"puzzles/min (whole run): {puz / wp * 60:.2f}; solving only: {solve:.0f}s for {cand} candidates, "
      f"{cand / solve * 60:.1f} candidates/min, {puz / solve * 60:.2f} puzzles/min; puzzles cost {wp / we:.2f}x evaluating")
PY
