#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test with CTest (the desktop
# build's, then the web edition's).
# GPU tests skip (and say so) where there is no usable GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
# The web edition's tests (the page and the core tests built with emscripten, the core tests under
# node, the page in headless Chromium) run with SCANLAB_WEB=1 until a clean clone has passed them.
[ "${SCANLAB_WEB:-0}" = 0 ] || bash tools/web.sh --test
# The core under ASan/UBSan and the fuzzers (about 8 minutes on two cores); SCANLAB_SANITIZE=0
# skips it while iterating.
[ "${SCANLAB_SANITIZE:-1}" = 0 ] || bash tools/sanitize.sh
