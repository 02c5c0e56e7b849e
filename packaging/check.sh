#!/usr/bin/env bash
# Checks what packaging/build.sh made on Linux (CI runs it after the build, .ci/run): the .deb's
# metadata read back, and both the .deb (unpacked with dpkg-deb -x into a temporary root, not
# installed) and the portable .tar.gz (unpacked into a temporary folder) run with no JDK on the
# PATH and no JAVA_HOME: --version, a perft, conversions of a file from testdata/, an evaluation
# with an engine it must find in /usr/games by itself, and the window up to its first frame under
# Xvfb. Nothing may be written into the installed files. Prints how long each part took.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/packaging/out"
fail() { printf 'packaging check: FAILED: %s\n' "$*" >&2; exit 1; }
note() { printf 'packaging check: %s (%ss)\n' "$*" "$SECONDS" >&2; }

deb="$(ls "$OUT"/kibitz_*_amd64.deb 2>/dev/null | head -n1)"
tgz="$(ls "$OUT"/kibitz-*-linux-x64.tar.gz 2>/dev/null | head -n1)"
[ -f "$deb" ] && [ -f "$tgz" ] || fail "no .deb and .tar.gz in $OUT (run packaging/build.sh)"
version="${deb##*/kibitz_}"; version="${version%_amd64.deb}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-pkgcheck.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# --- the package's metadata, read back ---
dpkg-deb -I "$deb" > "$tmp/info"
field() { sed -n "s/^ $1: //p" "$tmp/info"; }
[ "$(field Package)" = kibitz ] || fail "Package is not kibitz"
[ "$(field Version)" = "$version" ] || fail "Version $(field Version) is not $version"
[ "$(field Architecture)" = amd64 ] || fail "Architecture is not amd64"
for d in libc6 libgtk-3-0 libx11-6 libfreetype6; do
  field Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qx "$d" || fail "Depends lacks $d: $(field Depends)"
done
dpkg-deb -c "$deb" > "$tmp/list"
for f in ./usr/share/applications/kibitz.desktop ./usr/share/mime/packages/kibitz.xml \
         ./usr/share/icons/hicolor/scalable/apps/kibitz.svg ./usr/share/doc/kibitz/copyright \
         ./opt/kibitz/bin/Kibitz ./opt/kibitz/bin/kibitz-cli ./opt/kibitz/lib/app/kibitz-cli.aot \
         ./opt/kibitz/lib/app/kibitz-gui.aot; do
  grep -q " $f\$" "$tmp/list" || fail "the .deb has no $f"
done
grep -q ' ./usr/bin/kibitz -> ../../opt/kibitz/bin/kibitz$' "$tmp/list" || fail "no /usr/bin/kibitz link"
dpkg-deb -x "$deb" "$tmp/root"
share="$tmp/root/usr/share"
desktop-file-validate "$share/applications/kibitz.desktop" || fail "desktop-file-validate"
for s in 16 24 32 48 64 128 256 512; do
  file "$share/icons/hicolor/${s}x$s/apps/kibitz.png" | grep -q "PNG image data, $s x $s" || fail "no ${s}x$s icon"
done
# Each type the menu entry opens is defined (with its glob) in the MIME file, which must load.
types="$(sed -n 's/^MimeType=//p' "$share/applications/kibitz.desktop" | tr ';' '\n' | grep .)"
for e in pgn xqf fen epd; do
  t="$(grep -B4 "pattern=\"\*\.$e\"" "$share/mime/packages/kibitz.xml" | sed -n 's/.*mime-type type="\([^"]*\)".*/\1/p' | tail -n1)"
  [ -n "$t" ] || fail "no MIME type for *.$e"
  printf '%s\n' "$types" | grep -qx "$t" || fail "the menu entry does not open $t (*.$e)"
done
mkdir -p "$tmp/mime/packages" && cp "$share/mime/packages/kibitz.xml" "$tmp/mime/packages/"
XDG_DATA_DIRS="$tmp" update-mime-database "$tmp/mime" 2>&1 | grep . && fail "update-mime-database complained"
for e in pgn xqf fen epd; do
  grep -q ":\*\.$e\$" "$tmp/mime/globs" || fail "the MIME database made from kibitz.xml has no *.$e"
done
note "metadata of $(basename "$deb") ok"

tar -xzf "$tgz" -C "$tmp"
portable="$tmp/kibitz-$version"
[ -x "$portable/bin/kibitz" ] || fail "the .tar.gz has no kibitz-$version/bin/kibitz"
[ -f "$portable/share/applications/kibitz.desktop" ] || fail "the .tar.gz has no share/applications/kibitz.desktop"

# --- no JDK: a PATH of the system's commands without any java, and no JAVA_HOME ---
mkdir -p "$tmp/path"
IFS=: read -r -a dirs <<< "/usr/local/bin:/usr/bin:/bin"
for d in "${dirs[@]}"; do
  for f in "$d"/*; do
    n="${f##*/}"
    [ -e "$tmp/path/$n" ] && continue
    case "$(readlink -f "$f")" in /usr/lib/jvm/*|*/bin/java|*/bin/javac) continue ;; esac
    ln -s "$f" "$tmp/path/$n"
  done
done
nojdk() { env -u JAVA_HOME -u JDK_JAVA_OPTIONS -u JAVA_TOOL_OPTIONS -u CLASSPATH -u DISPLAY -u KIBITZ_JAVA_OPTS \
  PATH="$tmp/path" HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/config" XDG_DATA_HOME="$tmp/home/data" "$@"; }
nojdk sh -c 'command -v java' >/dev/null 2>&1 && fail "a java is still on the test PATH"

testdata="$ROOT/testdata"
run_all() { # $1: label; $2: the kibitz to run
  local label="$1" k="$2" o="$tmp/out-$1" t
  mkdir -p "$o"
  touch "$tmp/before-$label"
  sleep 1
  nojdk "$k" --version > "$o/version" || fail "$label: kibitz --version"
  grep -q "^Kibitz $version" "$o/version" || fail "$label: --version says $(cat "$o/version")"
  nojdk "$k" perft --game xiangqi --depth 3 > "$o/perft" || fail "$label: perft"
  grep -q '^nodes 79666 ' "$o/perft" || fail "$label: perft says $(tail -n1 "$o/perft")"
  # PGN to XQF and back, in Chinese notation: the charsets (GBK) and the Chinese locale are linked in.
  nojdk "$k" convert "$testdata/xiangqi/pgn/ccgc-01.宝岛一号(先负)相眼竞技(A1-A2).PGN" "$o/game.xqf" > "$o/convert" 2>&1 \
    || fail "$label: convert ($(cat "$o/convert"))"
  grep -q '^games 1 plies 26 errors 0$' "$o/convert" || fail "$label: convert says $(tail -n1 "$o/convert")"
  nojdk "$k" convert "$o/game.xqf" "$o/game.pgn" --notation chinese > "$o/convert2" 2>&1 \
    || fail "$label: convert back ($(cat "$o/convert2"))"
  grep -q '^1\. 炮八平五 马２进３' "$o/game.pgn" || fail "$label: convert wrote $(head -c 300 "$o/game.pgn")"
  # An engine named, found by Kibitz in /usr/games (not on this PATH), as from a checkout.
  if [ -x /usr/games/fairy-stockfish ]; then
    nojdk "$k" evaluate "$testdata/xiangqi/pgn/ccgc-01.宝岛一号(先负)相眼竞技(A1-A2).PGN" --engine fairy-stockfish \
      --nodes 2000 --out "$o/evaluated.pgn" > "$o/evaluate" 2>&1 || fail "$label: evaluate ($(tail -n3 "$o/evaluate"))"
    grep -q '%eval' "$o/evaluated.pgn" || fail "$label: evaluate wrote no [%eval]"
  fi
  # The window, up to its first frame, through the same `kibitz` (file manager's "Open with" too:
  # a game file as its argument).
  t=$SECONDS
  nojdk env KIBITZ_JAVA_OPTS="-Dkibitz.firstframe.exit=true" xvfb-run -a "$k" "$o/game.pgn" > "$o/window" 2>&1 \
    || fail "$label: the window ($(tail -n5 "$o/window"))"
  grep -q '^first-frame [0-9]' "$o/window" || fail "$label: no first frame ($(tail -n5 "$o/window"))"
  note "$label: version, perft, convert, evaluate, window ($(sed -n 's/^first-frame //p' "$o/window") ms to the first frame, $((SECONDS - t)) s in all) ok"
}
run_all deb "$tmp/root/usr/bin/kibitz"
run_all tarball "$portable/bin/kibitz"
# jpackage's own launchers, which bin/kibitz passes by (decision 0031) but a user may run, and which
# are what Windows and macOS run.
nojdk "$portable/bin/kibitz-cli" --version | grep -q "^Kibitz $version" || fail "bin/kibitz-cli --version"
nojdk "$portable/bin/Kibitz" --version | grep -q "^Kibitz $version" || fail "bin/Kibitz --version"
# Nothing written where the program is installed: user data goes to the home only (and so
# uninstalling leaves it).
changed="$(find "$tmp/root" "$portable" -newer "$tmp/before-deb" -print | head -n5)"
[ -z "$changed" ] || fail "files written into the installed copy: $changed"
[ -d "$tmp/home/config/kibitz" ] || fail "no settings folder in the home ($tmp/home/config/kibitz)"
note "all ok"
