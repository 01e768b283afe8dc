// One-off generator of the reference token counts the Go tests compare with.
// It is an independent implementation: js-tiktoken (pinned 1.0.21, the npm
// port of OpenAI's tiktoken with its own ranks files) and a canonical JSON
// writer written here in JavaScript, sharing no code with the Go side.
//
//   mkdir /tmp/jstk && cd /tmp/jstk && npm install js-tiktoken@1.0.21
//   node reference.mjs /tmp/jstk/node_modules strings strings.json > reference_strings.json
//   node reference.mjs /tmp/jstk/node_modules corpus SURFACES_DIR > reference_corpus.json
//
// strings: counts every value of a {"label": "text"} file.
// corpus: for every tool of every surface file, writes its name, the SHA-256
// of its canonical text, and its counts in both encodings.
import { readFileSync, readdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";

const [modules, mode, input] = process.argv.slice(2);
const require = createRequire(join(modules, "noop.js"));
const { Tiktoken } = require("js-tiktoken/lite");
const encoders = {
  o200k_base: new Tiktoken(require("js-tiktoken/ranks/o200k_base")),
  cl100k_base: new Tiktoken(require("js-tiktoken/ranks/cl100k_base")),
};
// Special-token text is ordinary text: allow none, forbid none.
const count = (enc, s) => encoders[enc].encode(s, [], []).length;

// canonical writes v as compact JSON with keys sorted (UTF-16 code unit
// order, JavaScript's default sort) at every level. It builds the string
// itself so that integer-like keys do not jump ahead as they would in a
// JavaScript object.
function canonical(v) {
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  if (v !== null && typeof v === "object") {
    return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}
const toolFields = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"];
function toolText(tool) {
  const o = {};
  for (const k of toolFields) if (Object.hasOwn(tool, k)) o[k] = tool[k];
  return canonical(o);
}

const out = {};
if (mode === "strings") {
  const strings = JSON.parse(readFileSync(input, "utf8"));
  for (const enc of Object.keys(encoders).sort()) {
    out[enc] = {};
    for (const label of Object.keys(strings).sort()) out[enc][label] = count(enc, strings[label]);
  }
} else if (mode === "corpus") {
  for (const f of readdirSync(input).filter((f) => f.endsWith(".json")).sort()) {
    const s = JSON.parse(readFileSync(join(input, f), "utf8"));
    out[f] = (s.tools ?? []).map((t) => {
      const text = toolText(t);
      return {
        name: t.name,
        sha256: createHash("sha256").update(text, "utf8").digest("hex"),
        chars: [...text].length,
        o200k_base: count("o200k_base", text),
        cl100k_base: count("cl100k_base", text),
      };
    });
  }
} else {
  console.error("usage: node reference.mjs NODE_MODULES strings|corpus INPUT");
  process.exit(64);
}
// One item per line keeps the committed file small and its diffs readable.
const body = Object.keys(out).map((k) => {
  const v = out[k];
  const inner = Array.isArray(v)
    ? "[" + v.map((x) => "\n  " + JSON.stringify(x)).join(",") + (v.length ? "\n ]" : "]")
    : JSON.stringify(v, null, 2).replace(/\n/g, "\n ");
  return " " + JSON.stringify(k) + ": " + inner;
});
process.stdout.write("{\n" + body.join(",\n") + "\n}\n");
