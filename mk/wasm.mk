# WebAssembly core of the HTML report (included from the Makefile).
#
# assets/core.wasm.gz is generated here and committed, so a fresh clone
# builds with plain `go build ./...` and needs no wasm toolchain step.
# CI runs `make wasm-check` (and internal/htmlreport's TestCoreIsCurrent), which
# rebuild the core and fail when the committed one no longer matches the
# sources. The build is reproducible: -trimpath, -buildvcs=false, no
# symbols; gzip -n stores no name or time.

GO             ?= go
GOROOT_WASM    := $(shell $(GO) env GOROOT)/lib/wasm
WASM_OUT       := assets/core.wasm.gz
WASM_BUILD     := GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -buildvcs=false
# zopfli writes the same gzip format ≈ 4.5% smaller than gzip -9 (2,165,710
# against 2,269,142 bytes for the same core; ≈ 40 s of CPU); the page
# decompresses either with DecompressionStream("gzip"). Both store no name
# or time, and wasm-check compares the uncompressed bytes, so a machine
# without zopfli still builds and checks the core.
WASM_GZIP      ?= $(if $(shell command -v zopfli),zopfli -c,gzip -9 -n -c)
# Pure packages whose tests also run compiled to WebAssembly under Node.
WASM_TEST_PKGS ?= ./report/...

.PHONY: wasm wasm-check test-wasm

wasm:
	@tmp=$$(mktemp -d) && \
	$(WASM_BUILD) -o $$tmp/core.wasm ./wasm && \
	$(WASM_GZIP) $$tmp/core.wasm > $(WASM_OUT).tmp && \
	rm -rf $$tmp
	cp $(GOROOT_WASM)/wasm_exec.js assets/wasm_exec.js
	mv $(WASM_OUT).tmp $(WASM_OUT)
	@ls -l $(WASM_OUT)

# Compares the uncompressed bytes, so another gzip build cannot fail it.
wasm-check:
	@tmp=$$(mktemp -d) && \
	$(WASM_BUILD) -o $$tmp/core.wasm ./wasm && \
	gzip -dc $(WASM_OUT) > $$tmp/committed.wasm && \
	if cmp -s $$tmp/core.wasm $$tmp/committed.wasm && cmp -s $(GOROOT_WASM)/wasm_exec.js assets/wasm_exec.js; then \
		rm -rf $$tmp; echo "wasm-check: $(WASM_OUT) is current"; \
	else \
		rm -rf $$tmp; echo "wasm-check: $(WASM_OUT) or assets/wasm_exec.js is stale: run 'make wasm' and commit them" >&2; exit 1; \
	fi

# Every package under report/ is pure; the native page writer lives in internal/htmlreport.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(GOROOT_WASM)/go_js_wasm_exec" $$($(GO) list $(WASM_TEST_PKGS))

# Measures the page: report size, open-to-interactive, core boot, in-page
# analysis and diff of 1,000-tool bundles versus native (headless Chromium).
.PHONY: bench-html
bench-html:
	ASSAY_BENCH=1 $(GO) test -count=1 -run 'TestBrowserBench|TestPageSize' -v ./internal/htmlreport | grep -E 'bench|_test.go|PASS|FAIL'
