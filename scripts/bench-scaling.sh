#!/usr/bin/env bash
# bench-scaling.sh FILE: shows how every Go benchmark of FILE (output of
# go test -bench, as make bench writes to bench/out/go-bench.txt) scales
# with the number of tools. For each benchmark measured at two sizes it
# prints the time per tool at the larger size over the time per tool at
# the smaller one: about 1 is linear; a quadratic step would show up as a
# ratio near the size ratio (10). CPU time per tool is used where the
# benchmark reports it (steadier on a shared machine), wall time if not.
# Exits 1 when a ratio exceeds MAX_RATIO (default 1.6: a 10x larger input
# costing more than 16x).
set -euo pipefail
FILE=${1:-bench/out/go-bench.txt}
MAX=${MAX_RATIO:-1.6}
awk -v max="$MAX" '
/^Benchmark/ && /tools=[0-9]+/ {
  name = $1; sub(/-[0-9]+$/, "", name)
  match(name, /tools=[0-9]+/); n = substr(name, RSTART + 6, RLENGTH - 6) + 0
  base = name; sub(/\/?tools=[0-9]+/, "", base)
  v = ""; unit = ""
  for (i = 3; i < NF; i++) if ($(i+1) == "cpu-ns/tool") { v = $i; unit = "cpu" }
  if (v == "") for (i = 3; i < NF; i++) if ($(i+1) == "ns/tool") { v = $i; unit = "wall" }
  if (v == "") next
  # keep the fastest of repeated runs (-count N): noise only adds time
  k = base SUBSEP n
  if (!(k in per) || v + 0 < per[k] + 0) { per[k] = v; kind[k] = unit }
  if (!(base in seen)) { seen[base] = 1; order[++nb] = base }
  sizes[base] = sizes[base] " " n
}
END {
  print "| benchmark | sizes | per tool, small | per tool, large | ratio (1 = linear) |"
  print "|---|---|---:|---:|---:|"
  bad = 0
  for (j = 1; j <= nb; j++) {
    b = order[j]; m = split(sizes[b], s, " ")
    # compare each adjacent pair of distinct sizes
    delete u; cnt = 0
    for (i = 1; i <= m; i++) if (!(s[i] in u)) { u[s[i]] = 1; list[++cnt] = s[i] + 0 }
    for (i = 1; i < cnt; i++) for (h = i + 1; h <= cnt; h++) if (list[h] < list[i]) { t = list[i]; list[i] = list[h]; list[h] = t }
    for (i = 1; i < cnt; i++) {
      a = list[i]; c = list[i+1]
      if (a < 1000) continue # 100 tools is dominated by fixed costs
      r = per[b SUBSEP c] / per[b SUBSEP a]
      flag = (r > max) ? " **superlinear**" : ""
      if (r > max) bad = 1
      printf "| %s | %d → %d | %.0f ns %s | %.0f ns %s | %.2f%s |\n", b, a, c, per[b SUBSEP a], kind[b SUBSEP a], per[b SUBSEP c], kind[b SUBSEP c], r, flag
    }
    delete list
  }
  exit bad
}' "$FILE"
