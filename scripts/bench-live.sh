#!/usr/bin/env bash
# Live collection at scale: ten real npm MCP servers (pinned, installed with
# --ignore-scripts into $BENCH_NPM_DIR) scanned by one assay command in
# parallel, against (a) the slowest of them alone and (b) the MCP Inspector
# CLI listing the same servers one after another. Ratios, same run.
set -euo pipefail
A=${1:-bin/assay}
DIR=${BENCH_NPM_DIR:-$PWD/.cache/bench-npm}
mkdir -p "$DIR"
PKGS=(
  "@modelcontextprotocol/server-everything@2026.8.31|node_modules/@modelcontextprotocol/server-everything/dist/index.js|stdio"
  "@modelcontextprotocol/server-filesystem@2026.8.31|node_modules/@modelcontextprotocol/server-filesystem/dist/index.js|/tmp"
  "@modelcontextprotocol/server-memory@2026.8.31|node_modules/@modelcontextprotocol/server-memory/dist/index.js|"
  "@modelcontextprotocol/server-sequential-thinking@2026.8.31|node_modules/@modelcontextprotocol/server-sequential-thinking/dist/index.js|"
  "@upstash/context7-mcp@4.1.1|node_modules/@upstash/context7-mcp/dist/index.js|"
  "@eslint/mcp@0.3.13|node_modules/@eslint/mcp/src/mcp-cli.js|"
  "@wonderwhy-er/desktop-commander@0.2.52|node_modules/@wonderwhy-er/desktop-commander/dist/index.js|"
  "@sylphx/pdf-reader-mcp@2.4.0|node_modules/@sylphx/pdf-reader-mcp/dist/index.js|"
  "reddit-mcp-buddy@1.1.14|node_modules/reddit-mcp-buddy/dist/cli.js|"
  "@playwright/mcp@0.0.83|node_modules/@playwright/mcp/cli.js|--headless"
)
INSPECTOR="@modelcontextprotocol/inspector@0.17.5"
specs=(); for p in "${PKGS[@]}"; do specs+=("${p%%|*}"); done
if [ ! -f "$DIR/.installed" ]; then
  (cd "$DIR" && npm init -y >/dev/null && npm install --ignore-scripts --no-audit --no-fund --loglevel=error "${specs[@]}" "$INSPECTOR" >/dev/null) && touch "$DIR/.installed"
fi
args=(); cmds=()
for p in "${PKGS[@]}"; do
  IFS='|' read -r spec js extra <<<"$p"
  cmd="node $DIR/$js $extra"
  cmds+=("$cmd")
  args+=(--server "$cmd")
done
now() { date +%s.%N; }
t0=$(now); "$A" scan "${args[@]}" --yes --parallel 10 --format json -o /dev/null 2>/dev/null; t1=$(now)
all=$(echo "$t1 - $t0" | bc)
slow=0; slowname=
for c in "${cmds[@]}"; do
  s0=$(now); "$A" scan --server "$c" --yes --format json -o /dev/null 2>/dev/null; s1=$(now)
  d=$(echo "$s1 - $s0" | bc)
  if (( $(echo "$d > $slow" | bc) )); then slow=$d; slowname=$c; fi
done
i0=$(now)
for c in "${cmds[@]}"; do
  # shellcheck disable=SC2086
  timeout 60 "$DIR/node_modules/.bin/mcp-inspector" --cli $c --method tools/list >/dev/null 2>&1 || true
done
i1=$(now)
insp=$(echo "$i1 - $i0" | bc)
echo "| measurement | seconds | ratio |"
echo "|---|---:|---:|"
printf '| assay, 10 servers in parallel | %.2f | 1.00 |\n' "$all"
printf '| assay, slowest server alone (%s) | %.2f | %.2f |\n' "$(basename "${slowname%% *}")" "$slow" "$(echo "$all / $slow" | bc -l)"
printf '| Inspector CLI, 10 servers one after another | %.2f | %.2f |\n' "$insp" "$(echo "$insp / $all" | bc -l)"
echo
echo "Targets: parallel ≤ 1.3 × slowest alone; faster than the Inspector CLI sequence."
