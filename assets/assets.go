// Package assets holds the report page's parts, embedded into the
// binary: the HTML shell template, stylesheet and scripts, the building
// Go's wasm_exec.js (BSD licence notice kept) and the analysis core
// compiled to WebAssembly and gzip-compressed.
//
// core.wasm.gz is generated (make wasm) and committed so a fresh clone
// builds with plain `go build ./...`; `make wasm-check` and the test in
// internal/htmlreport fail when it no longer matches the sources.
package assets

import (
	_ "embed"
)

// Shell is the html/template source of the page around the content.
//
//go:embed report.html.tmpl
var Shell string

// CSS is the page stylesheet (screen, dark mode and print).
//
//go:embed report.css
var CSS string

// JS is the page script: sorting, filtering, drop zone, DOM building
// and the WebAssembly runner.
//
//go:embed report.js
var JS string

// WasmExec is $(go env GOROOT)/lib/wasm/wasm_exec.js of the Go that built
// the core; it must match the core's Go version.
//
//go:embed wasm_exec.js
var WasmExec string

// CoreGz is the analysis core (wasm/), gzip-compressed (zopfli when the
// builder has it, else gzip -9 -n; see mk/wasm.mk).
//
//go:embed core.wasm.gz
var CoreGz []byte
