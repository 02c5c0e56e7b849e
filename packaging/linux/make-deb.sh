#!/usr/bin/env bash
# Makes the .deb ($3) from the app image jpackage made ($1) for version $2: the image itself under
# /opt/kibitz (copied with its files' times, which the quick-start caches check) and what a desktop
# package has: `kibitz` on the PATH (/usr/bin/kibitz, a relative link to the image's bin/kibitz),
# the menu entry, icons and MIME types under /usr/share, and its documents. No maintainer scripts:
# the desktop's databases (menu, MIME types, icon cache) are updated by dpkg's triggers of the
# packages that own them, and removing the package removes only its own files, never the user's.
# The dependencies are found as jpackage finds them for its own .deb: the libraries the image's
# native files link to (ldd), and the packages that hold them (dpkg -S). Decision 0031 says why
# this is not jpackage's own .deb.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
image="$1" version="$2" dest="$3"
raw="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-deb.XXXXXX")"
trap 'rm -rf "$raw"' EXIT
mkdir -p "$raw/opt" "$raw/usr/bin" "$raw/DEBIAN"
cp -a "$image" "$raw/opt/kibitz"
ln -s ../../opt/kibitz/bin/kibitz "$raw/usr/bin/kibitz"
"$here/desktop-files.sh" "$raw/usr/share"
install -D -m 644 "$here/../../LICENSE" "$raw/usr/share/doc/kibitz/copyright"
install -D -m 644 "$here/README.Debian" "$raw/usr/share/doc/kibitz/README.Debian"

libs="$(find "$raw/opt/kibitz" -type f \( -name '*.so' -o -perm -u+x \) -exec sh -c \
  'for f; do case "$(head -c4 "$f" | od -An -c | tr -d " ")" in 177ELF*) ldd "$f" 2>/dev/null ;; esac; done' _ {} + \
  | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u)"
deps="$(for l in $libs; do dpkg -S "$(readlink -f "$l")" 2>/dev/null || dpkg -S "$l" 2>/dev/null || true; done \
  | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g')"
[ -n "$deps" ] || { echo "make-deb: found no dependencies (is this a Debian system?)" >&2; exit 1; }
size="$(du -sk "$raw" | cut -f1)"
cat > "$raw/DEBIAN/control" <<CONTROL
Package: kibitz
Version: $version
Section: games
Priority: optional
Architecture: amd64
Maintainer: Kibitz <kibitz@users.noreply.github.com>
Installed-Size: $size
Depends: $deps
Recommends: stockfish | fairy-stockfish
Description: analysis workbench for chess and xiangqi engines
 Kibitz analyses chess and xiangqi games with engines (UCI, UCCI, xboard):
 a desktop workbench and a command line (kibitz --help) for evaluating game
 files, matches, opening trees and conversions between PGN, XQF, FEN and EPD.
 It brings its own Java runtime.
CONTROL
(cd "$raw" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 644 "$raw/DEBIAN/control" "$raw/DEBIAN/md5sums"
find "$raw" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$raw" "$dest" >/dev/null
