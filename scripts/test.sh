#!/usr/bin/env bash
# Runs every test target (Swift Testing). Installs the system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift build --build-tests
swift test --skip-build "$@"
