#!/usr/bin/env bash
# Installs the Debian packages Scan Lab builds with, skipping the ones already there.
# As root it runs apt-get; otherwise it names the packages to install and stops.
#   bash tools/install-deps.sh        the desktop app, the command line and their tests
#   bash tools/install-deps.sh web    the web edition (tools/web.sh) and its tests, on top
set -euo pipefail

# Build and test: compiler, CMake, Ninja, ccache, GoogleTest, JSON; clang with its sanitizer and libFuzzer
# runtimes for the sanitizer pass (tools/sanitize.sh); clang-format for the house's format
# (tools/format.sh, whose check of the changed lines the test command runs).
packages=(g++ make cmake ninja-build ccache libgtest-dev nlohmann-json3-dev clang libclang-rt-14-dev clang-format)
# Your kernel's sandbox: bubblewrap makes the box a student's file is compiled and run in, and
# libseccomp gives the runner its system-call allow-list (docs/your-kernel.md says why each).
packages+=(bubblewrap libseccomp-dev)
# The desktop app: GLFW, stb (PNG screenshots), pkg-config to find them, python3 + venv + pip for
# the glad2 loader generator and the Dear ImGui + ImPlot sources (both fetched from PyPI into the
# build tree at configure time, pinned: third_party/CMakeLists.txt), the DejaVu fonts,
# Mesa's EGL so `scanlab shot` and the smoke tests draw with no display at all (EGL's headers at
# build time, libEGL.so.1 loaded at run time), and Xvfb for the tests of the window.
packages+=(pkg-config libglfw3-dev libstb-dev libgl-dev python3 python3-venv python3-pip
           fonts-dejavu-core libgl1-mesa-dri libegl-dev libegl1 libegl-mesa0 xvfb xauth)
# Exports (docs/export.md): giflib encodes the animated GIFs. MP4 export runs the ffmpeg program where
# it is installed (Debian's ffmpeg; not required: without it the export says so).
packages+=(libgif-dev)

# The web edition: Debian's emscripten (works offline: its system libraries come prebuilt), the
# DejaVu fonts and stb's header it packs, and for its tests Chromium (driven by PyPI's Playwright in
# a virtual environment, tests/web/) and python3-venv. dpkg-dev unpacks Debian's giflib source,
# which the web build fetches with `apt-get source` and compiles for the page's GIF export
# (third_party/giflib_web.cmake). python3-fonttools (the fonts' own tools, which font projects
# build their files with) writes the page's DejaVu files without their hinting (app/web/page.cmake)
# and cuts the lessons' bold and italic faces down to the characters a slide writes
# (app/web/lesson_fonts.cmake).
if [ "${1:-}" = web ]; then
  packages+=(emscripten chromium dpkg-dev python3-fonttools)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "scanlab: these Debian packages are missing: ${missing[*]}" >&2
  echo "scanlab: install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "scanlab: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
