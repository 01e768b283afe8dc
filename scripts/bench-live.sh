#!/usr/bin/env bash
# bench-live.sh [ASSAY]: live collection at scale. Ten real npm MCP servers
# (pinned; installed with --ignore-scripts into $BENCH_NPM_DIR, default
# .cache/bench-npm, which git ignores) are listed
#   (a) by one 'assay scan' with all ten in parallel,
#   (b) by 'assay scan' one server at a time (the slowest one is the bar),
#   (c) by the MCP Inspector CLI ('--cli CMD --method tools/list'), one
#       server after another, as a user without Assay would do.
# All in the same run; the table gives ratios, which survive a loaded
# machine better than seconds. Each assay measurement is the fastest of
# ROUNDS (default 3); the Inspector sequence runs once (it is the slow side).
# Every side must list every server, or the run fails: a fast failure is
# not a measurement.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
A=${1:-$root/bin/assay}
DIR=${BENCH_NPM_DIR:-$root/.cache/bench-npm}
ROUNDS=${ROUNDS:-3}
for t in node npm jq bc; do
  command -v "$t" >/dev/null || { echo "bench-live: $t is required" >&2; exit 69; }
done
[ -x "$A" ] || { echo "bench-live: $A is not built (make build)" >&2; exit 66; }
# spec | entry point under node_modules | extra arguments
PKGS=(
  "@modelcontextprotocol/server-everything@2026.8.31|@modelcontextprotocol/server-everything/dist/index.js|stdio"
  "@modelcontextprotocol/server-filesystem@2026.8.31|@modelcontextprotocol/server-filesystem/dist/index.js|/tmp"
  "@modelcontextprotocol/server-memory@2026.8.31|@modelcontextprotocol/server-memory/dist/index.js|"
  "@modelcontextprotocol/server-sequential-thinking@2026.8.31|@modelcontextprotocol/server-sequential-thinking/dist/index.js|"
  "@upstash/context7-mcp@4.1.1|@upstash/context7-mcp/dist/index.js|"
  "@eslint/mcp@0.3.13|@eslint/mcp/src/mcp-cli.js|"
  "@wonderwhy-er/desktop-commander@0.2.52|@wonderwhy-er/desktop-commander/dist/index.js|"
  "@sylphx/pdf-reader-mcp@2.4.0|@sylphx/pdf-reader-mcp/dist/index.js|"
  "reddit-mcp-buddy@1.1.14|reddit-mcp-buddy/dist/cli.js|"
  "@playwright/mcp@0.0.83|@playwright/mcp/cli.js|--headless"
)
# 0.17.5 is the last Inspector whose CLI is the one-shot '--cli ...
# --method tools/list' form this compares with; it declares node >= 22.7.5
# but runs this listing under node 20 too.
INSPECTOR="@modelcontextprotocol/inspector@0.17.5"
specs=("$INSPECTOR"); for p in "${PKGS[@]}"; do specs+=("${p%%|*}"); done
want="${specs[*]}"
mkdir -p "$DIR"
if [ "$(cat "$DIR/.installed" 2>/dev/null)" != "$want" ]; then
  echo "bench-live: installing ${#specs[@]} pinned packages into $DIR" >&2
  (cd "$DIR" && { [ -f package.json ] || npm init -y >/dev/null; } &&
    npm install --ignore-scripts --no-audit --no-fund --loglevel=error "${specs[@]}" >/dev/null)
  echo "$want" >"$DIR/.installed"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
names=(); cmds=(); args=()
for p in "${PKGS[@]}"; do
  IFS='|' read -r spec js extra <<<"$p"
  [ -f "$DIR/node_modules/$js" ] || { echo "bench-live: $spec has no $js" >&2; exit 66; }
  cmd="node $DIR/node_modules/$js${extra:+ $extra}"
  names+=("${spec%@*}"); cmds+=("$cmd"); args+=(--server "$cmd")
done
now() { date +%s.%N; }
# listed FILE: how many servers of a findings file have tools and no errors.
listed() { jq '[.servers[] | select((.tools | length) > 0 and ((.errors // []) | length) == 0)] | length' "$1"; }
min() { if [ -z "$1" ] || (($(echo "$2 < $1" | bc))); then echo "$2"; else echo "$1"; fi; }

all=""; cpu=""
for ((r = 1; r <= ROUNDS; r++)); do
  t0=$(now)
  # /usr/bin/time adds the CPU seconds of the whole tree (assay and the ten
  # servers): on 2 cores, the parallel scan cannot take less than half.
  /usr/bin/time -f '%U %S' -o "$tmp/all.time" \
    "$A" scan "${args[@]}" --yes --parallel ${#cmds[@]} --format json -o "$tmp/all.json" 2>"$tmp/all.err" || true
  t1=$(now)
  cpu=$(min "$cpu" "$(awk 'END { print $1 + $2 }' "$tmp/all.time")")
  got=$(listed "$tmp/all.json" 2>/dev/null || echo 0)
  if [ "$got" != "${#cmds[@]}" ]; then
    echo "bench-live: the parallel scan listed $got of ${#cmds[@]} servers" >&2; cat "$tmp/all.err" >&2; exit 1
  fi
  all=$(min "$all" "$(echo "$t1 - $t0" | bc)")
done

slow=0; slowname=""; sum=0
for i in "${!cmds[@]}"; do
  best=""
  for ((r = 1; r <= ROUNDS; r++)); do
    s0=$(now)
    "$A" scan --server "${cmds[$i]}" --yes --format json -o "$tmp/one.json" 2>"$tmp/one.err" || true
    s1=$(now)
    if [ "$(listed "$tmp/one.json" 2>/dev/null || echo 0)" != 1 ]; then
      echo "bench-live: assay did not list ${names[$i]} alone" >&2; cat "$tmp/one.err" >&2; exit 1
    fi
    best=$(min "$best" "$(echo "$s1 - $s0" | bc)")
  done
  sum=$(echo "$sum + $best" | bc)
  if (($(echo "$best > $slow" | bc))); then slow=$best; slowname=${names[$i]}; fi
done

i0=$(now)
for i in "${!cmds[@]}"; do
  # shellcheck disable=SC2086 # the command line is split into words on purpose
  if ! timeout 120 "$DIR/node_modules/.bin/mcp-inspector" --cli ${cmds[$i]} --method tools/list >"$tmp/insp.json" 2>"$tmp/insp.err" ||
    [ "$(jq '.tools | length' "$tmp/insp.json" 2>/dev/null || echo 0)" = 0 ]; then
    echo "bench-live: the Inspector CLI did not list ${names[$i]}" >&2; cat "$tmp/insp.err" >&2; exit 1
  fi
done
i1=$(now)
insp=$(echo "$i1 - $i0" | bc)

echo "| live listing of ${#cmds[@]} npm servers (load: $(cut -d' ' -f1-3 /proc/loadavg)) | seconds | ratio |"
echo "|---|---:|---:|"
printf '| assay scan, all %d in parallel (fastest of %d) | %.2f | 1.00 |\n' "${#cmds[@]}" "$ROUNDS" "$all"
printf '| assay scan, slowest server alone (%s) | %.2f | parallel ÷ slowest = %.2f |\n' "$slowname" "$slow" "$(echo "$all / $slow" | bc -l)"
printf '| CPU seconds of that scan (assay + 10 servers) ÷ %d cores | %.2f | %.2f |\n' "$(nproc)" "$(echo "$cpu / $(nproc)" | bc -l)" "$(echo "$cpu / $(nproc) / $all" | bc -l)"
printf '| assay scan, each alone, summed | %.2f | %.2f × parallel |\n' "$sum" "$(echo "$sum / $all" | bc -l)"
printf '| MCP Inspector CLI %s, one after another | %.2f | %.2f × parallel |\n' "${INSPECTOR##*@}" "$insp" "$(echo "$insp / $all" | bc -l)"
echo
echo "Targets: parallel ≤ 1.3 × the slowest alone; faster than the Inspector CLI one after another."
