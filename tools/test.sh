#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test with CTest (the desktop
# build's, then the web edition's).
# GPU tests skip (and say so) where there is no usable GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize="${SCANLAB_SANITIZE:-1}"
# The core's tests run once: under ASan/UBSan in the sanitizer pass below, or here when that pass
# is skipped.
SCANLAB_CORE_TESTS=$([ "$sanitize" = 0 ] && echo ON || echo OFF) bash tools/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
# The web edition's tests (the page and the core tests built with emscripten, the core tests under
# node, the page in headless Chromium) run with SCANLAB_WEB=1 until a clean clone has passed them.
[ "${SCANLAB_WEB:-0}" = 0 ] || bash tools/web.sh --test
# The core and its tests under ASan/UBSan, and the fuzzers; SCANLAB_SANITIZE=0 runs the core's
# tests in the build above instead, with no sanitizers and no fuzzing.
[ "$sanitize" = 0 ] || bash tools/sanitize.sh
