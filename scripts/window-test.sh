#!/usr/bin/env bash
# The window test: runs the Showcase's contacts scene in a real SDL window under Xvfb,
# clicks a row and drags the table with xdotool, takes a screenshot, and checks from
# the screenshot and from the app's own state (its --report) that the row was
# selected and the table scrolled. Exits non-zero, saying why, when it was not.
set -euo pipefail
cd "$(dirname "$0")/.."
SHOWCASE=${SHOWCASE:-.build/debug/Showcase}
[ -x "$SHOWCASE" ] || swift build --product Showcase
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

xvfb-run -a -s "-screen 0 1024x1024x24" bash -c '
  set -euo pipefail
  "$0" run contacts --report "$1/report.json" > "$1/log.txt" 2>&1 &
  app=$!
  win=$(timeout 30 xdotool search --sync --onlyvisible --name "contacts" | head -1) || { echo "window test: the window never appeared"; cat "$1/log.txt"; exit 1; }
  sleep 1
  # A click on a row: touch down and up.
  xdotool mousemove --window "$win" 150 160 click 1
  sleep 0.6
  # A slow drag up by 300 points, held still before the release so it does not fling.
  xdotool mousemove --window "$win" 150 700 mousedown 1
  for y in 660 620 580 540 500 460 420 400; do xdotool mousemove --window "$win" 150 "$y"; sleep 0.04; done
  sleep 0.5
  xdotool mouseup 1
  sleep 1
  import -window "$win" "$1/shot.png"
  kill -TERM "$app"
  wait "$app" || true
' "$SHOWCASE" "$OUT"

python3 - "$OUT" <<'PY'
import json, subprocess, sys
out = sys.argv[1]
report = json.load(open(f"{out}/report.json"))
problems = []
if report["framesPresented"] < 3:
    problems.append(f"only {report['framesPresented']} frames were presented")
if not report["selectedRows"]:
    problems.append("the click selected no row")
offset = report["contentOffsetY"] or 0
# The drag moved 300 points and was held still before the release (no fling): the
# content moved with it, less the few points the pan needs before it begins. Measured
# from the content's resting top, not the raw offset, which starts at minus the bars'
# and the large title's height.
scrolled = report["scrolledDistance"] or 0
if not 270 <= scrolled <= 310:
    problems.append(f"the drag moved 300 points, but the content scrolled {scrolled:.1f} (offset {offset})")
def pixel(x, y):
    text = subprocess.check_output(["convert", f"{out}/shot.png", "-crop", f"1x1+{x}+{y}", "-format",
                                    "%[fx:int(255*r)],%[fx:int(255*g)],%[fx:int(255*b)]", "info:"]).decode()
    return tuple(int(v) for v in text.split(","))
for row in report["selectedRows"]:
    x, y = int(row["x"] + 6), int(row["y"] + row["height"] / 2)
    if 0 <= y < report["windowHeight"]:
        r, g, b = pixel(x, y)
        if not (150 <= r <= 235 and abs(r - g) < 12 and abs(g - b) < 14):
            problems.append(f"the selected row {row['section']}.{row['row']} is not grey on screen at ({x}, {y}): {(r, g, b)}")
print(f"window test: {report['framesPresented']} frames presented, scrolled {scrolled:.1f} (offset {offset:.1f}), "
      f"selected {[(r['section'], r['row']) for r in report['selectedRows']]}")
if problems:
    print("window test FAILED:\n  " + "\n  ".join(problems))
    print(open(f"{out}/log.txt").read())
    sys.exit(1)
print("window test passed")
PY
