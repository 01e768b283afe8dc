#!/usr/bin/env bash
# make bench: speed and memory as measured facts.
#   1. Go benchmarks (benchstat-friendly: tools=N sub-benchmarks, -benchmem,
#      cpu-ns/op and ns/tool metrics) of every pass at 100, 1,000 and 10,000
#      tools -> $OUT/go-bench.txt (BENCH_FULL=1: at 100,000 too;
#      BENCH_COUNT=N repeats runs for benchstat).
#   2. Scaling: time per tool at each size against the next
#      (scripts/bench-scaling.sh), and of whole scans at 10,000 and 100,000.
#   3. Whole commands on generated fleets, wall and CPU time and peak RSS
#      (/usr/bin/time -v) -> $OUT/e2e.md.
#   4. assay proxy: added round-trip latency (p50, p99 over 10,000
#      messages) and throughput of forwarded JSON -> $OUT/proxy.md.
#      Live collection of 10 real npm servers vs the MCP Inspector CLI,
#      token counting vs js-tiktoken, WebAssembly vs native (each skipped
#      with a note when node/npm or the network are missing).
#   5. The targets, met or not -> $OUT/summary.md.
# The machine is shared: the load average is printed with every table, and
# ratios and CPU seconds are the figures to compare across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=-buildvcs=false
OUT=${BENCH_OUT:-bench/out}
mkdir -p "$OUT"
COUNT=${BENCH_COUNT:-1}
ROUNDS=${BENCH_E2E_ROUNDS:-1} # runs of the 10,000-tool commands; small ones get 3
SHAPES=testdata/corpus/surfaces
[ -d "$SHAPES" ] || SHAPES=testdata/surfaces
load() { cut -d' ' -f1-3 /proc/loadavg; }
start=$(date +%s)

echo "== Go benchmarks (count=$COUNT, load $(load)) -> $OUT/go-bench.txt"
{
  BENCH_MAX_TOOLS=10000 go test -run '^$' -bench . -benchmem -count "$COUNT" -timeout 60m ./internal/bench/
  if [ -n "${BENCH_FULL:-}" ]; then # every pass at 100,000 tools: about 10 more minutes
    go test -run '^$' -bench '/^tools=100000$' -benchtime 1x -benchmem -count "$COUNT" -timeout 60m ./internal/bench/
  fi
  go test -run '^$' -bench . -benchmem -count "$COUNT" ./report/inject/ ./collectkit/tokens/
} 2>&1 | tee "$OUT/go-bench.txt" | grep -E '^(Benchmark|ok|FAIL|---)' || true
echo "load after: $(load)" >>"$OUT/go-bench.txt"

echo "== scaling (time per tool, larger size ÷ smaller; table after the end-to-end runs)"
scaling=ok
bash scripts/bench-scaling.sh "$OUT/go-bench.txt" >"$OUT/scaling.md" || scaling=superlinear

echo "== end-to-end commands (/usr/bin/time -v; best wall of 3 runs below 10,000 tools, of $ROUNDS above)"
go build -trimpath -o "$OUT/assay" ./cmd/assay
A="$OUT/assay"
for n in 100 1000 10000 100000; do
  s=$(( n >= 100 ? n / 100 : 1 ))
  [ -s "$OUT/fleet-$n.json" ] || "$A" __synth --shapes "$SHAPES" --servers "$s" --tools $(( n / s )) -o "$OUT/fleet-$n.json"
done
[ -s "$OUT/fleet-10000-v2.json" ] || "$A" __synth --shapes "$SHAPES" --servers 100 --tools 100 --mutate -o "$OUT/fleet-10000-v2.json"
"$A" scan --surface "$OUT/fleet-1000.json" --format json -o "$OUT/findings-1000.json"

: >"$OUT/e2e.tsv"
measure() { # key, label, rounds, command...
  local key=$1 label=$2 rounds=$3; shift 3
  local log="$OUT/time-$key.txt" best="" bcpu="" brss=""
  for ((r = 1; r <= rounds; r++)); do
    set +e
    /usr/bin/time -v "$@" >/dev/null 2>"$log"
    set -e
    local wall cpu rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$log")
    cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ { print int($2 / 1024) }' "$log")
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$wall; bcpu=$cpu; brss=$rss; fi
  done
  printf '%s\t%s\t%s\t%s\t%s\n' "$key" "$label" "$best" "$bcpu" "$brss" >>"$OUT/e2e.tsv"
  printf '| %-40s | %8.2f s | %8.2f s | %6d MB |\n' "$label" "$best" "$bcpu" "$brss"
}
{
  echo "| command (load $(load)) | wall | CPU (user+sys) | peak RSS |"
  echo "|---|---:|---:|---:|"
  for n in 100 1000; do
    measure "scan-$n" "scan --surface, $n tools" 3 "$A" scan --surface "$OUT/fleet-$n.json" --format json -o /dev/null
  done
  measure "scan-10000" "scan --surface, 10000 tools" "$ROUNDS" "$A" scan --surface "$OUT/fleet-10000.json" --format json -o /dev/null
  measure "scan-100000" "scan --surface, 100000 tools" 1 "$A" scan --surface "$OUT/fleet-100000.json" --format json -o /dev/null
  measure "diff-10000" "diff, 10000 vs 10000 tools" "$ROUNDS" "$A" diff "$OUT/fleet-10000.json" "$OUT/fleet-10000-v2.json" --format json
  measure "report-1000" "report (HTML) of findings, 1000 tools" 3 "$A" report "$OUT/findings-1000.json" -o "$OUT/report-1000.html"
  measure "report-bundle-1000" "report (HTML) of a bundle, 1000 tools" 3 "$A" report "$OUT/fleet-1000.json" -o "$OUT/report-1000b.html"
} | tee "$OUT/e2e.md"
# whole scans at 10,000 and 100,000 tools, CPU per tool, into the scaling table
awk -F'\t' -v max="${MAX_RATIO:-1.6}" '$1 == "scan-10000" { a = $4 / 10000 } $1 == "scan-100000" { b = $4 / 100000 }
  END { if (a > 0 && b > 0) { r = b / a; printf "| assay scan --surface (whole command) | 10000 → 100000 | %.0f ns cpu | %.0f ns cpu | %.2f%s |\n", a * 1e9, b * 1e9, r, (r > max) ? " **superlinear**" : ""; exit (r > max) } }' \
  "$OUT/e2e.tsv" >>"$OUT/scaling.md" || scaling=superlinear
cat "$OUT/scaling.md"

echo "== assay proxy: added latency (p50, p99 over 10,000 messages) and throughput -> $OUT/proxy.md"
: >"$OUT/proxy.md"
ASSAY_BENCH=1 BENCH_OUT="$OUT" go test -run '^TestProxyBench$' -count=1 -v ./internal/proxy/ >"$OUT/proxy-bench.log" 2>&1 || echo "proxy benchmark failed (see $OUT/proxy-bench.log)"
cat "$OUT/proxy.md"

: >"$OUT/live.md" >"$OUT/wasm.md" >"$OUT/tokens.md"
if command -v node >/dev/null && command -v npm >/dev/null; then
  echo "== live collection (10 real npm servers)"
  bash scripts/bench-live.sh "$(cd "$(dirname "$A")" && pwd)/$(basename "$A")" | tee "$OUT/live.md" || echo "live benchmark failed (see above)"
  if [ -x scripts/bench-tokens.sh ]; then
    echo "== token counting vs js-tiktoken"
    sh scripts/bench-tokens.sh | tee "$OUT/tokens.md" || echo "token benchmark failed (see above)"
  fi
  echo "== WebAssembly vs native analysis"
  bash scripts/bench-wasm.sh | tee "$OUT/wasm.md" || echo "wasm benchmark failed (see above)"
else
  echo "== node/npm not found: live, token and WebAssembly comparisons skipped"
fi

echo "== targets (load $(load), $(( $(date +%s) - start )) s in all) -> $OUT/summary.md"
get() { awk -F'\t' -v k="$1" -v c="$2" '$1 == k { print $c }' "$OUT/e2e.tsv"; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { if (v == "") print "not run"; else if (v + 0 <= t + 0) print "met"; else printf "missed (%.1f×)\n", v / t }'; }
row() { # what, target, wall, cpu
  printf '| %s | %s | %s s | %s s | wall: %s; CPU: %s |\n' "$1" "≤ $2 s" "$3" "$4" "$(verdict "$3" "$2")" "$(verdict "$4" "$2")"
}
live_ratio=$(sed -n 's/.*parallel ÷ slowest = \([0-9.]*\).*/\1/p' "$OUT/live.md")
insp_ratio=$(sed -n 's/| MCP Inspector CLI.* | \([0-9.]*\) × parallel |/\1/p' "$OUT/live.md")
wasm_ratio=$(sed -n 's/| WebAssembly.* | \([0-9.]*\) |$/\1/p' "$OUT/wasm.md")
{
  echo "| target | bound | wall | CPU | verdict |"
  echo "|---|---|---:|---:|---|"
  row "analysis, 10,000 tools (scan --surface)" 1 "$(get scan-10000 3)" "$(get scan-10000 4)"
  printf '| peak RSS, 10,000 tools | ≤ 200 MB | %s MB | | %s |\n' "$(get scan-10000 5)" "$(verdict "$(get scan-10000 5)" 200)"
  row "analysis, 100,000 tools" 12 "$(get scan-100000 3)" "$(get scan-100000 4)"
  printf '| scaling, every pass (time per tool, 10× more tools) | ≤ %s× | | | %s |\n' "${MAX_RATIO:-1.6}" "$([ "$scaling" = ok ] && echo "met (linear)" || echo "missed: see scaling table")"
  row "diff, two 10,000-tool bundles" 1 "$(get diff-10000 3)" "$(get diff-10000 4)"
  row "HTML report of findings, 1,000 tools" 1 "$(get report-1000 3)" "$(get report-1000 4)"
  row "HTML report of a bundle (analysis included), 1,000 tools" 1 "$(get report-bundle-1000 3)" "$(get report-bundle-1000 4)"
  printf '| 10 live servers in parallel ÷ slowest alone | ≤ 1.3 | %s | | %s |\n' "${live_ratio:-}" "$(verdict "$live_ratio" 1.3)"
  printf '| Inspector CLI sequence ÷ assay parallel | > 1 | %s | | %s |\n' "${insp_ratio:-}" "$(awk -v v="$insp_ratio" 'BEGIN { print (v == "") ? "not run" : (v > 1 ? "met" : "missed") }')"
  printf '| WebAssembly ÷ native analysis | ≤ 3 | %s | | %s |\n' "${wasm_ratio:-}" "$(verdict "$wasm_ratio" 3)"
  proxy_p99=$(sed -n 's/^| round trip p99 | [^|]* | [^|]* | \([0-9.−]*\) ms |.*/\1/p' "$OUT/proxy.md" | tr '−' '-')
  proxy_s2c=$(sed -n 's/^| throughput server → client[^|]* | [^|]* | \([0-9.]*\) MB\/s.*/\1/p' "$OUT/proxy.md")
  proxy_c2s=$(sed -n 's/^| throughput client → server[^|]* | [^|]* | \([0-9.]*\) MB\/s.*/\1/p' "$OUT/proxy.md")
  printf '| proxy: added round-trip latency p99 (10,000 messages) | ≤ 1 ms | %s ms | | %s |\n' "${proxy_p99:-}" "$(verdict "$proxy_p99" 1)"
  printf '| proxy: forwarded JSON, server → client / client → server | ≥ 50 MB/s | %s / %s MB/s | | %s |\n' "${proxy_s2c:-}" "${proxy_c2s:-}" \
    "$(awk -v a="$proxy_s2c" -v b="$proxy_c2s" 'BEGIN { if (a == "" || b == "") print "not run"; else if (a + 0 >= 50 && b + 0 >= 50) print "met"; else print "missed" }')"
  echo
  echo "CPU is user+system seconds of the process (GC threads included): what the command costs"
  echo "regardless of other load; wall is what it took on this shared machine."
} | tee "$OUT/summary.md"
