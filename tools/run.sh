#!/usr/bin/env bash
# The app command: installs what is missing, builds, and starts the Scan Lab desktop app on
# Figure 9.10 (`scanlab` with no arguments). Arguments go to the app (scanlab-app), e.g.
# --presentation or --open trace.json. Without a display it says so and names the headless commands.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh >/dev/null
if [ $# -eq 0 ]; then exec ./build/app/scanlab; fi
exec ./build/app/scanlab-app "$@"
