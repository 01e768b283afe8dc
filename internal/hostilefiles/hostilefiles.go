// Package hostilefiles runs every read path of the assay binary on every
// file of testdata/hostile-inputs and on the special paths made at test
// time (devices, a FIFO, a directory, huge generated documents), under a
// 256 MiB data-segment limit and a deadline each. The test is the
// package; this file holds the table of what each input must give.
package hostilefiles

// Expect is what the document read paths (scan --surface, diff, verify,
// report) must exit with for one input: Bad (65) or Missing (66) exactly,
// or OK: analysed (scan and diff below 64, report 0; verify 65 because a
// surface records no hashes).
type Expect int

const (
	OK      Expect = 0
	Bad     Expect = 65
	Missing Expect = 66
)

// KnownBroken are runs that fail today for a reason another change owns;
// the test expects exactly this failure and fails once it is fixed, so
// the entry is removed then, not forgotten.
var KnownBroken = map[string]int{}

// Files maps each committed file of testdata/hostile-inputs to its
// expectation. A file whose name starts with "ok-" is accepted input;
// every other one is refused. README.md there says why for each.
var Files = map[string]Expect{
	"ok-good-surface.json":         OK,
	"ok-big-integer.json":          OK,
	"ok-bom.json":                  OK,
	"ok-placeholder-names.json":    OK,
	"ok-lone-surrogate.json":       OK,
	"deep-nesting-200.json":        Bad,
	"nested-result-chain.json":     Bad,
	"duplicate-key-in-tool.json":   Bad,
	"duplicate-key-top.json":       Bad,
	"duplicate-key-escaped.json":   Bad,
	"number-1e999999.json":         Bad,
	"number-underflow.json":        Bad,
	"servers-null.json":            Bad,
	"bundle-no-servers.json":       Bad,
	"bundle-unknown-version.json":  Bad,
	"findings-servers-string.json": Bad,
	"top-level-array.json":         Bad,
	"top-level-string.json":        Bad,
	"tools-not-array.json":         Bad,
	"tool-without-name.json":       Bad,
	"control-char-in-string.json":  Bad,
	"bad-escape.json":              Bad,
	"trailing-garbage.json":        Bad,
	"truncated.json":               Bad,
	"unterminated-string.json":     Bad,
	"empty.json":                   Bad,
	"whitespace-only.json":         Bad,
	"not-json.json":                Bad,
	"single-quotes.json":           Bad,
	"invalid-utf8.json":            Bad,
	"nul-bytes.json":               Bad,
	"utf16le.json":                 Bad,
}
