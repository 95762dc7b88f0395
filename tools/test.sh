#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test: the desktop build's
# with CTest, the web edition's (a selection of the core's tests under node, the page in headless
# Chromium), and the core's tests under ASan/UBSan with the fuzzers; before them, the include
# check and the format of the changed lines.
# GPU tests skip (and say so) where there is no usable GPU; the web edition's tests skip (and say
# so) where Debian's emscripten and chromium cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize="${SCANLAB_SANITIZE:-1}"
# Each stage says what it cost, in wall-clock seconds and in CPU seconds (user and system, its
# child processes included), so the time CI takes is measured where it goes.
stage() {
  local name=$1 TIMEFORMAT
  shift
  TIMEFORMAT="stage: $name: %R s wall, %U s user, %S s sys"
  time "$@"
}
stage "install" bash tools/install-deps.sh
# The house's order and format first, as they take seconds: no include from a lower room to a
# higher one (tools/check-includes.py), and the lines changed since main (on main itself, since
# its last commit; SCANLAB_FORMAT_BASE names another base) formatted as .clang-format says.
stage "include check" python3 tools/check-includes.py
format_base="${SCANLAB_FORMAT_BASE:-}"
if [ -z "$format_base" ]; then
  for ref in origin/main main; do
    git rev-parse -q --verify "$ref^{commit}" >/dev/null || continue
    format_base=$ref
    [ "$(git merge-base "$ref" HEAD)" != "$(git rev-parse HEAD)" ] || format_base=HEAD~1
    break
  done
fi
if [ -n "$format_base" ] && git rev-parse -q --verify "$format_base^{commit}" >/dev/null; then
  stage "format check" bash tools/format.sh --check "$format_base"
else
  echo "format: not checked: this clone has no main branch or earlier commit to compare with (set SCANLAB_FORMAT_BASE)" >&2
fi
# The core's tests run once: under ASan/UBSan in the sanitizer pass below, or here when that pass
# is skipped. The desktop build is configured first: that downloads Dear ImGui's sources, which the
# web edition's build then copies rather than downloading them again.
export SCANLAB_CORE_TESTS=$([ "$sanitize" = 0 ] && echo ON || echo OFF)
# The libraries, programs and test executables are built as unity builds (CMakeLists.txt), the
# desktop's, the web edition's and the sanitizer pass's: on a fresh machine that saves about a
# sixth of the command's CPU. A build folder configured before keeps its own choice.
export SCANLAB_UNITY="${SCANLAB_UNITY:-ON}"
stage "desktop configure" bash tools/build.sh --configure
# The web edition installs (Debian's emscripten and chromium, PyPI's Playwright) and builds beside
# the desktop build and its tests, at the lowest priority: it takes the time they leave a core
# idle (the network, links, the window tests that run one at a time). `web.sh --test` below
# builds whatever is left and says what failed.
mkdir -p build-web
stage "web edition's build, beside the desktop's" nice -n 19 bash tools/web.sh --prepare >build-web/prepare.log 2>&1 &
web_prepare=$!
# A stage that fails ends the command; the web edition's build beside it ends with it.
# Signals a process and every process under it, the children first: once a parent ends, its
# children are no longer found under it.
signal_tree() {
  local child
  for child in $(pgrep -P "$2"); do signal_tree "$1" "$child"; done
  kill -"$1" "$2" 2>/dev/null || true
}
# A paused process takes its TERM only once it goes on.
stop_tree() {
  signal_tree TERM "$1"
  signal_tree CONT "$1"
}
# The sanitizer pass's build and the core's tests under it too, from the same start and at the same
# lowest priority: CTest leaves a core idle much of its time (windows drawn one at a time), and
# these fill it. The fuzzers run at the end, when nothing else does: they run for a fixed time, and
# so get both cores to themselves.
sanitize_tests=""
if [ "$sanitize" != 0 ]; then
  stage "sanitizer build and the core's tests under it, beside the others" \
    nice -n 19 bash tools/sanitize.sh --tests >build/sanitize-tests.log 2>&1 &
  sanitize_tests=$!
fi
trap 'stop_tree "$web_prepare"; [ -z "$sanitize_tests" ] || stop_tree "$sanitize_tests"' EXIT
stage "desktop build" bash tools/build.sh
stage "desktop tests (CTest)" ctest --test-dir build --output-on-failure -j"$(nproc)"
wait "$web_prepare" || tail -n 40 build-web/prepare.log >&2
grep "^stage: " build-web/prepare.log >&2 || true
# Some of the browser's tests time the page's own work (no slice of a job may hold the page 300 ms),
# and a build beside them, even at the lowest priority, takes that time from them: those (labelled
# "timed") run last, with the sanitizer pass paused; the others run beside it, which goes on after.
stage "web edition's tests, beside the sanitizer pass" bash tools/web.sh --test -LE timed
[ -z "$sanitize_tests" ] || signal_tree STOP "$sanitize_tests"
stage "web edition's timed tests, alone" bash tools/web.sh --test -L timed
[ -z "$sanitize_tests" ] || signal_tree CONT "$sanitize_tests"
# The core and its tests under ASan/UBSan, and the fuzzers; SCANLAB_SANITIZE=0 runs the core's
# tests in the build above instead, with no sanitizers and no fuzzing.
if [ "$sanitize" != 0 ]; then
  status=0
  wait "$sanitize_tests" || status=$?
  grep -E "^stage: |^sanitize: |PASSED" build/sanitize-tests.log >&2 || true
  if [ "$status" != 0 ]; then
    tail -n 80 build/sanitize-tests.log >&2
    echo "the sanitizer pass failed (above; its whole log is build/sanitize-tests.log)" >&2
    exit 1
  fi
  stage "fuzzing" bash tools/sanitize.sh --fuzz
fi
