#!/usr/bin/env bash
# Differential run of the xiangqi repetition rulings against Fairy-Stockfish's chasingRule = axf.
#
#   bench/rulings-vs-fairy-stockfish.sh FAIRY_STOCKFISH [PGN...]
#
# FAIRY_STOCKFISH must be a recent build (Debian's 11.1 has no chasing rules and rules every
# repetition a draw): make -C src build ARCH=x86-64-modern largeboards=yes in a clone of
# fairy-stockfish/Fairy-Stockfish (not kept in this repository). The PGN files default to the
# xiangqi games in testdata/. Each game's first third occurrence of a position is ruled by
# Kibitz (every rule set) and by Fairy-Stockfish; the disagreements go to target/rulings-vs-fsf.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
fsf=${1:?give the Fairy-Stockfish binary}
shift
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(testdata/xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn testdata/xiangqi/pgn/ccpd-tournaments-big5.pgn)
fi
mvn -B -o -q test-compile -pl rules-xiangqi -am
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tables=()
for f in "${files[@]}"; do
  n=$(basename "$f" .pgn)
  ./kibitz convert "$f" "$work/$n.pgn" --notation iccs > /dev/null 2>&1 || true
  python3 - "$work/$n.pgn" "$work/$n.games" <<'PY'
import re, sys
text = open(sys.argv[1], encoding='utf-8').read()
with open(sys.argv[2], 'w') as out:
    for g in re.split(r'\n\s*\n(?=\[)', text):
        fen = re.search(r'\[FEN "([^"]+)"\]', g)
        body = re.sub(r'\{[^}]*\}', '', '\n'.join(l for l in g.split('\n') if not l.startswith('[')))
        moves = [a + b for a, b in re.findall(r'\b([a-i][0-9])-?([a-i][0-9])\b', body)]
        if moves:
            out.write((fen.group(1) if fen else '-') + '\t' + ' '.join(moves) + '\n')
PY
  java=$(ls -d /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 2>/dev/null || command -v java)
  "$java" -cp rules-xiangqi/target/test-classes:rules-xiangqi/target/classes:plugins/api/target/classes \
    org.kibitz.xiangqi.RulingDiff "$work/$n.games" > "$work/$n.rulings"
  echo "$n: $(wc -l < "$work/$n.games") games, $(wc -l < "$work/$n.rulings") with a third occurrence"
  tables+=("$work/$n.rulings")
done
mkdir -p target
python3 bench/rulings-vs-fairy-stockfish.py "$fsf" "${tables[@]}" target/rulings-vs-fsf.tsv
