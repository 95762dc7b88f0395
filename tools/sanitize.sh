#!/usr/bin/env bash
# The sanitizer pass of the test command: the core built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, its whole test suite run once, then each libFuzzer harness
# (tests/fuzz/) run for a fixed time from its corpus. Any report or finding fails the run.
#   SCANLAB_FUZZ_SECONDS   seconds per harness (default 45)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${SCANLAB_FUZZ_SECONDS:-45}"
dir=build-sanitize
if ! command -v clang++ >/dev/null; then
  echo "sanitize: clang++ is missing (tools/install-deps.sh installs it)" >&2
  exit 1
fi
start=$(date +%s)
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -fsanitize=fuzzer-no-link -O1 -g"
[ -f "$dir/CMakeCache.txt" ] || cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS="$flags" -DSCANLAB_CUDA=OFF -DSCANLAB_BUILD_APP=OFF -DSCANLAB_FUZZ=ON >/dev/null
cmake --build "$dir" -j"$(nproc)" --target scanlab_core_tests scanlab_fuzz_input_parser scanlab_fuzz_trace_loader
built=$(date +%s)

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$dir/tests/scanlab_core_tests" --gtest_brief=1
tested=$(date +%s)

# Findings are written to a scratch folder, so a failing run leaves its reproducer to look at.
work="$dir/fuzz-run"
rm -rf "$work" && mkdir -p "$work"
for harness in input_parser trace_loader; do
  cp -r "tests/fuzz/corpus/$harness" "$work/$harness-corpus"
  dict=()
  [ "$harness" = trace_loader ] && dict=(-dict=tests/fuzz/trace.dict)
  echo "fuzz: $harness for ${seconds} s"
  "$dir/tests/fuzz/scanlab_fuzz_$harness" "$work/$harness-corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$work/$harness-" -print_final_stats=1 2>"$work/$harness.log" \
    || { tail -n 60 "$work/$harness.log" >&2; echo "fuzz: $harness found a problem (reproducer in $work)" >&2; exit 1; }
  grep -E "^stat::number_of_executed_units" "$work/$harness.log" || true
done
echo "sanitize: build $((built - start)) s, core tests under ASan/UBSan $((tested - built)) s, fuzzing $(( $(date +%s) - tested )) s"
