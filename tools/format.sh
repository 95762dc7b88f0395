#!/usr/bin/env bash
# The house's format (.clang-format, applied by Debian's clang-format):
#   bash tools/format.sh               format every C++ and CUDA file git tracks, in place
#   bash tools/format.sh --check BASE  change nothing; fail, showing the difference, where a line
#                                      changed since BASE (its merge base with HEAD, committed or
#                                      not) is not formatted. The test command runs this.
#   bash tools/format.sh --fix BASE    format those lines in place, and no others.
# The check looks at the changed lines only (clang-format --lines), so a change is held to the
# format without reformatting the lines around it that it did not touch.
set -euo pipefail
cd "$(dirname "$0")/.."
extensions=cpp,hpp,h,c,cu,cuh,inl
# Not the fixtures (tests/fixtures/: the student kernels' findings are pinned to their lines) nor the
# assets (assets/: the listings the source pane highlights line by line, the starters as a student
# gets them): their lines are data.
code=(. ':(exclude)tests/fixtures' ':(exclude)assets')
if ! command -v clang-format >/dev/null; then
  echo "format: clang-format is missing (Debian's clang-format; tools/install-deps.sh installs it)" >&2
  exit 1
fi
case "${1:-}" in
  "")
    git ls-files -z -- "${code[@]}" | grep -zE '\.(cpp|hpp|h|c|cu|cuh|inl)$' | xargs -0 -r -n 50 -P "$(nproc)" clang-format -i --style=file
    echo "format: every tracked C++ and CUDA file but the fixtures and assets follows .clang-format"
    ;;
  --check | --fix)
    mode=$1
    base=${2:?"usage: bash tools/format.sh $mode BASE"}
    since=$(git merge-base "$base" HEAD)
    # The lines each file added or changed since then (a moved file's unchanged lines are not
    # changed: git diff follows the move), as clang-format's --lines ranges.
    ranges=$(git diff -M -U0 --no-color --diff-filter=AMR "$since" -- "${code[@]}" | awk '
      /^\+\+\+ / { file = substr($0, 7); next }
      /^@@/ && file ~ /\.(cpp|hpp|h|c|cu|cuh|inl)$/ {
        match($0, /\+[0-9]+(,[0-9]+)?/); split(substr($0, RSTART + 1, RLENGTH - 1), a, ",")
        n = (length(a) > 1) ? a[2] : 1
        if (n > 0) print file "\t--lines=" a[1] ":" a[1] + n - 1
      }')
    failed=0
    for file in $(cut -f1 <<<"$ranges" | sort -u); do
      mapfile -t lines < <(awk -F'\t' -v f="$file" '$1 == f { print $2 }' <<<"$ranges")
      if [ "$mode" = --fix ]; then
        clang-format -i --style=file "${lines[@]}" "$file"
        continue
      fi
      if ! clang-format --style=file "${lines[@]}" "$file" | diff -u --label "$file" --label "$file (formatted)" "$file" - >&2; then
        failed=1
      fi
    done
    if [ "$mode" = --fix ]; then
      echo "format: the lines changed since $(git rev-parse --short "$since") now follow .clang-format"
      exit 0
    fi
    if [ "$failed" = 0 ]; then
      echo "format: the lines changed since $(git rev-parse --short "$since") follow .clang-format"
      exit 0
    fi
    echo "format: the lines above, changed since $(git rev-parse --short "$since"), do not follow .clang-format;" \
         "apply the difference above (clang-format -i --lines=FIRST:LAST FILE formats a range)" >&2
    exit 1
    ;;
  *)
    echo "usage: bash tools/format.sh [--check BASE | --fix BASE]" >&2
    exit 2
    ;;
esac
