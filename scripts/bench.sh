#!/usr/bin/env bash
# make bench: Go benchmarks (benchstat-friendly, in bench/out/go-bench.txt)
# plus end-to-end timings of whole commands with peak memory, printed as
# one table. Ratios are what to compare on a shared 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=-buildvcs=false
OUT=${BENCH_OUT:-bench/out}
mkdir -p "$OUT"
COUNT=${BENCH_COUNT:-1}
SHAPES=../shared/corpus/surfaces
[ -d "$SHAPES" ] || SHAPES=testdata/surfaces

echo "== Go benchmarks (count=$COUNT) -> $OUT/go-bench.txt"
go test -run '^$' -bench . -benchmem -count "$COUNT" -timeout 60m \
  ./internal/bench/ ./report/... ./collectkit/tokens/ | tee "$OUT/go-bench.txt" | grep -E '^(Benchmark|ok|FAIL)' || true

echo "== end-to-end commands (/usr/bin/time -v)"
go build -trimpath -o "$OUT/assay" ./cmd/assay
A="$OUT/assay"
for n in 100 1000 10000 100000; do
  s=$(( n >= 100 ? n / 100 : 1 ))
  "$A" __synth --shapes "$SHAPES" --servers "$s" --tools $(( n / s )) -o "$OUT/fleet-$n.json"
  "$A" __synth --shapes "$SHAPES" --servers "$s" --tools $(( n / s )) --mutate -o "$OUT/fleet-$n-v2.json"
done

measure() { # name, command...
  local name=$1; shift
  local log="$OUT/time-$name.txt"
  set +e
  /usr/bin/time -v "$@" >/dev/null 2>"$log"
  set -e
  local wall rss
  wall=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')
  rss=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
  printf '| %-34s | %10s | %8d MB |\n' "$name" "$wall" $(( rss / 1024 ))
}
{
  echo "| command | wall | peak RSS |"
  echo "|---|---:|---:|"
  for n in 100 1000 10000 100000; do
    measure "analyse $n tools" "$A" scan --surface "$OUT/fleet-$n.json" --format json -o /dev/null
  done
  measure "diff 10000 vs 10000 tools" "$A" diff "$OUT/fleet-10000.json" "$OUT/fleet-10000-v2.json" --format json
  measure "report 1000 tools (HTML)" "$A" report "$OUT/fleet-1000.json" -o "$OUT/report-1000.html"
} | tee "$OUT/e2e.md"

if [ -x scripts/bench-live.sh ]; then
  echo "== live collection (10 real npm servers)"
  bash scripts/bench-live.sh "$A" | tee "$OUT/live.md" || echo "live benchmark failed (see above)"
fi
if [ -x scripts/bench-tokens.sh ]; then
  echo "== token counting vs js-tiktoken"
  bash scripts/bench-tokens.sh | tee "$OUT/tokens.md" || echo "token benchmark failed (see above)"
fi
if [ -x scripts/bench-wasm.sh ]; then
  echo "== WebAssembly vs native analysis"
  bash scripts/bench-wasm.sh | tee "$OUT/wasm.md" || echo "wasm benchmark failed (see above)"
fi
