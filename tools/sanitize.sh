#!/usr/bin/env bash
# The sanitizer pass of the test command: the core built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, its whole test suite run once, then each libFuzzer harness
# (tests/fuzz/) run for a fixed time from its corpus. Any report or finding fails the run.
#   SCANLAB_FUZZ_SECONDS   seconds per harness (default 30)
#   --tests   builds and runs the core's tests only; --fuzz builds and fuzzes only. The test command
#             runs the first beside its other stages, whose own tests leave a core idle much of the
#             time, at the lowest priority, and fuzzes at the end, when nothing else runs: the
#             harnesses run for a fixed time, so they get both cores to themselves.
set -euo pipefail
mode="${1:-all}"
case "$mode" in
  all | --tests | --fuzz) ;;
  *) echo "usage: bash tools/sanitize.sh [--tests | --fuzz]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
seconds="${SCANLAB_FUZZ_SECONDS:-30}"
dir=build-sanitize
if ! command -v clang++ >/dev/null; then
  echo "sanitize: clang++ is missing (tools/install-deps.sh installs it)" >&2
  exit 1
fi
start=$(date +%s)
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -fsanitize=fuzzer-no-link -O1 -g"
# A folder an older version of this script made with Make is made again with Ninja.
grep -qs "CMAKE_GENERATOR:INTERNAL=Ninja" "$dir/CMakeCache.txt" || rm -rf "$dir"
# The test code itself at -O0 (ASan and UBSan at -O1 triple its compile time; the code under test,
# the core, keeps -O1).
[ -f "$dir/CMakeCache.txt" ] || cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS="$flags" -DSCANLAB_TEST_OPTIMIZATION=-O0 -DSCANLAB_CUDA=OFF -DSCANLAB_BUILD_APP=OFF -DSCANLAB_FUZZ=ON >/dev/null
cmake --build "$dir" -j"$(nproc)" --target scanlab_core_tests scanlab_fuzz_input_parser scanlab_fuzz_trace_loader
built=$(date +%s)

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ "$mode" != --fuzz ]; then
  # The suite in one shard per core, side by side; any shard's failure fails the pass. The sweeps
  # (tests/CMakeLists.txt) run in the main build instead.
  sweeps=$(cat "$dir/tests/sweeps.txt")
  shards=$(nproc)
  pids=()
  for i in $(seq 0 $((shards - 1))); do
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i "$dir/tests/scanlab_core_tests" --gtest_brief=1 --gtest_filter="-$sweeps" \
      >"$dir/core-tests-$i.log" 2>&1 &
    pids+=($!)
  done
  failed=0
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { failed=1; cat "$dir/core-tests-$i.log" >&2; }
  done
  [ "$failed" = 0 ] || { echo "sanitize: the core's tests failed under ASan/UBSan (logs above)" >&2; exit 1; }
  grep -h "PASSED" "$dir"/core-tests-*.log || true
fi
tested=$(date +%s)
if [ "$mode" = --tests ]; then
  echo "sanitize: build $((built - start)) s, core tests under ASan/UBSan $((tested - built)) s"
  exit 0
fi

# Findings are written to a scratch folder, so a failing run leaves its reproducer to look at.
work="$dir/fuzz-run"
rm -rf "$work" && mkdir -p "$work"
# The two harnesses side by side, one core each.
fuzz() {
  local harness=$1 dict=()
  cp -r "tests/fuzz/corpus/$harness" "$work/$harness-corpus"
  [ "$harness" = trace_loader ] && dict=(-dict=tests/fuzz/trace.dict)
  "$dir/tests/fuzz/scanlab_fuzz_$harness" "$work/$harness-corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$work/$harness-" -print_final_stats=1 2>"$work/$harness.log"
}
echo "fuzz: input_parser and trace_loader for ${seconds} s each, side by side"
fuzz input_parser & parser=$!
fuzz trace_loader & loader=$!
status=0
wait $parser || status=1
wait $loader || status=$((status | 2))
for harness in input_parser trace_loader; do
  grep -E "^stat::number_of_executed_units" "$work/$harness.log" | sed "s/^/$harness: /" || true
done
if [ "$status" != 0 ]; then
  for harness in input_parser trace_loader; do tail -n 60 "$work/$harness.log" >&2; done
  echo "fuzz: a harness found a problem (reproducer in $work)" >&2
  exit 1
fi
echo "sanitize: build $((built - start)) s, core tests under ASan/UBSan $((tested - built)) s, fuzzing $(( $(date +%s) - tested )) s"
