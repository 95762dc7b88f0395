#!/usr/bin/env bash
# The desktop app on a GPU server with no display, in one call: `scanlab shot` through the GPU
# driver's EGL (no X server, no GLFW window), the smoke tests CI runs through Mesa's EGL, and the
# Live run tab for real: a benchmark sweep and a sampled trace of a 2^26-element run on the GPU,
# then the step view of that sampled trace.
#
#   bash tools/gpu-app-shots.sh --prepare   here (a CUDA toolkit, no GPU needed): builds scanlab,
#                                           scanlab-app and the app's smoke tests for sm_90 and fills
#                                           .gpu-app/ (git-ignored) with them, the shared libraries a
#                                           bare GPU machine lacks (GLFW and its X11 libraries, libglvnd's
#                                           libEGL/libGL/libGLX/libGLdispatch) and the DejaVu fonts
#   bash tools/gpu-app-shots.sh [DIR]       on the GPU machine: runs everything from DIR (default
#                                           .gpu-app) and writes the PNGs and a log to $OUT (a folder the
#                                           caller collects) or /tmp/scanlab-gpu-app-shots
#
# The shots' size and the sampled run can be changed: SCANLAB_SHOT_SIZE (1920x1080),
# SCANLAB_SHOT_N (67108864 = 2^26), SCANLAB_SHOT_SECTION (64), SCANLAB_SHOT_BLOCK (700000),
# SCANLAB_SHOT_STEP (2), SCANLAB_BENCH_REPS (20). Each step has a time limit (560 s at worst).
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--prepare" ]; then
  set -e
  build="$PWD/build-gpu-app"
  carry="$PWD/.gpu-app"
  # libstdc++ and libgcc inside the binaries: the GPU machine's own may be older than this one's.
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANLAB_CUDA_ARCHITECTURES=90 \
    -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" \
    ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} \
    ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CUDA_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >/dev/null
  cmake --build "$build" -j"${JOBS:-2}" --target scanlab scanlab-app scanlab_app_smoke_tests
  rm -rf "$carry"
  mkdir -p "$carry/bin" "$carry/lib" "$carry/fonts"
  cp "$build/app/scanlab" "$build/app/scanlab-app" "$build/tests/scanlab_app_smoke_tests" "$carry/bin/"
  strip "$carry"/bin/*
  # The smoke tests run the binaries at the paths they were built at; the GPU machine makes them.
  echo "$build" >"$carry/build-dir.txt"
  git log -1 --format='%h %s' >"$carry/commit.txt" 2>/dev/null || true
  # Every library the binaries link that is not the C library's own, and what they open at run
  # time: libEGL.so.1 (headless_gl.cpp) and libGL.so.1 (Dear ImGui's OpenGL loader), with the
  # libglvnd libraries those two need. The driver's own (libEGL_nvidia, libcuda) are on the machine.
  libs=$(ldd "$carry"/bin/* | awk '/=> \// {print $3}' | sort -u |
         grep -Ev '/(libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so')
  for so in libEGL.so.1 libGL.so.1 libGLX.so.0 libGLdispatch.so.0 libOpenGL.so.0; do
    libs+=$'\n'$(ldconfig -p | awk -v n="$so" '$1 == n && /x86-64/ {print $NF; exit}')
  done
  for l in $libs; do [ -n "$l" ] && cp -L "$l" "$carry/lib/"; done
  cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf "$carry/fonts/"
  ls -la "$carry"/*
  du -sh "$carry"
  echo "carry .gpu-app and run: bash tools/gpu-app-shots.sh .gpu-app"
  exit 0
fi

carry="${1:-.gpu-app}"
bin="$carry/bin"
out="${OUT:-/tmp/scanlab-gpu-app-shots}"
mkdir -p "$out"
log="$out/gpu-app-shots.log"

shots() {
summary=()
for f in scanlab scanlab-app scanlab_app_smoke_tests; do
  [ -x "$bin/$f" ] || { echo "missing $bin/$f: run bash tools/gpu-app-shots.sh --prepare here and carry $carry"; exit 1; }
done

# No display at all: the shots must go through EGL, on the GPU driver's EGL.
unset DISPLAY WAYLAND_DISPLAY
export LD_LIBRARY_PATH="$PWD/$carry/lib:/usr/local/nvidia/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The driver's EGL vendor file (libEGL_nvidia.so.0), where libglvnd would not look for it.
vendor=$(ls /usr/local/nvidia/share/glvnd/egl_vendor.d/*nvidia*.json /usr/share/glvnd/egl_vendor.d/*nvidia*.json \
           /etc/glvnd/egl_vendor.d/*nvidia*.json 2>/dev/null | head -1)
[ -z "$vendor" ] && vendor=$(find /usr/local/nvidia /usr/share /etc -path '*egl_vendor.d*' -name '*nvidia*.json' 2>/dev/null | head -1)
[ -n "$vendor" ] && export __EGL_VENDOR_LIBRARY_FILENAMES="$vendor"
echo "EGL vendor file: ${__EGL_VENDOR_LIBRARY_FILENAMES:-none found (libglvnd looks in /usr/share/glvnd/egl_vendor.d)}"
# The app reads the DejaVu fonts from the system's folder (ImGui's own font otherwise).
dejavu=/usr/share/fonts/truetype/dejavu
if [ ! -f "$dejavu/DejaVuSans.ttf" ] && [ -d "$carry/fonts" ]; then mkdir -p "$dejavu" && cp "$carry"/fonts/*.ttf "$dejavu/" 2>/dev/null; fi
echo "binaries built from: $(cat "$carry/commit.txt" 2>/dev/null || echo 'an unknown commit')"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
ldd --version | head -1
missing=$(ldd "$bin/scanlab-app" "$bin/scanlab_app_smoke_tests" | grep "not found" | sort -u)
[ -n "$missing" ] && echo "libraries not found: $missing"

size="${SCANLAB_SHOT_SIZE:-1920x1080}"
n="${SCANLAB_SHOT_N:-67108864}"
section="${SCANLAB_SHOT_SECTION:-64}"
block="${SCANLAB_SHOT_BLOCK:-700000}"
step="${SCANLAB_SHOT_STEP:-2}"
reps="${SCANLAB_BENCH_REPS:-20}"
run() {  # NAME LIMIT COMMAND...: runs it with a time limit, notes the outcome in the summary
  local name=$1 limit=$2
  shift 2
  echo
  echo "== $name: $*"
  local start=$SECONDS
  timeout --kill-after=10 "$limit" "$@"
  local rc=$?
  summary+=("$name: exit $rc ($((SECONDS - start)) s)")
  return $rc
}

# 1. The Figure 9.10 panel through the driver's EGL: the log line names the renderer.
run "shot through EGL" 60 "$bin/scanlab" shot --algo hierarchical --preset fig9.10 --step last --view fig9.10 --size 800x600 \
  --out "$out/egl-fig910.png"

# 2. The smoke tests CI runs through Mesa's EGL, here through the GPU's (the Xvfb ones skip: no
#    xvfb-run here). They run the binaries at the paths they were built at.
built=$(cat "$carry/build-dir.txt" 2>/dev/null || echo /nonexistent)
mkdir -p "$built/app" "$built/tests"
for f in scanlab scanlab-app; do [ -e "$built/app/$f" ] || ln -s "$PWD/$bin/$f" "$built/app/$f"; done
run "smoke tests through EGL" 120 "$bin/scanlab_app_smoke_tests" --gtest_brief=0 \
  --gtest_filter='AppSmoke.*NoDisplay*:AppSmoke.ShotOfTheLiveView*:AppSmoke.ShotWithABenchmark*:AppSmoke.ShotRefuses*'
cp "$built/tests/app-screenshots/smoke-egl/step-07.png" "$out/smoke-egl-step-07.png" 2>/dev/null

# 3. The Live run tab: the benchmark sweep (every algorithm, 2^10 .. N) and the sampled trace of
#    block B of an N-element run, both on the GPU, drawn once both have finished.
sample=(--algo hierarchical --random "$n" --section "$section" --sample-block "$block" --step "$step" --backend gpu --size "$size")
run "live tab: benchmark + sampled trace" 300 "$bin/scanlab" shot "${sample[@]}" --view live --bench "$n" --bench-reps "$reps" \
  --out "$out/live-tab-h100.png"
# 4. The step view (the whole window, Steps tab) of the same sampled trace, and in presentation mode.
run "step view of the sampled trace" 60 "$bin/scanlab" shot "${sample[@]}" --view window --out "$out/sampled-steps-h100.png"
run "step view, presentation mode" 60 "$bin/scanlab" shot "${sample[@]}" --view window --presentation \
  --out "$out/sampled-steps-h100-presentation.png"

echo
echo "== summary =="
printf '%s\n' "${summary[@]}"
ls -la "$out"
}

shots 2>&1 | tee "$log"
