#!/usr/bin/env bash
# bench-wasm.sh: the analysis as WebAssembly (what the report page runs
# when a file is dropped on it) against the same analysis native, on the
# same generated fleet, in the same run. BenchmarkAnalyze of
# internal/bench is compiled twice: GOOS=js GOARCH=wasm, run under Node
# with Go's go_js_wasm_exec, and native with one core (-cpu 1: the page's
# Go runs on one thread). Rounds alternate between the two and the
# fastest of each is kept, so load from other processes hits both alike.
# The fleets carry no token counts on either side (BENCH_NO_TOKENS): the
# WebAssembly build has no token counter.
#
# Environment: WASM_TOOLS (fleet size, default 100), WASM_ROUNDS (3),
# WASM_ITER (iterations per round, 5). Target: ratio ≤ 3.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=-buildvcs=false
tools=${WASM_TOOLS:-100}
rounds=${WASM_ROUNDS:-3}
iter=${WASM_ITER:-5}
for t in go node; do
  command -v "$t" >/dev/null || { echo "bench-wasm: $t is required" >&2; exit 69; }
done
exec_wasm="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
[ -x "$exec_wasm" ] || { echo "bench-wasm: $exec_wasm not found" >&2; exit 69; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
go test -c -o "$tmp/native.test" ./internal/bench
GOOS=js GOARCH=wasm go test -c -o "$tmp/bench.wasm" ./internal/bench

export BENCH_NO_TOKENS=1 BENCH_MAX_TOOLS=$tools
pattern="^BenchmarkAnalyze\$/^tools=$tools\$"
best() { # prints the fastest ns/op seen so far, given the previous best and a benchmark output
  awk -v prev="$1" '/^BenchmarkAnalyze/ { v = $3 + 0; if (prev == "" || v < prev + 0) prev = v } END { print prev }'
}
nat=""; wasm=""
cd internal/bench # the benchmarks find the corpus relative to their package
for ((r = 1; r <= rounds; r++)); do
  nat=$("$tmp/native.test" -test.run '^$' -test.bench "$pattern" -test.benchtime "${iter}x" -test.cpu 1 | best "$nat")
  wasm=$("$exec_wasm" "$tmp/bench.wasm" -test.run '^$' -test.bench "$pattern" -test.benchtime "${iter}x" | best "$wasm")
done
[ -n "$nat" ] && [ -n "$wasm" ] || { echo "bench-wasm: a benchmark did not run" >&2; exit 70; }
echo "| analysis of $tools tools (fastest of $rounds rounds × $iter) | ms/op | ratio |"
echo "|---|---:|---:|"
awk -v n="$nat" -v w="$wasm" -v node="$(node --version)" 'BEGIN {
  printf "| native (one core) | %.1f | 1.00 |\n", n / 1e6
  printf "| WebAssembly (Node %s) | %.1f | %.2f |\n", node, w / 1e6, w / n
}'
echo
echo "Target: WebAssembly ≤ 3 × native."
