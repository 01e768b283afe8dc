// Package bench holds the end-to-end benchmarks behind 'make bench':
// analysis, hashing, rendering, diff and report generation at 100, 1,000,
// 10,000 and 100,000 tools over bundles from package synth.
package bench
