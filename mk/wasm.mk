# WebAssembly core of the HTML report (included from the Makefile).
#
# assets/core.wasm.gz is generated here and committed, so a fresh clone
# builds with plain `go build ./...`. CI runs `make wasm-check`, which
# rebuilds the core and fails when the committed bytes differ; the build
# is reproducible (-trimpath, -buildvcs=false, gzip -n).

GO          ?= go
GOROOT_WASM := $(shell $(GO) env GOROOT)/lib/wasm
WASM_OUT    := assets/core.wasm.gz
# Pure packages whose tests also run compiled to WebAssembly under Node.
WASM_TEST_PKGS ?= ./report/... ./wasm/...

.PHONY: wasm wasm-check test-wasm

define build_core
	tmp=$$(mktemp -d) && \
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -buildvcs=false -o $$tmp/core.wasm ./wasm && \
	gzip -9 -n -c $$tmp/core.wasm > $(1) && rm -rf $$tmp
endef

wasm:
	$(call build_core,$(WASM_OUT).tmp)
	cp $(GOROOT_WASM)/wasm_exec.js assets/wasm_exec.js
	mv $(WASM_OUT).tmp $(WASM_OUT)
	@ls -l $(WASM_OUT)

wasm-check:
	@$(call build_core,$(WASM_OUT).check)
	@if cmp -s $(WASM_OUT).check $(WASM_OUT) && cmp -s $(GOROOT_WASM)/wasm_exec.js assets/wasm_exec.js; then \
		rm -f $(WASM_OUT).check; echo "wasm-check: $(WASM_OUT) is current"; \
	else \
		rm -f $(WASM_OUT).check; echo "wasm-check: $(WASM_OUT) or assets/wasm_exec.js is stale: run 'make wasm' and commit it" >&2; exit 1; \
	fi

test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(GOROOT_WASM)/go_js_wasm_exec" $(WASM_TEST_PKGS)
