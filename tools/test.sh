#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test with CTest.
# GPU tests skip (and say so) where there is no usable GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
