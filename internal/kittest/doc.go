// Package kittest holds the end-to-end tests of the consultant's kit:
// the collector's dependency set and cross-compilation, its dry-run
// plan, the allowlist walk and the canary test over real collections,
// signatures through the CLIs, and the fleet report over many bundles.
// The tests build ./cmd/assay-collect and ./cmd/assay once and run them
// as a client and a consultant would.
package kittest
