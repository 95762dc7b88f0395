#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test with CTest.
# GPU tests skip (and say so) where there is no usable GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
# The core under ASan/UBSan and the fuzzers (about 8 minutes on two cores); SCANLAB_SANITIZE=0
# skips it while iterating.
[ "${SCANLAB_SANITIZE:-1}" = 0 ] || bash tools/sanitize.sh
