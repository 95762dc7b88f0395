#!/usr/bin/env bash
# Configures (once) and builds Scan Lab in build/ with the default CMake preset.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
[ -f build/CMakeCache.txt ] || cmake --preset default >/dev/null
cmake --build build -j"$(nproc)"
