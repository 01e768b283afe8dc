#!/usr/bin/env bash
# screenshots.sh regenerates docs/screenshots/*.png, the reviewer's view
# of the demo report used in the README: the page as opened (executive
# summary, charts), the first printed A4 pages (cover, contents, page
# header and "Page N of M" footer) and a comparison page with its change
# timeline. Needs headless Chromium and
# poppler-utils (pdftoppm); writes nothing else.
#
#   scripts/screenshots.sh            # builds bin/assay, runs the demo
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$chrome" ] || { echo "screenshots.sh: no headless Chromium found (chromium)" >&2; exit 69; }
command -v pdftoppm >/dev/null || { echo "screenshots.sh: pdftoppm not found (install poppler-utils)" >&2; exit 69; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s build
bin/assay demo --dir "$tmp/demo" >"$tmp/demo.log" 2>&1 || { cat "$tmp/demo.log" >&2; exit 70; }
page="file://$tmp/demo/report.html"
flags=(--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update
  --disable-sync --no-first-run --hide-scrollbars --user-data-dir="$tmp/profile")
mkdir -p "$out"
rm -f "$out"/*.png
"$chrome" "${flags[@]}" --window-size=1100,1200 --force-device-scale-factor=0.8 --screenshot="$out/report-screen.png" "$page" 2>/dev/null
"$chrome" "${flags[@]}" --no-pdf-header-footer --print-to-pdf="$tmp/report.pdf" "$page" 2>/dev/null
# A comparison page (assay diff --html) of two real captures: what changed,
# the change summary and the change timeline.
corpus=testdata/corpus/surfaces
bin/assay diff "$corpus/playwright__mcp@0.0.70.json" "$corpus/playwright__mcp@0.0.83.json" --html "$tmp/drift.html" >/dev/null || [ $? -lt 64 ]
"$chrome" "${flags[@]}" --window-size=1100,1500 --force-device-scale-factor=0.8 --screenshot="$out/drift-screen.png" "file://$tmp/drift.html" 2>/dev/null
# Two printed pages at a resolution that keeps each PNG well under 200 KB.
pdftoppm -r 70 -png -f 1 -l 2 "$tmp/report.pdf" "$out/print-page"
for f in "$out"/*.png; do
  size=$(wc -c <"$f")
  [ "$size" -lt 204800 ] || { echo "screenshots.sh: $f is $size bytes, over 200 KB" >&2; exit 70; }
  echo "wrote $f ($size bytes)"
done
