#!/usr/bin/env bash
# A run of the Showcase in a window on a 120 Hz display, with the frame statistics readout
# (Ctrl-F): Xvfb has one 60 Hz mode, so this starts Xorg with the dummy video driver
# (xserver-xorg-video-dummy) and a 1400×1000 mode at 120 Hz, where SDL reports 120 Hz and the
# host paces to it. It flings the contacts list, pushes a scene from the home menu and swipes
# back, opens the settings' About sheet and its reset alert, taking a screenshot with the
# readout after each
# (the readout's "hitches … ms/s" is the hitch time of the last second of motion).
#
#   scripts/window-120hz.sh [OUTPUT_FOLDER]     (SHOWCASE=path picks the binary; default release)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-$(mktemp -d)}
mkdir -p "$OUT"
SHOWCASE=${SHOWCASE:-.build/release/Showcase}
[ -x "$SHOWCASE" ] || swift build -c release --product Showcase
command -v Xorg > /dev/null || { echo "window-120hz: needs Xorg and xserver-xorg-video-dummy"; exit 1; }
DISPLAY_NUMBER=${DISPLAY_NUMBER:-97}
cat > "$OUT/xorg.conf" <<'CONF'
Section "Device"
    Identifier "dummy"
    Driver "dummy"
    VideoRam 256000
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
    # 245 MHz / (1896 × 1078) = 119.9 Hz
    Modeline "1400x1000_120" 245.00 1400 1504 1648 1896 1000 1003 1013 1078 -hsync +vsync
EndSection
Section "Screen"
    Identifier "screen"
    Device "dummy"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Modes "1400x1000_120"
        Virtual 1400 1000
    EndSubSection
EndSection
CONF
Xorg ":$DISPLAY_NUMBER" -noreset -logfile "$OUT/xorg.log" -config "$OUT/xorg.conf" > /dev/null 2>&1 &
xorg=$!
trap 'kill $xorg 2> /dev/null || true' EXIT
export DISPLAY=":$DISPLAY_NUMBER"
sleep 2

# Starts a scene, turns the readout on, and sets WIN to its window.
start() {
  "$SHOWCASE" run "$1" > "$OUT/$1.log" 2>&1 &
  app=$!
  WIN=$(timeout 30 xdotool search --sync --onlyvisible --name "$1" | head -1)
  sleep 1
  xdotool windowfocus "$WIN" key ctrl+f
  sleep 0.5
}
shot() { sleep "${2:-0.3}"; import -window "$WIN" "$OUT/$1.png"; echo "$OUT/$1.png"; }
stop() { kill -TERM "$app"; wait "$app" 2> /dev/null || true; }
# A quick upward drag of the window's content from (x, y): a fling.
fling() {
  xdotool mousemove --window "$WIN" 200 700 mousedown 1
  for y in 640 560 480 400 320 240; do xdotool mousemove --window "$WIN" 200 "$y"; sleep 0.008; done
  xdotool mouseup 1
}

start contacts
for _ in 1 2 3; do fling; sleep 0.4; done
shot 1-fling 0.1
stop

start home
xdotool mousemove --window "$WIN" 200 250 click 1
shot 2-push 0.45
# The edge swipe back.
xdotool mousemove --window "$WIN" 2 420 mousedown 1
for x in 40 90 140 190 240 290 340; do xdotool mousemove --window "$WIN" "$x" 420; sleep 0.016; done
xdotool mouseup 1
shot 3-swipe-back 0.5
stop

# Starts the settings, scrolls to the end with the wheel, and taps the row at y = $1.
settings_tap() {
  start settings
  xdotool mousemove --window "$WIN" 200 400
  for _ in $(seq 1 30); do xdotool click 5; sleep 0.02; done
  sleep 1.5
  xdotool mousemove --window "$WIN" 200 "$1" click 1
}

# "About Tabula": a sheet.
settings_tap "${ABOUT_Y:-388}"
shot 4-sheet 0.5
stop

# "Reset All Settings…": the alert grows in over the screen behind, which it dims.
settings_tap "${RESET_Y:-510}"
shot 5-alert 0.6
stop
grep -h "120\|Hz" "$OUT"/*.log | head -3 || true
