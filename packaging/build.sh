#!/usr/bin/env bash
# Builds Kibitz's installable packages, each with its own Java runtime (decision 0031):
#   Linux:   packaging/out/kibitz_<version>_amd64.deb and kibitz-<version>-linux-x64.tar.gz
#            (the .deb assembled from jpackage's app image by linux/make-deb.sh, decision 0031)
#   macOS:   packaging/out/Kibitz-<version>.dmg          (run by .github/workflows/release.yml)
#   Windows: packaging/out/Kibitz-<version>.msi          (run by .github/workflows/release.yml)
# The steps are the same on each system: build the jars with Maven, find the JDK modules they use
# (jdeps), link a runtime with those and JavaFX (jlink), make an app image with a window launcher
# and a command-line launcher (jpackage), train their quick-start caches in it, and package it.
# Needs a JDK 25+ with jlink and jpackage (JAVA_HOME, java on the PATH, or the usual folders, as
# ./kibitz finds one); on Linux also dpkg-deb, zip, binutils, and Xvfb (xvfb-run) to train the
# window's cache when there is no display.
# Options: --skip-maven reuses app/launcher/target as it is (CI, right after the Maven build).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PKG="$ROOT/packaging"
OUT="$PKG/out"
WORK="$OUT/work"
skip_maven=0
for a in "$@"; do
  case "$a" in
    --skip-maven) skip_maven=1 ;;
    *) echo "usage: packaging/build.sh [--skip-maven]" >&2; exit 2 ;;
  esac
done
die() { printf 'packaging: %s\n' "$*" >&2; exit 1; }
step() { printf 'packaging: %s (%ss)\n' "$*" "$SECONDS" >&2; }

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=mac ;;
  MINGW*|MSYS*|CYGWIN*) os=win ;;
  *) die "unsupported system $(uname -s)" ;;
esac
exe=""; sep=":"
[ "$os" = win ] && { exe=".exe"; sep=";"; }
# Paths handed to Java tools: Windows ones under Git Bash.
jpath() { if [ "$os" = win ]; then cygpath -m "$1"; else printf '%s' "$1"; fi; }

# --- a JDK 25+ with jlink and jpackage ---
jdk_feature() { # $1: a JDK folder; prints its feature version from its release file
  local v
  v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null | head -n1)"
  printf '%s' "$v"
}
find_jdk() {
  local c cands=()
  [ -n "${JAVA_HOME:-}" ] && cands+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    c="$(command -v java)"; c="$(readlink -f "$c" 2>/dev/null || printf '%s' "$c")"; cands+=("${c%/bin/java*}")
  fi
  for c in /usr/lib/jvm/* /opt/java/* /opt/jdk* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -d "$c" ] && cands+=("$c")
  done
  for c in "${cands[@]}"; do
    local v; v="$(jdk_feature "$c")"
    if [ -n "$v" ] && [ "$v" -ge 25 ] && [ -x "$c/bin/jpackage$exe" ] && [ -x "$c/bin/jlink$exe" ]; then
      JDK="$c"; return 0
    fi
  done
  return 1
}
find_jdk || die "no JDK 25 or newer with jlink and jpackage found; install one (for example Temurin 25) or set JAVA_HOME to it"
step "JDK $JDK"

VERSION_FULL="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n1)"
# jpackage wants numbers only (MSI and macOS insist): 0.1.0-SNAPSHOT is packaged as 0.1.0.
VERSION="${VERSION_FULL%%-*}"
[ -n "$VERSION" ] || die "no version in pom.xml"

# --- 1. the jars ---
TARGET="$ROOT/app/launcher/target"
if [ "$skip_maven" = 0 ]; then
  step "building the jars with Maven"
  # The JDK on the PATH too: the build rewrites picocli's class files with it (decision 0018).
  (cd "$ROOT" && JAVA_HOME="$JDK" PATH="$JDK/bin:$PATH" mvn -B -q -DskipTests -Dmaven.javadoc.skip=true package)
fi
[ -f "$TARGET/kibitz-app.jar" ] && [ -d "$TARGET/lib" ] || die "no $TARGET/kibitz-app.jar; build without --skip-maven"

rm -rf "$WORK"
mkdir -p "$WORK/input" "$WORK/fx" "$OUT"
# The class path: our jars and the libraries (the plugins among them, found by ServiceLoader as
# with ./kibitz). JavaFX's platform jars go into the runtime as modules instead; its empty
# platform-neutral jars go nowhere.
cp -p "$TARGET/kibitz-app.jar" "$WORK/input/"
fx_mp=""
for j in "$TARGET"/lib/*.jar; do
  n="${j##*/}"
  case "$n" in
    javafx-*-[0-9]*-*.jar) cp -p "$j" "$WORK/fx/"; fx_mp="${fx_mp:+$fx_mp$sep}$(jpath "$WORK/fx/$n")" ;;
    javafx-*.jar) ;;
    *) cp -p "$j" "$WORK/input/" ;;
  esac
done
[ -n "$fx_mp" ] || die "no JavaFX platform jars in $TARGET/lib"

# sqlite-jdbc's native library, unpacked once here rather than by the driver at every start.
sqlite_opts=""
case "$os" in
  linux) sq_dir=Linux/x86_64 sq_lib=libsqlitejdbc.so ;;
  mac) sq_dir="Mac/$(uname -m | sed 's/arm64/aarch64/')" sq_lib=libsqlitejdbc.dylib ;;
  win) sq_dir=Windows/x86_64 sq_lib=sqlitejdbc.dll ;;
esac
mkdir -p "$WORK/sq"
(cd "$WORK/sq" && "$JDK/bin/jar$exe" xf "$(jpath "$(ls "$WORK"/input/sqlite-jdbc-*.jar)")" "org/sqlite/native/$sq_dir/$sq_lib")
if [ -f "$WORK/sq/org/sqlite/native/$sq_dir/$sq_lib" ]; then
  mkdir -p "$WORK/input/native"
  cp "$WORK/sq/org/sqlite/native/$sq_dir/$sq_lib" "$WORK/input/native/"
  sqlite_opts="-Dorg.sqlite.lib.path=\$APPDIR/native -Dorg.sqlite.lib.name=$sq_lib"
  # The driver's jar carries the library for twenty systems (13 MB); this package needs one, which
  # stays in the jar too in case the copy above will not load.
  if command -v zip >/dev/null 2>&1; then
    sq_jar="$(ls "$WORK"/input/sqlite-jdbc-*.jar)"
    zip -q -d "$sq_jar" 'org/sqlite/native/*' >/dev/null
    (cd "$WORK/sq" && zip -q "$sq_jar" "org/sqlite/native/$sq_dir/$sq_lib")
  fi
fi

# --- 2. the runtime: the JDK modules the jars use, and JavaFX ---
step "finding the modules the jars use (jdeps)"
cp_all=""
for j in "$WORK"/input/*.jar; do cp_all="${cp_all:+$cp_all$sep}$(jpath "$j")"; done
# shellcheck disable=SC2046
jdk_mods="$("$JDK/bin/jdeps$exe" --print-module-deps --ignore-missing-deps --multi-release 25 \
  --module-path "$fx_mp$sep$cp_all" --class-path "$cp_all" $(for j in "$WORK"/input/*.jar; do jpath "$j"; echo; done) 2>/dev/null | tail -n1)"
case "$jdk_mods" in java.base*) ;; *) die "jdeps found no modules: $jdk_mods" ;; esac
# What jdeps cannot see: charsets looked up by name (GBK and GB18030 for Chinese PGN and XQF
# files), the Chinese locale's data, and what a user's plugin jar is likely to use (logging, HTTP,
# zip files).
mods="$(printf '%s' "$jdk_mods,java.logging,java.net.http,jdk.charsets,jdk.localedata,jdk.zipfs,javafx.controls" \
  | tr ',' '\n' | awk '!seen[$0]++' | paste -sd, -)"
step "linking the runtime: $mods"
"$JDK/bin/jlink$exe" --module-path "$fx_mp" --add-modules "$mods" --include-locales=en,zh \
  --strip-java-debug-attributes --no-header-files --no-man-pages --compress zip-6 \
  $( [ "$os" = linux ] && echo --strip-native-debug-symbols=exclude-debuginfo-files ) \
  --output "$(jpath "$WORK/runtime")"
# JavaFX's native libraries where it looks first (the runtime's own library folder): otherwise it
# copies them out of its jar into the user's home at the first start.
mkdir -p "$WORK/fxnative"
for j in "$WORK"/fx/javafx-graphics-*.jar; do (cd "$WORK/fxnative" && "$JDK/bin/jar$exe" xf "$(jpath "$j")"); done
fx_libdir="$WORK/runtime/lib"; [ "$os" = win ] && fx_libdir="$WORK/runtime/bin"
find "$WORK/fxnative" -maxdepth 1 \( -name '*.so' -o -name '*.dylib' -o -name '*.dll' \) -exec cp {} "$fx_libdir/" \;

# --- 3. the app image: the window's launcher and the command line's ---
common="-Dfile.encoding=UTF-8 -Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8 --sun-misc-unsafe-memory-access=allow -Dguice_bytecode_gen_option=DISABLED $sqlite_opts"
# The same options as ./kibitz's (decision 0010 for the command line's), each launcher with its
# quick-start cache in the image; a missing or stale cache is ignored quietly.
gui_opts="$common --enable-native-access=javafx.graphics,ALL-UNNAMED --add-opens=javafx.graphics/javafx.scene=ALL-UNNAMED --add-exports=javafx.base/com.sun.javafx.event=ALL-UNNAMED"
cli_opts="$common --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -XX:CompileThresholdScaling=5 -XX:FreqInlineSize=100 -Xmn32m -Djdk.reflect.useNativeAccessorOnly=true"
quiet="-Xlog:aot=off -Xlog:cds=off"
printf 'java-options=%s\n' "$cli_opts -XX:AOTCache=\$APPDIR/kibitz-cli.aot $quiet" > "$WORK/cli.properties"
[ "$os" = win ] && echo "win-console=true" >> "$WORK/cli.properties"
case "$os" in
  linux) icon="$PKG/icons/kibitz-256.png" ;;
  win) icon="$PKG/icons/kibitz.ico" ;;
  mac)
    mkdir -p "$WORK/kibitz.iconset"
    for s in 16 32 128 256 512; do
      cp "$PKG/icons/kibitz-$s.png" "$WORK/kibitz.iconset/icon_${s}x${s}.png"
      [ "$s" -le 256 ] && cp "$PKG/icons/kibitz-$((s * 2)).png" "$WORK/kibitz.iconset/icon_${s}x${s}@2x.png" 2>/dev/null || true
    done
    iconutil -c icns -o "$WORK/kibitz.icns" "$WORK/kibitz.iconset"
    icon="$WORK/kibitz.icns" ;;
esac
step "making the app image (jpackage)"
"$JDK/bin/jpackage$exe" --type app-image --dest "$(jpath "$WORK/image")" --name Kibitz \
  --app-version "$VERSION" --vendor Kibitz --copyright "Kibitz contributors" \
  --description "Analysis workbench for chess and xiangqi engines" \
  --input "$(jpath "$WORK/input")" --main-jar kibitz-app.jar --main-class org.kibitz.launcher.Main \
  --runtime-image "$(jpath "$WORK/runtime")" --icon "$(jpath "$icon")" \
  --java-options "$gui_opts -XX:AOTCache=\$APPDIR/kibitz-gui.aot $quiet" \
  --add-launcher "kibitz-cli=$(jpath "$WORK/cli.properties")"
case "$os" in
  linux) IMAGE="$WORK/image/Kibitz"; APPDIR="$IMAGE/lib/app"; JAVA="$IMAGE/lib/runtime/bin/java" ;;
  mac) IMAGE="$WORK/image/Kibitz.app"; APPDIR="$IMAGE/Contents/app"; JAVA="$IMAGE/Contents/runtime/Contents/Home/bin/java" ;;
  win) IMAGE="$WORK/image/Kibitz"; APPDIR="$IMAGE/app"; JAVA="$IMAGE/runtime/bin/java.exe" ;;
esac
[ -x "$JAVA" ] || die "no java in the app image at $JAVA"
if [ "$os" = linux ]; then
  cp "$PKG/linux/kibitz" "$IMAGE/bin/kibitz"
  chmod 755 "$IMAGE/bin/kibitz"
fi

# --- 4. the quick-start caches, trained in the image as ./kibitz trains them at a first start ---
# The class path exactly as the launchers give it (the order jpackage wrote in their .cfg), and
# the same options; the JDK finds a cache valid wherever the image is moved to (it compares the
# class path after the common folder) as long as the files keep their times, which dpkg and tar do.
cfg_cp="$(sed -n 's/^app.classpath=//p' "$APPDIR/Kibitz.cfg" | tr '\n' "$sep")"
train_cp="${cfg_cp//\$APPDIR/$(jpath "$APPDIR")}"; train_cp="${train_cp%"$sep"}"
expand() { printf '%s' "${1//\$APPDIR/$(jpath "$APPDIR")}"; }
scratch="$(mktemp -d "${TMPDIR:-/tmp}/kibitz-training.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
step "training the command line's quick start"
# shellcheck disable=SC2046
"$JAVA" $(expand "$cli_opts") -cp "$train_cp" org.kibitz.launcher.Training make "$(jpath "$scratch")" > "$WORK/training.log" 2>&1 \
  || die "making the training games failed; see $WORK/training.log"
# shellcheck disable=SC2046
"$JAVA" $(expand "$cli_opts") -XX:AOTCacheOutput="$(jpath "$APPDIR/kibitz-cli.aot")" $quiet \
  -cp "$train_cp" org.kibitz.launcher.Training run "$(jpath "$scratch")" >> "$WORK/training.log" 2>&1 \
  || die "training the command line failed; see $WORK/training.log"
step "training the window's quick start"
run_gui=()
if [ "$os" = linux ] && [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null 2>&1 && run_gui=(xvfb-run -a)
fi
if [ "$os" != linux ] || [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || [ ${#run_gui[@]} -gt 0 ]; then
  # shellcheck disable=SC2046
  if ! "${run_gui[@]}" "$JAVA" $(expand "$gui_opts") -XX:AOTCacheOutput="$(jpath "$APPDIR/kibitz-gui.aot")" $quiet \
      -Dkibitz.home="$(jpath "$scratch/gui-home")" -Dkibitz.firstframe.exit=true \
      -cp "$train_cp" org.kibitz.launcher.Main > "$WORK/training-gui.log" 2>&1; then
    rm -f "$APPDIR/kibitz-gui.aot"
    echo "packaging: could not train the window's quick start (see $WORK/training-gui.log); the window starts without it" >&2
  fi
else
  echo "packaging: no display and no xvfb-run: the window starts without a quick-start cache" >&2
fi
rm -f "$APPDIR"/*.aot.config

# --- 5. the packages ---
common_pkg=(--name Kibitz --app-version "$VERSION" --vendor Kibitz --copyright "Kibitz contributors"
  --description "Analysis workbench for chess and xiangqi engines" --license-file "$(jpath "$ROOT/LICENSE")"
  --app-image "$(jpath "$IMAGE")" --dest "$(jpath "$WORK/pkg")")
# "Open with" for the game files on Windows and macOS (Linux: linux/kibitz-mime.xml, same types).
assoc=()
for e in pgn xqf fen epd; do assoc+=(--file-associations "$(jpath "$PKG/assoc/$e.properties")"); done
case "$os" in
  linux)
    step "making the .deb"
    "$PKG/linux/make-deb.sh" "$IMAGE" "$VERSION" "$OUT/kibitz_${VERSION}_amd64.deb"
    step "making the portable .tar.gz"
    top="kibitz-$VERSION"
    mkdir -p "$WORK/tar"
    cp -a "$IMAGE" "$WORK/tar/$top"
    "$PKG/linux/desktop-files.sh" "$WORK/tar/$top/share"
    cp "$PKG/linux/README-portable.txt" "$WORK/tar/$top/README.txt"
    tar -C "$WORK/tar" -czf "$OUT/kibitz-$VERSION-linux-x64.tar.gz" "$top"
    ls -l "$OUT/kibitz_${VERSION}_amd64.deb" "$OUT/kibitz-$VERSION-linux-x64.tar.gz" >&2 ;;
  mac)
    step "making the .dmg"
    "$JDK/bin/jpackage" --type dmg "${common_pkg[@]}" "${assoc[@]}"
    mv "$WORK"/pkg/*.dmg "$OUT/" ;;
  win)
    step "making the .msi"
    "$JDK/bin/jpackage" --type msi "${common_pkg[@]}" --win-menu --win-menu-group Kibitz --win-shortcut \
      --win-dir-chooser "${assoc[@]}" --win-upgrade-uuid 7f7f4a0c-5b1e-4a53-9a39-4b1c2f0e4a43
    mv "$WORK"/pkg/*.msi "$OUT/" ;;
esac
step "done"
