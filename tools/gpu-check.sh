#!/usr/bin/env bash
# Everything a GPU change must pass on a machine with a GPU, in one call: the GPU tests (trace == emulation,
# the racy kernel's report, the untraced scans), then compute-sanitizer's memcheck, racecheck,
# synccheck and initcheck over every kernel. Prints a summary last.
#
#   bash tools/gpu-check.sh [BIN_DIR]     BIN_DIR holds scanlab and scanlab_gpu_tests
#                                          (default: build/app and build/tests)
# Logs go to $OUT (a folder the caller collects) or /tmp/scanlab-gpu-check.
set -uo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
cli="${bin:-build/app}/scanlab"
tests="${bin:-build/tests}/scanlab_gpu_tests"
out="${OUT:-/tmp/scanlab-gpu-check}"
mkdir -p "$out"
summary=()

nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader || true
command -v compute-sanitizer >/dev/null || summary+=("compute-sanitizer: not found")

# 1. The GPU tests, in parallel shards over the one GPU (the emulation side is CPU-bound).
shards=8
start=$SECONDS
for i in $(seq 0 $((shards - 1))); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i "$tests" --gtest_brief=1 --gtest_filter='-GpuErrors*' >"$out/gpu-tests-$i.log" 2>&1 &
done
wait
# These fill the GPU's memory on purpose, so they run alone.
"$tests" --gtest_brief=1 --gtest_filter='GpuErrors*' >"$out/gpu-tests-errors.log" 2>&1
cat "$out"/gpu-tests-*.log >"$out/gpu-tests.log" && rm "$out"/gpu-tests-*.log
passed=$(grep -ho "\[  PASSED  \] [0-9]*" "$out/gpu-tests.log" | awk '{s+=$4} END {print s+0}')
failed=$(grep -h "^\[  FAILED  \] [A-Z]" "$out/gpu-tests.log" | grep -vc "listed below")
skipped=$(grep -h "^\[  SKIPPED \] [A-Z]" "$out/gpu-tests.log" | wc -l)
grep -h "FAILED\|Which is" "$out/gpu-tests.log" | head -40
grep -h -A6 "racy kogge-stone on the GPU" "$out/gpu-tests.log"
summary+=("GPU tests: $passed passed, $failed failed, $skipped skipped ($((SECONDS - start)) s)")

# 2. compute-sanitizer over every kernel: each algorithm traced through the CLI (small inputs, two
#    types, both directions), and the untraced chapter scans through their test at small sizes.
#    The algorithms and block algorithms are the CLI's own list (its --help reads the algorithm table),
#    so a new algorithm is swept with no edit here.
algos=$("$cli" --help | sed -n '/^ALGORITHMS:/,/^$/p' | awk 'NR > 1 && NF {print $1}')
blocks=$("$cli" --help | sed -n 's/^ *--block-algo A *\([a-z|-]*\).*/\1/p' | tr '|' ' ')
echo "sanitizer sweep: $(echo $algos); block algorithms: $blocks"
for tool in memcheck racecheck synccheck initcheck; do
  clean=0; flagged=()
  for algo in $algos; do
    variants=("--type int32" "--type double --exclusive")
    [ "$algo" = decoupled-lookback ] && variants+=("--window 1 --type float --op max")
    if [ "$algo" = hierarchical ]; then
      for b in $blocks; do variants+=("--block-algo $b --type float --op max"); done
    fi
    # The segmented scan takes head flags (and only it): segments of 7 across the sections.
    if [ "$algo" = segmented ]; then
      variants=("--type int32 --flags every:7" "--type double --exclusive --flags every:7"
                "--block-algo brent-kung --type float --op max --flags every:7" "--block-algo brent-kung --type int64 --exclusive --flags every:7")
    fi
    for args in "${variants[@]}"; do
      n=300; [ "$algo" = sequential ] && n=40; [ "$algo" = segmented ] && n=5000  # segmented: past a section, so K2 and K3 run
      # The single-pass scans: sections of 32, so ten blocks meet through their flags.
      case "$algo" in domino|decoupled-lookback) args="$args --section 32" ;; esac
      log="$out/sanitizer-$tool.log"
      echo "== $tool $algo $args" >>"$log"
      compute-sanitizer --tool "$tool" --error-exitcode 9 --log-file "$out/one.log" "$cli" trace --backend gpu --algo "$algo" --random $n $args \
        --format json >/dev/null 2>>"$log" </dev/null
      rc=$?
      cat "$out/one.log" >>"$log"
      if [ $rc -eq 0 ]; then clean=$((clean + 1)); else flagged+=("$algo[$args](rc $rc)"); fi
    done
  done
  SCANLAB_GPU_TEST_MAX_N=70000 compute-sanitizer --tool "$tool" --error-exitcode 9 "$tests" --gtest_filter='GpuUntraced*' \
    >>"$out/sanitizer-$tool.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then clean=$((clean + 1)); else flagged+=("untraced(rc $rc)"); fi
  summary+=("$tool: $clean runs clean; flagged: ${flagged[*]:-none}")
done
# The lesson must be caught: racecheck's report on the racy kernel.
rm -f "$out/one.log"
echo "racecheck on the racy kernel (the lesson):"
grep -A1 "== racecheck kogge-stone-racy" "$out/sanitizer-racecheck.log" | grep -v "^--"
grep "RACECHECK SUMMARY" "$out/sanitizer-racecheck.log" | sort | uniq -c
# The racy kernel's barrier is not reached by the threads that left the book's loop
# (docs/race-lesson.md): what synccheck says of it, flagged or not.
echo "synccheck on the racy kernel (a barrier not every thread reaches):"
grep -A3 "== synccheck kogge-stone-racy" "$out/sanitizer-synccheck.log" | grep -v "^--"
for tool in memcheck synccheck initcheck; do grep -h -m3 "Error\|error" "$out/sanitizer-$tool.log"; done

echo
echo "== summary =="
printf '%s\n' "${summary[@]}"
