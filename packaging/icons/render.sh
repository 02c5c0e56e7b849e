#!/usr/bin/env bash
# Renders kibitz.svg into the icons the packages use, committed next to it so that building a
# package (here and on Windows and macOS) needs no SVG renderer: PNGs for Linux's hicolor theme,
# an .ico for Windows, macOS's .icns is made on the Mac by the release workflow (iconutil). Run after changing the SVG (needs rsvg-convert from
# librsvg2-bin, ImageMagick, and a CJK font such as fonts-noto-cjk).
set -euo pipefail
cd "$(dirname "$0")"
for s in 16 24 32 48 64 128 256 512; do
  rsvg-convert -w "$s" -h "$s" kibitz.svg -o "kibitz-$s.png"
done
convert kibitz-16.png kibitz-24.png kibitz-32.png kibitz-48.png kibitz-64.png kibitz-256.png kibitz.ico
