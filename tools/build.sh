#!/usr/bin/env bash
# Configures (once) and builds Scan Lab in build/ with the default CMake preset: the CUDA kernels
# for one architecture, this machine's GPU's where it has one (sm_90 where it has none, so every
# kernel still compiles), through ccache when it is installed. `cmake --preset release` builds the
# fat binary for every architecture instead. `bash tools/build.sh --configure` configures only.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# The cache lives in the build tree unless the caller keeps one elsewhere (CCACHE_DIR).
export CCACHE_DIR="${CCACHE_DIR:-$PWD/build/.ccache}"
# SCANLAB_CORE_TESTS=OFF (the test command's choice while its sanitizer pass runs the core's tests)
# leaves them out of this build; ON puts them back.
options=()
[ -z "${SCANLAB_CORE_TESTS:-}" ] || options+=(-DSCANLAB_CORE_TESTS="$SCANLAB_CORE_TESTS")
if [ ! -f build/CMakeCache.txt ]; then
  if cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1) && [ -n "$cc" ]; then
    options+=(-DSCANLAB_CUDA_ARCHITECTURES="${cc//./}-real")
  fi
  cmake --preset default "${options[@]}" >/dev/null
elif [ -n "${SCANLAB_CORE_TESTS:-}" ] && ! grep -qx "SCANLAB_CORE_TESTS:BOOL=$SCANLAB_CORE_TESTS" build/CMakeCache.txt; then
  cmake -S . -B build "${options[@]}" >/dev/null
fi
[ "${1:-}" = --configure ] || cmake --build build -j"$(nproc)"
