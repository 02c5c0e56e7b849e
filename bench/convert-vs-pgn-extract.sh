#!/usr/bin/env bash
# kibitz convert and kibitz check against pgn-extract on the same master games, whole-process
# times in one script.
#
#   bench/convert-vs-pgn-extract.sh [runs] [--no-fresh]
#
# Builds a file of the Capablanca games repeated 40 times (23,880 games; made here, not kept) and
# times, alternating with pgn-extract so both meet the same machine load:
#   fresh    a fresh clone of this checkout's HEAD, built with its own ./kibitz (which trains its
#            quick-start cache), then its first conversion: what a new user's first run costs.
#            Skipped with --no-fresh (the build takes a minute or two).
#   warm     this checkout, `runs` times each (default 5): on every core, then on one core
#            (taskset -c 0) against pgn-extract on the same core.
#   read     `kibitz check` (read and check every move, write nothing: the path a tree import or a
#            batch job takes) against pgn-extract's conversion, and against `pgn-extract -r`
#            (its own check-only mode).
#   per move kibitz check and convert of chess (SAN), xiangqi in ICCS and the Big5 collection in
#            Chinese notation, in turn: CPU microseconds per move, and Big5's against chess's.
# Medians of wall and CPU time and their ratios, and the same ratios pair by pair (each kibitz run
# against the peer's run beside it: the median pair, the middle half of the pairs, the pairs won),
# which a slow minute of a shared machine moves less; then kibitz's peak RSS on 1, 10 and 40 copies
# (memory must stay flat). Both programs read every move, check it against the rules and write
# the games out again in SAN; the script checks that the outputs hold the same tokens.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=5
FRESH=1
for a in "$@"; do
  case "$a" in
    --no-fresh) FRESH=0 ;;
    *) RUNS="$a" ;;
  esac
done
KIBITZ="$ROOT/kibitz"
PGN_EXTRACT="$(command -v pgn-extract || echo /usr/games/pgn-extract)"
SRC="$ROOT/testdata/chess/pgn/Capablanca.pgn"
[ -x "$PGN_EXTRACT" ] || { echo "pgn-extract not found (apt-get install pgn-extract)" >&2; exit 2; }
[ -f "$SRC" ] || { echo "no $SRC" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
ONE_CORE=(taskset -c 0)
command -v taskset >/dev/null || { echo "no taskset (util-linux): one-core figures skipped" >&2; ONE_CORE=(); }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for n in 1 10 40; do
  for ((i = 0; i < n; i++)); do cat "$SRC"; done > "$WORK/cap$n.pgn"
done
IN="$WORK/cap40.pgn"
echo "input: $(grep -c '^\[Event ' "$IN") games, $(wc -c < "$IN") bytes"
echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1), load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# One timed run appended to a file: wall user sys maxrss(KB).
measure() { # file command...
  local f="$1"; shift
  /usr/bin/time -f "%e %U %S %M" -o "$WORK/t" "$@" > "$WORK/stdout" 2> "$WORK/stderr" || true
  tail -n 1 "$WORK/t" >> "$f" # time says "Command exited with non-zero status" first when it did
}
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
wall() { awk '{print $1}' "$1" | median; }
cpu() { awk '{print $2+$3}' "$1" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", a/b}'; }
# label kibitz-file peer-file: medians and ratios
# The fastest and slowest wall time of a file's runs: on a shared machine the spread says how far
# one median can be trusted (a tenth between runs of the same build is common on a VM with steal time).
spread() { awk '{print $1}' "$1" | sort -n | awk 'NR == 1 {a = $1} {b = $1} END {printf "%.2f-%.2f", a, b}'; }
report() { # label kibitz-file peer-file [how many of the peer's runs come before the ones paired with these]
  local kw kc pw pc
  kw=$(wall "$2"); kc=$(cpu "$2"); pw=$(wall "$3"); pc=$(cpu "$3")
  printf '%-34s kibitz wall %s s cpu %s s | peer wall %s s cpu %s s | ratio wall %s cpu %s | wall ranges %s s, %s s\n' \
    "$1" "$kw" "$kc" "$pw" "$pc" "$(ratio "$kw" "$pw")" "$(ratio "$kc" "$pc")" "$(spread "$2")" "$(spread "$3")"
  pairs "$2" "$3" "${4:-0}"
}
# Each kibitz run against the peer's run beside it: the two met the same minute of the machine, so
# the ratio of a pair does not move with a slow minute the way a ratio of two medians does. The
# median pair and the middle half of the pairs (nearest-rank quartiles), and how many pairs kibitz won.
pairs() { # kibitz-file peer-file offset
  local n rows won
  n=$(wc -l < "$1")
  [ "$n" -gt 1 ] || return 0
  rows="$(tail -n +"$(( $3 + 1 ))" "$2" | head -n "$n" | paste -d ' ' "$1" -)"
  won=$(printf '%s\n' "$rows" | awk '$1 < $5 {k++} END {print k + 0}')
  printf '%-34s wall %s, cpu %s; kibitz faster in %s of %s\n' "    pairs, run by run:" \
    "$(printf '%s\n' "$rows" | awk '{print $1 / $5}' | quartiles)" \
    "$(printf '%s\n' "$rows" | awk '{print ($2 + $3) / ($6 + $7)}' | quartiles)" "$won" "$n"
}
# Sorted numbers in, "median (middle half q1-q3)" out, as ratios (nearest-rank quartiles).
quartiles() {
  sort -n | awk '{a[NR] = $1}
    function q(f,   k) { k = int(NR * f + 0.999999); if (k < 1) k = 1; return a[k] }
    END {printf "%.2fx (middle half %.2f-%.2fx)", q(0.5), q(0.25), q(0.75)}'
}

# --- fresh clone: build with the README's command, then the first conversion ---
if [ "$FRESH" = 1 ]; then
  head="$(git -C "$ROOT" rev-parse --short HEAD)"
  dirty=""
  [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ] && dirty=" (uncommitted changes are not in it)"
  git clone -q "$ROOT" "$WORK/clone"
  start=$(date +%s.%N)
  "$WORK/clone/kibitz" --version > /dev/null 2> "$WORK/build.log" || { cat "$WORK/build.log" >&2; exit 2; }
  built=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.0f", e - s}')
  measure "$WORK/fk" "$WORK/clone/kibitz" convert "$IN" "$WORK/fk.pgn"
  measure "$WORK/fp" "$PGN_EXTRACT" -s "$IN" -o "$WORK/fp.pgn"
  echo "fresh clone of $head$dirty: build and quick-start training ${built} s, then:"
  report "  fresh, first conversion:" "$WORK/fk" "$WORK/fp"
  rm -rf "$WORK/clone"
fi

# --- warm checkout ---
# Build if needed (and train the quick-start cache) before anything is timed.
"$KIBITZ" convert "$WORK/cap1.pgn" "$WORK/warm.pgn" > /dev/null 2>&1 || true
for ((r = 1; r <= RUNS; r++)); do
  measure "$WORK/k2" "$KIBITZ" convert "$IN" "$WORK/k.pgn"
  tail -n 1 "$WORK/stdout" > "$WORK/k.summary"
  measure "$WORK/p2" "$PGN_EXTRACT" -s "$IN" -o "$WORK/p.pgn"
done
if [ ${#ONE_CORE[@]} -gt 0 ]; then
  for ((r = 1; r <= RUNS; r++)); do
    measure "$WORK/k1" "${ONE_CORE[@]}" "$KIBITZ" convert "$IN" "$WORK/k1.pgn"
    measure "$WORK/p1" "${ONE_CORE[@]}" "$PGN_EXTRACT" -s "$IN" -o "$WORK/p1.pgn"
  done
fi
for ((r = 1; r <= RUNS; r++)); do
  measure "$WORK/kr" "$KIBITZ" check "$IN"
  tail -n 1 "$WORK/stdout" > "$WORK/kr.summary"
  measure "$WORK/pr" "$PGN_EXTRACT" -r "$IN"
  measure "$WORK/p2" "$PGN_EXTRACT" -s "$IN" -o "$WORK/p.pgn"
done

echo "kibitz convert: $(cat "$WORK/k.summary"); kibitz check: $(cat "$WORK/kr.summary")"
echo "kibitz output:  $(grep -c '^\[Event ' "$WORK/k.pgn") games, $(wc -c < "$WORK/k.pgn") bytes"
echo "pgn-extract:    $(grep -c '^\[Event ' "$WORK/p.pgn") games, $(wc -c < "$WORK/p.pgn") bytes"
# The two outputs differ only in where lines break (79 columns here, 75 there): same tokens.
if cmp -s <(tr -s ' \n' '  ' < "$WORK/k.pgn") <(tr -s ' \n' '  ' < "$WORK/p.pgn"); then
  echo "outputs: the same tags, moves and results, token for token"
else
  echo "outputs: DIFFERENT tokens (see diff of the two files)"
fi
cache="$(ls "$ROOT"/app/launcher/target/kibitz-cli-*.aot "$ROOT"/app/launcher/target/kibitz-cli-*.jsa 2>/dev/null | head -n1 || true)"
if [ -n "$cache" ]; then cache="present (${cache##*/})"; else cache="absent"; fi
echo "warm checkout, $RUNS runs each, alternating; quick-start cache: $cache"
echo "kibitz convert wall s:   $(awk '{printf "%s ", $1}' "$WORK/k2")"
echo "pgn-extract -s wall s:   $(awk '{printf "%s ", $1}' "$WORK/p2")"
report "  warm, all cores, convert:" "$WORK/k2" "$WORK/p2"
if [ ${#ONE_CORE[@]} -gt 0 ]; then
  report "  warm, one core, convert:" "$WORK/k1" "$WORK/p1"
fi
report "  warm, check vs pgn-extract -s:" "$WORK/kr" "$WORK/p2" "$RUNS"
report "  warm, check vs pgn-extract -r:" "$WORK/kr" "$WORK/pr"

# --- xiangqi: no peer reads it, so the measure is the cost per move against chess's ---
# The six commands run in turn, RUNS rounds, so that each meets the same machine load as the others
# (run one after another, a busy minute of the machine's made one of them look a fifth slower).
XQ="$ROOT/testdata/xiangqi/pgn"
if [ -f "$XQ/xqdb-Liu_Dahua_1125_games.pgn" ]; then
  for ((i = 0; i < 20; i++)); do cat "$XQ/xqdb-Liu_Dahua_1125_games.pgn"; done > "$WORK/liu20.pgn"
  labels=("chess SAN, 40x Capablanca, check:" "chess SAN, 40x Capablanca, convert:"
          "xiangqi ICCS, 20x Liu Dahua, check:" "xiangqi ICCS, 20x Liu Dahua, convert:")
  cmds=("check $IN" "convert $IN $WORK/c.pgn" "check $WORK/liu20.pgn" "convert --notation iccs $WORK/liu20.pgn $WORK/x.pgn")
  if [ -f "$XQ/ccpd-tournaments-big5.pgn" ]; then
    labels+=("xiangqi Chinese (Big5), 29,870 games, check:" "xiangqi Chinese (Big5), convert:")
    cmds+=("check $XQ/ccpd-tournaments-big5.pgn" "convert $XQ/ccpd-tournaments-big5.pgn $WORK/b.pgn")
  fi
  for ((k = 0; k < ${#cmds[@]}; k++)); do : > "$WORK/x$k"; done
  for ((r = 1; r <= RUNS; r++)); do
    for ((k = 0; k < ${#cmds[@]}; k++)); do
      # shellcheck disable=SC2086 # the command's words: paths without blanks (made here, or testdata/)
      measure "$WORK/x$k" "$KIBITZ" ${cmds[$k]}
      tail -n 1 "$WORK/stdout" | awk '{print $4}' > "$WORK/x$k.plies"
    done
  done
  echo "cost per move (whole process, warm; medians of $RUNS rounds, the commands in turn):"
  us=()
  for ((k = 0; k < ${#cmds[@]}; k++)); do
    plies=$(cat "$WORK/x$k.plies"); w=$(wall "$WORK/x$k"); c=$(cpu "$WORK/x$k")
    us[k]=$(awk -v p="$plies" -v c="$c" 'BEGIN {printf "%.3f", c * 1e6 / p}')
    printf '  %-44s %9s plies  wall %s s cpu %s s  %s plies/s  %s us cpu/ply\n' "${labels[$k]}" "$plies" "$w" "$c" \
      "$(awk -v p="$plies" -v w="$w" 'BEGIN {printf "%.0f", p / w}')" "${us[$k]}"
  done
  if [ ${#cmds[@]} -eq 6 ]; then
    echo "  Big5 Chinese against chess SAN, CPU per move: check $(ratio "${us[4]}" "${us[0]}"), convert $(ratio "${us[5]}" "${us[1]}") (goal <= 1.00x)"
    # Round by round: the two commands of a round ran minutes apart at most, not the whole script.
    per_round() { # big5-file chess-file big5-plies chess-plies
      paste -d ' ' "$1" "$2" | awk -v a="$3" -v b="$4" '{print (($2 + $3) / a) / (($6 + $7) / b)}' | quartiles
    }
    echo "  the same, round by round: check $(per_round "$WORK/x4" "$WORK/x0" "$(cat "$WORK/x4.plies")" "$(cat "$WORK/x0.plies")"), convert $(per_round "$WORK/x5" "$WORK/x1" "$(cat "$WORK/x5.plies")" "$(cat "$WORK/x1.plies")")"
  fi
fi

for n in 1 10 40; do
  : > "$WORK/m"
  measure "$WORK/m" "$KIBITZ" convert "$WORK/cap$n.pgn" "$WORK/m.pgn"
  echo "kibitz peak RSS, ${n}x ($(grep -c '^\[Event ' "$WORK/cap$n.pgn") games): $(( $(awk '{print $4}' "$WORK/m") / 1024 )) MB"
done
