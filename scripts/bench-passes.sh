#!/usr/bin/env bash
# bench-passes.sh FILE: the per-tool cost budget from BenchmarkShapes
# (output of go test -bench, as make bench writes to bench/out/go-bench.txt):
# for each shape and size, CPU per tool of every pass of the analysis
# (injection and classification apart, so their share is plain), the whole
# analysis, allocations and bytes allocated per tool; then, per shape, the
# CPU ratio per 4× more tools (4 is linear; the target is ≤ 4.5).
set -euo pipefail
FILE=${1:-bench/out/go-bench.txt}
awk '
/^BenchmarkShapes\/shape=/ {
  name = $1; sub(/-[0-9]+$/, "", name)
  match(name, /shape=[a-z]+/); shape = substr(name, RSTART + 6, RLENGTH - 6)
  match(name, /tools=[0-9]+/); n = substr(name, RSTART + 6, RLENGTH - 6) + 0
  row = shape SUBSEP n
  if (!(row in seen)) { seen[row] = 1; rows[++nr] = row }
  for (i = 3; i < NF; i++) {
    u = $(i+1)
    if (u ~ /^cpu-ns\/tool:/) { p = substr(u, 13); v[row, p] = $i; if (!(p in pseen)) { pseen[p] = 1; passes[++np] = p } }
    if (u == "cpu-ns/tool") v[row, "total"] = $i
    if (u == "cpu-ns/op") v[row, "op"] = $i
    if (u == "allocs/tool") v[row, "allocs"] = $i
    if (u == "B/tool") v[row, "bytes"] = $i
  }
}
END {
  if (nr == 0) exit
  printf "| shape | tools | analysis µs/tool |"
  for (j = 1; j <= np; j++) printf " %s |", passes[j]
  print " allocs/tool | KB/tool |"
  printf "|---|---:|---:|"
  for (j = 1; j <= np; j++) printf "---:|"
  print "---:|---:|"
  for (r = 1; r <= nr; r++) {
    split(rows[r], k, SUBSEP)
    printf "| %s | %d | %.0f |", k[1], k[2], v[rows[r], "total"] / 1000
    for (j = 1; j <= np; j++) printf " %.1f |", v[rows[r], passes[j]] / 1000
    printf " %.0f | %.0f |\n", v[rows[r], "allocs"], v[rows[r], "bytes"] / 1024
  }
  print ""
  print "| shape | step | CPU ratio per 4× tools (4 = linear; target ≤ 4.5) |"
  print "|---|---|---:|"
  for (r = 2; r <= nr; r++) {
    split(rows[r-1], a, SUBSEP); split(rows[r], b, SUBSEP)
    if (a[1] != b[1] || v[rows[r-1], "op"] + 0 <= 0) continue
    ratio = exp(log(v[rows[r], "op"] / v[rows[r-1], "op"]) * log(4) / log(b[2] / a[2]))
    printf "| %s | %d → %d | %.2f%s |\n", b[1], a[2], b[2], ratio, (ratio > 4.5) ? " **superlinear**" : ""
  }
}' "$FILE"
