# Injection detection v2 (report/inject, docs/injection.md).
#   make train        retrain the scorer and rewrite report/inject/weights.bin (bit for bit reproducible)
#   make bench-inject the injection pass's throughput (MB/s) and µs/tool on testdata/corpus
.PHONY: train bench-inject
train:
	$(GO) run ./internal/injtrain

bench-inject:
	$(GO) test -run '^$$' -bench BenchmarkCorpusScan -benchmem -cpu 1 ./report/inject/
