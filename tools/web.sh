#!/usr/bin/env bash
# The web command: installs what is missing (Debian's emscripten), builds the web edition of Scan
# Lab (the desktop app's own code in WebAssembly + WebGL2) into build-web/, and serves it.
#   bash tools/web.sh            build, then serve the page on http://127.0.0.1:8000/, compressed (tools/web_serve.py; Ctrl+C stops)
#   bash tools/web.sh --build    build only: the site is build-web/page/ (copy it to any static server)
#   bash tools/web.sh --test     build what the tests need and run them: a selection of the core's
#                                tests under node, then the page in headless Chromium
#                                (tests/web/page_test.py); where emscripten or chromium cannot be
#                                installed, says why and skips them. Words after it go to CTest:
#                                `--test -L timed` runs only the sections that time the page's
#                                own work, `--test -LE timed` the others
#   bash tools/web.sh --prepare  install what is missing and build what the tests need, running
#                                nothing: the test command runs it at the lowest priority beside
#                                the desktop build and its tests
# The page takes its run from the URL: http://127.0.0.1:8000/?algo=hierarchical&preset=fig9.10&step=3
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-serve}"
shift || true
[ "$mode" = --test ] || [ $# = 0 ] || mode="$mode $*"  # words after another mode are refused below
case "$mode" in
  serve | --build | --test | --prepare) ;;
  *) echo "usage: bash tools/web.sh [--build | --test [CTest's options] | --prepare]" >&2; exit 2 ;;
esac
if ! bash tools/install-deps.sh web; then
  if [ "$mode" = --test ]; then
    echo "scanlab: the web edition's tests are skipped: Debian's emscripten and chromium could not be installed (above)" >&2
    exit 0
  fi
  exit 1
fi
# emscripten's JavaScript tools find acorn through NODE_PATH (Debian's node-acorn).
export NODE_PATH=/usr/share/nodejs
export CCACHE_DIR="${CCACHE_DIR:-$PWD/build-web/.ccache}"
# Dear ImGui's sources from the desktop build where it has them, so they are downloaded once.
bundle=$(ls -d build/third_party/imgui-bundle-* 2>/dev/null | head -n 1 || true)
if [ -n "$bundle" ] && ls "$bundle"/scanlab-*.stamp >/dev/null 2>&1 && [ ! -d "build-web/third_party/$(basename "$bundle")" ]; then
  mkdir -p build-web/third_party
  cp -r "$bundle" build-web/third_party/
fi
[ -f build-web/CMakeCache.txt ] || cmake --preset web >/dev/null
if [ "$mode" = --prepare ] || [ "$mode" = --test ]; then
  cmake --build build-web -j"$(nproc)" --target scanlab-app scanlab_web_core_tests
  [ "$mode" = --prepare ] || ctest --test-dir build-web --output-on-failure -j"$(nproc)" "$@"
  exit 0
fi
cmake --build build-web -j"$(nproc)" --target scanlab-app
echo "scanlab: the web edition is in build-web/page/ (index.html and its files; copy the folder to any static file server)"
[ "$mode" = --build ] && exit 0
echo "scanlab: serving Scan Lab on http://127.0.0.1:8000/, gzip-compressed as a host should (Ctrl+C stops)"
exec python3 tools/web_serve.py build-web/page --port 8000
