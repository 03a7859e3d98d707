#!/usr/bin/env bash
# Checks that every public declaration is documented, runs every test target (Swift
# Testing), then the window test (the Showcase in an SDL window under Xvfb, driven by
# xdotool). Installs the system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
python3 scripts/undocumented.py
swift build --build-tests
swift test --skip-build "$@"
if [ $# -eq 0 ]; then ./scripts/window-test.sh; fi
