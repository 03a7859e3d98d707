#!/usr/bin/env bash
# Runs the Showcase: a window when a display is present, otherwise headless,
# writing pictures into ./showcase-output and printing where.
# Extra arguments go to the Showcase (e.g. `list`, `render all --out DIR`, `run foundation`).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift build -c release --product Showcase
if [ $# -eq 0 ]; then
  if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then set -- run home; else set -- render all --out showcase-output; fi
fi
exec .build/release/Showcase "$@"
