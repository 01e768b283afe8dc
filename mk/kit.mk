# make kit: the collector a client runs, cross-compiled for every desktop
# platform, reproducibly (-trimpath, no VCS stamp, no cgo, fixed version),
# with checksums and the plain-language client README.
KIT_DIR      ?= dist/kit
KIT_VERSION  ?= $(VERSION)
KIT_TARGETS  := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
KIT_LDFLAGS  := -s -w -buildid= -X main.Version=$(KIT_VERSION)

.PHONY: kit
kit:
	@rm -rf $(KIT_DIR) && mkdir -p $(KIT_DIR)
	@set -e; for t in $(KIT_TARGETS); do \
	  os=$${t%/*}; arch=$${t#*/}; ext=; [ $$os = windows ] && ext=.exe; \
	  out=$(KIT_DIR)/assay-collect-$$os-$$arch$$ext; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -buildvcs=false -ldflags '$(KIT_LDFLAGS)' -o $$out ./cmd/assay-collect; \
	  echo "built $$out ($$(wc -c <$$out) bytes)"; \
	done
	@cp kit/CLIENT-README.md $(KIT_DIR)/
	@cd $(KIT_DIR) && sha256sum assay-collect-* CLIENT-README.md > SHA256SUMS && cat SHA256SUMS
