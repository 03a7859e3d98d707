#!/usr/bin/env bash
# Installs the system libraries and the pinned fonts Tabula draws with.
# Idempotent: packages already present are skipped quickly.
set -euo pipefail
PACKAGES=(
  libcairo2-dev libpango1.0-dev libsdl2-dev   # drawing, text, window
  libjpeg-dev   # JPEG encoding and decoding (UIImage)
  librsvg2-dev libpoppler-glib-dev   # SVG and PDF images in asset catalogs
  libsqlite3-dev   # TabulaData (GRDB)
  libegl1 libgles2 libgl1-mesa-dri   # the GPU renderer: EGL, OpenGL ES 3, Mesa (llvmpipe without a GPU)
  fonts-inter fonts-dejavu-core fonts-lohit-deva   # the pinned fonts (see Font.swift)
  fonts-noto-cjk fonts-noto-color-emoji   # Chinese, Japanese, Korean; colour emoji
  xvfb xauth xdotool imagemagick   # the window test under a virtual display
  pkg-config
  python3   # the documentation check and the window test's picture check
  python3-kiwisolver   # Kiwi, the C++ constraint solver the layout benchmarks compare with
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
