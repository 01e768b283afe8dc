package lock

// The one place this package reaches report/drift: lock findings are
// graded with the exit bits of 'assay diff', and evidence is escaped the
// way drift escapes it.

import (
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/model"
)

// lockBits are the exit bits of the rules only lock checks raise; the
// others keep the bits 'assay diff' gives them.
var lockBits = map[string]int{
	"DRIFT-032": drift.BitEscalation,
	"DRIFT-033": 0,
	"DRIFT-034": drift.BitEscalation,
	"DRIFT-035": drift.BitEscalation,
}

// Bits is the exit code of lock findings: the OR of every unsuppressed
// drift finding's bits, as 'assay check' computes them.
func Bits(fs []model.Finding) int {
	code := 0
	for _, f := range fs {
		if f.Suppressed != "" || f.Category != model.CatDrift {
			continue
		}
		if b, ok := lockBits[f.ID]; ok {
			code |= b
			continue
		}
		code |= drift.FindingBits(f)
	}
	return code
}

// excerpt is a short escaped excerpt of s around its first hidden
// character, safe to print in evidence.
func excerpt(s string) string { return drift.Excerpt(s) }

// Exit bits, for callers that route on them.
const (
	BitEscalation = drift.BitEscalation
	BitPrompt     = drift.BitPrompt
	BitRemoval    = drift.BitRemoval
	BitInjection  = drift.BitInjection
	BitIncomplete = drift.BitIncomplete
)
