#!/bin/sh
# bench-tokens.sh: token-counting speed of Assay (collectkit/tokens) against
# js-tiktoken under Node, on the same text in the same run.
#
# The text is every tool definition of the corpus in canonical form, one per
# line (internal/tokenbench -dump); both sides count it line by line on one
# core, Assay with a cold piece cache every round, and the best of all
# rounds of each side is compared. js-tiktoken is installed
# pinned into a temporary directory, never into the repository.
#
# Usage: scripts/bench-tokens.sh [SURFACES_DIR] [ENCODING]
set -eu

JS_TIKTOKEN_VERSION=1.0.21
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-${ASSAY_CORPUS:-$root/testdata/corpus/surfaces}}
encoding=${2:-o200k_base}
rounds=${ROUNDS:-3}

if [ ! -d "$corpus" ]; then
	echo "bench-tokens: corpus not found at $corpus (pass a surfaces folder)" >&2
	exit 66
fi
for tool in go node npm; do
	command -v "$tool" >/dev/null || { echo "bench-tokens: $tool is required" >&2; exit 69; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

(cd "$tmp" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "js-tiktoken@$JS_TIKTOKEN_VERSION" >/dev/null)
(cd "$root" && go build -o "$tmp/tokenbench" ./internal/tokenbench)
"$tmp/tokenbench" -dump "$corpus" >"$tmp/tools.jsonl"

rate() { echo "$1" | sed -n 's/.*, \([0-9.]*\) MB\/s$/\1/p'; }
tokens() { echo "$1" | sed -n 's/.* \([0-9]*\) tokens,.*/\1/p'; }
faster() { awk -v a="$(rate "$1")" -v b="$(rate "$2")" 'BEGIN { exit !(a >= b) }'; }

# The machine may be shared: alternate the two sides and keep each side's
# best run, so both are measured under the same conditions.
go_line= js_line=
for pass in 1 2 3; do
	g=$("$tmp/tokenbench" -count "$tmp/tools.jsonl" -encoding "$encoding" -rounds "$rounds")
	j=$(node "$root/collectkit/tokens/testdata/bench_js.mjs" "$tmp/node_modules" "$tmp/tools.jsonl" "$encoding" "$rounds")
	if [ -z "$go_line" ] || faster "$g" "$go_line"; then go_line=$g; fi
	if [ -z "$js_line" ] || faster "$j" "$js_line"; then js_line=$j; fi
done
echo "$go_line"
echo "$js_line"

if [ "$(tokens "$go_line")" != "$(tokens "$js_line")" ]; then
	echo "bench-tokens: token totals differ between Assay and js-tiktoken" >&2
	exit 1
fi
awk -v g="$(rate "$go_line")" -v j="$(rate "$js_line")" \
	'BEGIN { printf "ratio: Assay counts %.2fx as fast as js-tiktoken (same text, same totals, one core)\n", g / j }'
