#!/usr/bin/env bash
# Pictures of what the .deb installs, for docs/images/: its menu entry as a desktop's application
# grid shows it (the installed .desktop file's name, generic name and comment in English and
# Chinese, with the installed icon), and the window of the installed copy in both languages. Runs
# the .deb unpacked into a temporary root (dpkg-deb -x), under Xvfb. Needs ImageMagick,
# xvfb-run and a CJK font.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deb="$(ls "$ROOT"/packaging/out/kibitz_*_amd64.deb | head -n1)"  # or KIBITZ_UNPACKED=<a root it was unpacked into>
dest="${1:-$ROOT/docs/images}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-shots.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
if [ -n "${KIBITZ_UNPACKED:-}" ]; then ln -s "$KIBITZ_UNPACKED" "$tmp/root"; else dpkg-deb -x "$deb" "$tmp/root"; fi
desk="$tmp/root/usr/share/applications/kibitz.desktop"
icon="$tmp/root/usr/share/icons/hicolor/128x128/apps/kibitz.png"
key() { sed -n "s/^$1=//p" "$desk" | head -n1; }
font=$(fc-match -f '%{file}' 'Noto Sans CJK SC')
tile() { # $1: language label, $2: name, $3: generic name, $4: comment, $5: output
  convert -size 420x300 xc:'#2b2f36' \
    \( "$icon" \) -geometry +146+28 -composite \
    -font "$font" -fill white -pointsize 22 -gravity north -annotate +0+170 "$2" \
    -fill '#c9d1d9' -pointsize 16 -annotate +0+204 "$3" \
    -fill '#8b949e' -pointsize 14 -annotate +0+234 "$4" \
    -fill '#6e7681' -pointsize 12 -gravity southeast -annotate +8+6 "$1" "$5"
}
tile "LANG=en" "$(key Name)" "$(key GenericName)" "$(key Comment)" "$tmp/menu-en.png"
tile "LANG=zh_CN" "$(key Name)" "$(key 'GenericName\[zh_CN\]')" "$(key 'Comment\[zh_CN\]')" "$tmp/menu-zh.png"
convert "$tmp/menu-en.png" "$tmp/menu-zh.png" +append "$dest/package-menu-entry.png"

window() { # $1: language, $2: country, $3: output (the locale as Java's options: the C library here
  # may have no Chinese locale, and the program follows Java's default locale until View → Language)
  local home="$tmp/home-$1"
  mkdir -p "$home"
  HOME="$home" KIBITZ_JAVA_OPTS="-Dkibitz.home=$home/k -Duser.language=$1 -Duser.country=$2" \
    xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
      "$0" & pid=$!
      # Until the screen shows more than one colour (the window painted), then a little longer for
      # the panes to fill in; two minutes at most.
      i=0
      while [ $i -lt 40 ]; do
        import -window root "$1"
        [ "$(convert "$1" -format "%[fx:standard_deviation>0.02]" info:)" = 1 ] && break
        sleep 3; i=$((i+1))
      done
      sleep 10
      import -window root "$1"
      kill $pid; wait $pid 2>/dev/null || true' "$tmp/root/usr/bin/kibitz" "$3"
}
window en US "$dest/package-window-en.png"
window zh CN "$dest/package-window-zh.png"
ls -l "$dest"/package-*.png
