#!/usr/bin/env bash
# The single-pass scan on a machine with a GPU, in one call: its tests at full sizes (and the book's kernels
# the benchmark times), the same tests under compute-sanitizer's memcheck, racecheck, synccheck and
# initcheck (small sizes), then the benchmark sweep (by default int32 inclusive sum, N = 2^10 ..
# 2^28, every algorithm and every tuning variant of the single-pass scan). Prints a summary, then
# the benchmark's summary table, last.
#
#   bash tools/gpu-bench.sh --prepare     here (no GPU needed): build the binaries for sm_90 and copy
#                                         them to .gpu-bin/ (git-ignored), to carry to the GPU machine
#   bash tools/gpu-bench.sh [BIN_DIR]     on the GPU machine: BIN_DIR holds scanlab and
#                                         scanlab_gpu_single_pass_tests (default: build/app, build/tests;
#                                         built here for sm_90 if missing and no BIN_DIR is given)
#
# Writes three files to $OUT (a folder the caller collects) or /tmp/scanlab-gpu-bench: gpu-bench.log
# (tests, sanitizer reports, the full benchmark table), bench.json and bench.csv.
# SCANLAB_BENCH_ARGS replaces the sweep's options, e.g. "--sizes pow2:20..28 --reps 50 --variants" or
# "--type all --op all --sizes pow2:16,pow2:20,pow2:24,pow2:28"; SCANLAB_SKIP_SANITIZER=1 leaves the
# sanitizers out. Each step has a time limit (tests 90 s, each sanitizer 50 s + 30 s, the sweep
# SCANLAB_BENCH_TIMEOUT, 180 s: 590 s at worst, about 2 minutes for the first two in practice), so
# even a hang leaves a report inside a 10-minute device call.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--prepare" ]; then
  set -e
  build=/tmp/scanlab-build-sm90
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANLAB_CUDA_ARCHITECTURES=90 -DSCANLAB_BUILD_APP=OFF >/dev/null
  cmake --build "$build" --target scanlab scanlab_gpu_single_pass_tests scanlab_gpu_tests
  mkdir -p .gpu-bin
  cp "$build/app/scanlab" "$build/tests/scanlab_gpu_single_pass_tests" "$build/tests/scanlab_gpu_tests" .gpu-bin/
  strip .gpu-bin/* 2>/dev/null || true
  ls -la .gpu-bin
  echo "carry .gpu-bin and run: bash tools/gpu-bench.sh .gpu-bin"
  exit 0
fi

bin="${1:-}"
cli="${bin:-build/app}/scanlab"
tests="${bin:-build/tests}/scanlab_gpu_single_pass_tests"
out="${OUT:-/tmp/scanlab-gpu-bench}"
mkdir -p "$out"
log="$out/gpu-bench.log"
: >"$log"
summary=()

if [ -z "$bin" ] && { [ ! -x "$cli" ] || [ ! -x "$tests" ]; }; then
  echo "building scanlab and the single-pass tests for sm_90 in build/ ..."
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANLAB_CUDA_ARCHITECTURES=90 -DSCANLAB_BUILD_APP=OFF >>"$log" 2>&1 &&
    cmake --build build --target scanlab scanlab_gpu_single_pass_tests >>"$log" 2>&1 || { tail -30 "$log"; exit 1; }
fi
for f in "$cli" "$tests"; do [ -x "$f" ] || { echo "missing $f"; exit 1; }; done

nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader 2>/dev/null || echo "(no nvidia-smi)"
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)

# 1. The tests at full sizes (every operator, type and direction up to 5,000,011 elements).
start=$SECONDS
echo "== single-pass tests" >>"$log"
timeout 90 "$tests" >"$out/.tests" 2>&1
rc=$?  # 124: it ran past 90 s (a hang would be a look-back that never ends)
cat "$out/.tests" >>"$log"
count() { grep -o "^\[  $1 *\] [0-9]* test" "$out/.tests" | tail -1 | awk '{print $(NF-1)}'; }
passed=$(count PASSED); failed=$(count FAILED); skipped=$(count SKIPPED)
grep -h -B4 "^\[  FAILED  \] [A-Z]" "$out/.tests" | head -40
summary+=("single-pass tests: ${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped, exit $rc ($((SECONDS - start)) s)")
rm -f "$out/.tests"

# 2. compute-sanitizer over the same tests at small sizes, and over the benchmark path.
if [ -n "${SCANLAB_SKIP_SANITIZER:-}" ]; then
  summary+=("compute-sanitizer: skipped (SCANLAB_SKIP_SANITIZER)")
elif [ -x "$sanitizer" ]; then
  for tool in memcheck racecheck synccheck initcheck; do
    start=$SECONDS
    echo "== compute-sanitizer --tool $tool (tests, N <= 70000)" >>"$log"
    # The book's kernels are checked below, through the benchmark (their test runs whole sweeps).
    SCANLAB_GPU_TEST_MAX_N=70000 timeout 50 "$sanitizer" --tool "$tool" --error-exitcode 9 "$tests" --gtest_brief=1 \
      --gtest_filter='-*Books*' >"$out/.san" 2>&1
    rc=$?
    head -c 2000000 "$out/.san" >>"$log"
    tests_summary=$(grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$out/.san" | tail -1)
    # The benchmark's own path (poison, L2 flush, runners) and the kernels it times besides the
    # variants' (those are in the tests): the book's, the chapter's untraced, every type.
    echo "== compute-sanitizer --tool $tool (scanlab bench, small sizes)" >>"$log"
    timeout 30 "$sanitizer" --tool "$tool" --error-exitcode 9 "$cli" bench --type all --sizes 1000,70001 --reps 1 --warmups 0 \
      --algos copy,book-ks,book-bk,hier-ks,hier-bk,slides,single-pass --quiet >"$out/.san" 2>&1
    rc2=$?
    head -c 1000000 "$out/.san" >>"$log"
    summary+=("$tool: tests exit $rc [$tests_summary], bench exit $rc2 [$(grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$out/.san" | tail -1)] ($((SECONDS - start)) s; 0 = clean, 9 = errors reported, 124 = timed out)")
  done
  rm -f "$out/.san"
else
  summary+=("compute-sanitizer: not found")
fi

# 3. The benchmark sweep.
start=$SECONDS
args=${SCANLAB_BENCH_ARGS:---variants}
echo "== scanlab bench $args" >>"$log"
# shellcheck disable=SC2086
timeout "${SCANLAB_BENCH_TIMEOUT:-180}" "$cli" bench $args --json "$out/bench.json" --csv "$out/bench.csv" --quiet >"$out/.bench" 2>&1
rc=$?
cat "$out/.bench" >>"$log"
summary+=("scanlab bench $args: exit $rc ($((SECONDS - start)) s; 0 = every output checked and right, 124 = timed out)")

echo
echo "== summary =="
printf '%s\n' "${summary[@]}"
echo "(full table and logs: $log; rows: $out/bench.json, $out/bench.csv)"
echo
# The benchmark's summary tables and goals, last: from the first "summary:" line to the end, tables omitted.
sed -n '/^summary: scanlab bench on/,$p' "$out/.bench" | grep -v "^ *2^[0-9]* *[a-z-]*\(\[.*\]\)\? \+[0-9.]\+ \+[0-9.]\+ \+[0-9.]\+ "
grep -h "^scanlab: error" "$out/.bench"
rm -f "$out/.bench"
