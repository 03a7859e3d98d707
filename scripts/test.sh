#!/usr/bin/env bash
# Checks that every public declaration is documented, builds with warnings as errors,
# runs every test target (Swift Testing), then the documentation build (DocC, warnings as
# errors), then tabula-port's tests, then the window test
# (the Showcase in an SDL window under Xvfb, driven by xdotool). Installs the system
# packages first. Arguments are passed to `swift test` as a filter and skip the last three.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
python3 scripts/undocumented.py
# Warnings are errors in our targets. SwiftPM builds remote dependencies (GRDB,
# ArgumentParser) with their warnings suppressed, so the flag cannot fail on theirs.
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build "$@"
if [ $# -eq 0 ]; then
    # The app monkey: a short seeded walk of every Showcase scene with person-like events,
    # stopping at the first broken invariant with its reproduction (about 20 seconds).
    .build/debug/AppMonkey --steps 600 --seed "${MONKEY_SEED:-1}"
    # The DocC documentation of every library module, with warnings (broken links, parameters
    # without documentation) as errors. About a minute after the build above. Tabula, which
    # re-exports TabulaUIKit and TabulaTable and documents their symbols, has a script of
    # its own (the plugin's symbol graph leaves re-exported symbols out).
    swift package --disable-sandbox generate-documentation \
        --target TabulaCore --target TabulaGraphics --target TabulaQuartz \
        --target TabulaSDL --target TabulaData --target TabulaSnapshotTesting --warnings-as-errors
    ./scripts/documentation.sh -Xswiftc -warnings-as-errors
    # tabula-port, the migration tool: a package of its own, so that only this step builds
    # swift-syntax. Its tests include porting the fixture into Examples/PortedPlays.
    swift build --package-path Tools/tabula-port --build-tests -Xswiftc -warnings-as-errors
    swift test --package-path Tools/tabula-port --skip-build
    ./scripts/window-test.sh
fi
