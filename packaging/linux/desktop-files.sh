#!/usr/bin/env bash
# Puts the desktop's files for Kibitz under a share/ folder ($1): the menu entry, the icon in each
# size of the hicolor theme, and the game files' MIME types. The .deb has them under /usr/share;
# the portable app image under its own share/, for copying to ~/.local/share (docs/packaging.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
share="$1"
install -D -m 644 "$here/kibitz.desktop" "$share/applications/kibitz.desktop"
install -D -m 644 "$here/kibitz-mime.xml" "$share/mime/packages/kibitz.xml"
for s in 16 24 32 48 64 128 256 512; do
  install -D -m 644 "$here/../icons/kibitz-$s.png" "$share/icons/hicolor/${s}x${s}/apps/kibitz.png"
done
install -D -m 644 "$here/../icons/kibitz.svg" "$share/icons/hicolor/scalable/apps/kibitz.svg"
