# Assay — the two commands that do everything on a fresh machine:
#   make demo   live-scan the built-in risky demo server, write bundle, findings, SARIF and HTML
#   make test   everything CI runs
GO      ?= go
BIN     ?= bin
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/assay-mcp/assay/internal/cli.Version=$(VERSION)
export GOFLAGS := -buildvcs=false

.PHONY: all build demo test test-go lint bench clean

all: build

build:
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay ./cmd/assay
	$(GO) build -trimpath -ldflags '-s -w -X main.Version=$(VERSION)' -o $(BIN)/assay-collect ./cmd/assay-collect

demo: build
	$(BIN)/assay demo

# test: formatting, vet, the pure-core import rule, every Go test (including
# real npm servers and headless Chromium when installed; under CI=true their
# absence is a failure), and the pure packages' tests as WebAssembly.
test: lint test-go test-wasm wasm-check

test-go:
	$(GO) test -count=1 -timeout 30m ./...

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

bench:
	./scripts/bench.sh

clean:
	rm -rf $(BIN) assay-demo dist

-include mk/*.mk
