#!/usr/bin/env bash
# Two revisions of Kibitz against each other in steady state, in one JVM.
#
#   bench/ab-builds.sh REV_A REV_B [N] [--one] -- COMMAND ARGS...
#   e.g. bench/ab-builds.sh HEAD~1 HEAD 30 --one -- check testdata/xiangqi/pgn/ccpd-tournaments-big5.pgn
#
# Builds each revision in a worktree of its own (made here, removed at the end), then runs the
# command N times with each build (default 30), both in one JVM and in turn (bench/ab/SameJvm.java):
# a slow minute of a shared machine then meets both builds, where separate processes would meet one.
# On the 2-core VM of decision 0010 this resolved about 3% under the JVM's defaults (a build against
# itself: 0.97-1.01), separate processes about 10%. Under the launcher's settings (now used) it is
# nearer 4%: a build against itself gave 0.98, and one pair of builds 1.046 and then, in swapped
# slots, 1/1.043; run both orders when a few percent matter. It measures steady state only: the
# start and the compilers' share of a short run need whole processes
# (bench/convert-vs-pgn-extract.sh). --one pins it to one core.
# Paths in ARGS are taken from the current directory.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -ge 2 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
A="$1"; B="$2"; shift 2
N=30
PIN=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --one) PIN=(taskset -c 0) ;;
    *) N="$1" ;;
  esac
  shift
done
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "no command given (after --)" >&2; exit 2; }

JAVA="${KIBITZ_JAVA:-}"
if [ -z "$JAVA" ]; then
  for j in /usr/lib/jvm/temurin-25-jdk-amd64/bin/java /usr/lib/jvm/temurin-21-jdk-amd64/bin/java "$(command -v java)"; do
    if [ -x "$j" ] && "$j" -version 2>&1 | grep -q -E 'version "(2[1-9]|[3-9][0-9])'; then JAVA="$j"; break; fi
  done
fi
[ -n "$JAVA" ] || { echo "needs a JDK 21 or newer (set KIBITZ_JAVA)" >&2; exit 2; }

WORK="$(mktemp -d)"
cleanup() {
  for w in a b; do git -C "$ROOT" worktree remove --force "$WORK/$w" >/dev/null 2>&1 || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
for w in a b; do
  rev=$([ "$w" = a ] && echo "$A" || echo "$B")
  git -C "$ROOT" worktree add -q --detach "$WORK/$w" "$rev"
  echo "building $w = $rev ($(git -C "$ROOT" rev-parse --short "$rev"))..." >&2
  (cd "$WORK/$w" && mvn -B -q -o package -DskipTests -pl app/launcher -am > "$WORK/build-$w.log" 2>&1) \
    || (cd "$WORK/$w" && mvn -B -q package -DskipTests -pl app/launcher -am > "$WORK/build-$w.log" 2>&1) \
    || { cat "$WORK/build-$w.log" >&2; exit 2; }
done
OPTS=(-XX:+UseSerialGC -Xmn32m -Dfile.encoding=UTF-8 --enable-native-access=ALL-UNNAMED)
# The command line's JIT settings, as ./kibitz passes them (its -XX:NAME=NUMBER options): compiled
# code under them is not the default's (with the smaller inlining budget a check of the chess
# benchmark runs 17% slower once compiled), and a change is judged by the code users run.
mapfile -t JIT < <(grep -o -- '-XX:[A-Za-z0-9]*=[0-9]*' "$ROOT/kibitz" | sort -u)
OPTS+=("${JIT[@]}")
# On one CPU ./kibitz also waits for each compilation (decision 0010).
[ ${#PIN[@]} -gt 0 ] && OPTS+=(-XX:-BackgroundCompilation)
# Guava (under Guice) uses sun.misc.Unsafe; JDK 23+ warns about it unless allowed.
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1; then
  OPTS+=(--sun-misc-unsafe-memory-access=allow)
fi
echo "$N iterations each, in one JVM$([ ${#PIN[@]} -gt 0 ] && echo ', on one core'): $*"
"${PIN[@]}" "$JAVA" "${OPTS[@]}" "$ROOT/bench/ab/SameJvm.java" \
  "$WORK/a/app/launcher/target" "$WORK/b/app/launcher/target" "$N" "$@"
