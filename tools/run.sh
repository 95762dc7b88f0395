#!/usr/bin/env bash
# The app command: installs what is missing, builds, and starts Scan Lab on Figure 9.10.
# Until the desktop app lands, this runs the CLI's step-by-step trace of the figure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh >/dev/null
exec ./build/app/scanlab trace --algo hierarchical --preset fig9.10 "$@"
