//go:build !js

package htmlreport_test

import (
	"bytes"
	"compress/gzip"
	"github.com/assay-mcp/assay/internal/testenv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/assay-mcp/assay/assets"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// nodeDriver runs the committed core under Node the way the page does
// (wasm_exec.js, the exported functions, JSON strings in and out) and
// writes each file's findings JSON to the output directory.
const nodeDriver = `
"use strict";
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const [dir, out, ...files] = process.argv.slice(2);
globalThis.require = require; globalThis.fs = fs; globalThis.path = path;
globalThis.crypto ??= require("crypto");
require(path.join(dir, "wasm_exec.js"));
const go = new Go();
const buf = zlib.gunzipSync(fs.readFileSync(path.join(dir, "core.wasm.gz")));
globalThis.assayCoreReady = () => {
  const t0 = performance.now();
  for (const f of files) {
    const r = JSON.parse(assayAnalyze(JSON.stringify([{ name: path.basename(f), text: fs.readFileSync(f, "utf8") }]), JSON.stringify({ version: "test" })));
    fs.writeFileSync(path.join(out, path.basename(f)), r.ok ? r.findingsJSON : "ERROR " + r.error);
  }
  fs.writeFileSync(path.join(out, "_ms"), String(performance.now() - t0));
  process.exit(0);
};
WebAssembly.instantiate(buf, go.importObject).then(r => go.run(r.instance)).catch(e => { console.error(e); process.exit(1); });
`

// TestWasmParityCorpus: the WebAssembly core and the native pipeline
// produce byte-identical findings JSON for every real capture.
func TestWasmParityCorpus(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "short", "runs the whole corpus through node")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node not found")
		}
		testenv.Skip(t, "node", "node not found")
	}
	dir := corpusDir
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("no corpus surfaces in %s", dir)
	}
	sort.Strings(files)
	tmp := t.TempDir()
	out := filepath.Join(tmp, "out")
	must(t, os.Mkdir(out, 0o755))
	must(t, os.WriteFile(filepath.Join(tmp, "wasm_exec.js"), []byte(assets.WasmExec), 0o644))
	must(t, os.WriteFile(filepath.Join(tmp, "core.wasm.gz"), assets.CoreGz, 0o644))
	must(t, os.WriteFile(filepath.Join(tmp, "drive.js"), []byte(nodeDriver), 0o644))
	cmd := exec.Command(node, append([]string{"--stack-size=8192", filepath.Join(tmp, "drive.js"), tmp, out}, files...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, b)
	}
	start := time.Now()
	native := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		must(t, err)
		in, err := model.Decode(filepath.Base(f), data)
		must(t, err)
		b, err := model.Marshal(analyze.Analyze(in.Bundle, &analyze.Options{Version: "test"}))
		must(t, err)
		native[f] = b
	}
	nativeMs := time.Since(start).Milliseconds()
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(out, filepath.Base(f)))
		must(t, err)
		if !bytes.Equal(got, native[f]) {
			t.Errorf("%s: WebAssembly findings differ from native (%d vs %d bytes)%s", filepath.Base(f), len(got), len(native[f]), staleHint())
		}
	}
	ms, _ := os.ReadFile(filepath.Join(out, "_ms"))
	t.Logf("%d surfaces: native %d ms, wasm under node %s ms (%s)", len(files), nativeMs, ms, runtime.Version())
}

func staleHint() string { return " — if the analysis code changed, run make wasm" }

// TestCoreIsCurrent rebuilds the core and compares it with the committed
// one (uncompressed), like make wasm-check.
func TestCoreIsCurrent(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "short", "builds the WebAssembly core")
	}
	tmp := t.TempDir()
	wasm := filepath.Join(tmp, "core.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-buildvcs=false", "-o", wasm, "github.com/assay-mcp/assay/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the core: %v\n%s", err, b)
	}
	fresh, err := os.ReadFile(wasm)
	must(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(assets.CoreGz))
	must(t, err)
	committed, err := io.ReadAll(zr)
	must(t, err)
	if !bytes.Equal(fresh, committed) {
		t.Errorf("assets/core.wasm.gz is stale (%d bytes committed, %d fresh): run make wasm", len(committed), len(fresh))
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	must(t, err)
	we, err := os.ReadFile(filepath.Join(string(bytes.TrimSpace(goroot)), "lib", "wasm", "wasm_exec.js"))
	must(t, err)
	if string(we) != assets.WasmExec {
		t.Error("assets/wasm_exec.js differs from this Go's lib/wasm/wasm_exec.js: run make wasm")
	}
}

// TestCoreHasNoNetwork keeps network and process packages out of the core.
func TestCoreHasNoNetwork(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "github.com/assay-mcp/assay/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	must(t, err)
	for _, p := range bytes.Fields(out) {
		switch string(p) {
		case "net", "net/http", "crypto/tls", "os/exec", "github.com/modelcontextprotocol/go-sdk/mcp", "github.com/pkoukk/tiktoken-go":
			t.Errorf("the WebAssembly core imports %s", p)
		}
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
