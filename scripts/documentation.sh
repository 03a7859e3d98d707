#!/usr/bin/env bash
# The DocC documentation of Tabula, the module users import.
#
#   scripts/documentation.sh [swift build options]           # build it, warnings as errors
#   scripts/documentation.sh preview [swift build options]   # serve it (docc preview)
#
# Tabula holds no code of its own: it re-exports TabulaUIKit and TabulaTable
# (`@_exported import`), and its catalog (Sources/Tabula/Tabula.docc) documents their
# symbols. The DocC plugin cannot show them: it extracts a module's symbol graph with
# swift-symbolgraph-extract, which leaves out the symbols of re-exported modules unless
# told which modules to allow, and the plugin has no way to pass that. So this script
# extracts Tabula's graph itself, allowing exactly those two modules (not Foundation,
# nor TabulaQuartz, TabulaCore and TabulaGraphics, which have catalogs of their own),
# with the options the plugin uses, and runs docc on it.
#
# Build options (such as -Xswiftc -warnings-as-errors) are passed to `swift build`; give
# the ones of the build you already have, or it builds again with different flags.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=convert
if [ "${1:-}" = preview ]; then mode=preview; shift; fi

swift build --target Tabula "$@"
bin=$(swift build --show-bin-path "$@")
graphs=.build/documentation/symbol-graphs
rm -rf "$graphs"
mkdir -p "$graphs"
# The C modules under TabulaGraphics and TabulaSDL (Tabula's app entry point opens the
# window), as the build finds them.
cflags=()
for module in CCairo CPangoCairo CJPEG CRSVG CPoppler CSDL2; do cflags+=(-Xcc "-fmodule-map-file=Sources/$module/module.modulemap"); done
cflags+=(-Xcc "-fmodule-map-file=Sources/CTabulaPixels/include/module.modulemap")
cflags+=(-Xcc "-fmodule-map-file=Sources/CTabulaMemory/include/module.modulemap")
for flag in $(pkg-config --cflags-only-I cairo pangocairo libjpeg librsvg-2.0 poppler-glib sdl2); do cflags+=(-Xcc "$flag"); done
swift-symbolgraph-extract -module-name Tabula -target "$(uname -m)-unknown-linux-gnu" -I "$bin/Modules" "${cflags[@]}" \
    -minimum-access-level public -skip-inherited-docs -emit-extension-block-symbols \
    -experimental-allowed-reexported-modules=TabulaUIKit,TabulaTable,TabulaCollection \
    -output-dir "$graphs"

options=(Sources/Tabula/Tabula.docc --additional-symbol-graph-dir "$graphs"
         --fallback-display-name Tabula --fallback-bundle-identifier Tabula)
if [ "$mode" = preview ]; then
    docc preview "${options[@]}"
else
    docc convert "${options[@]}" --warnings-as-errors --output-path .build/documentation/Tabula.doccarchive
    echo "Tabula's documentation: .build/documentation/Tabula.doccarchive"
fi
