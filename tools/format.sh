#!/usr/bin/env bash
# The house's format (.clang-format, applied by Debian's clang-format):
#   bash tools/format.sh               format every C++ and CUDA file git tracks, in place
#   bash tools/format.sh --check BASE  change nothing; fail, showing the difference, where a line
#                                      changed since BASE (its merge base with HEAD, committed or
#                                      not) is not formatted. The test command runs this.
# The check looks at the changed lines only (git clang-format), so a change is held to the format
# without reformatting the lines around it that it did not touch.
set -euo pipefail
cd "$(dirname "$0")/.."
extensions=cpp,hpp,h,c,cu,cuh,inl
if ! command -v clang-format >/dev/null || ! command -v git-clang-format >/dev/null; then
  echo "format: clang-format is missing (Debian's clang-format; tools/install-deps.sh installs it)" >&2
  exit 1
fi
case "${1:-}" in
  "")
    git ls-files -z -- '*.cpp' '*.hpp' '*.h' '*.c' '*.cu' '*.cuh' '*.inl' | xargs -0 -r -n 50 -P "$(nproc)" clang-format -i --style=file
    echo "format: every tracked C++ and CUDA file follows .clang-format"
    ;;
  --check)
    base=${2:?"usage: bash tools/format.sh --check BASE"}
    since=$(git merge-base "$base" HEAD)
    # git clang-format --diff prints "no modified files to format" or "clang-format did not modify
    # any files" when all is well, else the difference.
    out=$(git clang-format --binary clang-format --style=file --extensions "$extensions" --diff "$since" -- 2>&1) || true
    if [ -z "$out" ] || grep -qE "^(no modified files to format|clang-format did not modify any files)$" <<<"$out"; then
      echo "format: the lines changed since $(git rev-parse --short "$since") follow .clang-format"
      exit 0
    fi
    echo "$out" >&2
    echo "format: the lines above, changed since $(git rev-parse --short "$since"), do not follow .clang-format;" \
         "git clang-format $(git rev-parse --short "$since") formats them" >&2
    exit 1
    ;;
  *)
    echo "usage: bash tools/format.sh [--check BASE]" >&2
    exit 2
    ;;
esac
