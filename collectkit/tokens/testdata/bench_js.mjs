// Times js-tiktoken on the same lines tokenbench counts, one line at a time.
// Usage: node bench_js.mjs NODE_MODULES_DIR TOOLS_JSONL [ENCODING] [ROUNDS]
// js-tiktoken is installed pinned into a temporary directory by
// scripts/bench-tokens.sh; it is never a dependency of the repository.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const [modules, file, encoding = "o200k_base", roundsArg = "5"] = process.argv.slice(2);
const require = createRequire(join(modules, "noop.js"));
const { Tiktoken } = require("js-tiktoken/lite");
const ranks = require(`js-tiktoken/ranks/${encoding}`);
const enc = new Tiktoken(ranks);

let text = readFileSync(file, "utf8");
if (text.endsWith("\n")) text = text.slice(0, -1);
const lines = text.split("\n");
const bytes = Buffer.byteLength(text, "utf8") - (lines.length - 1);

let best = Infinity;
let total = 0;
for (let r = 0; r < Number(roundsArg); r++) {
  const start = process.hrtime.bigint();
  total = 0;
  for (const l of lines) total += enc.encode(l, [], []).length;
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  if (s < best) best = s;
}
const mb = bytes / 1e6;
console.log(`node js-tiktoken ${encoding}: ${lines.length} lines, ${mb.toFixed(2)} MB, ${total} tokens, ${best.toFixed(3)} s, ${(mb / best).toFixed(2)} MB/s`);
