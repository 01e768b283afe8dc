package lock

// The one place this package reaches report/catalog and report/drift: lock
// findings are catalogue DRIFT findings, graded with drift's exit bits.

import (
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/model"
)

// newFinding builds a finding from the catalogue row for id.
func newFinding(id, server, tool, element, evidence string) model.Finding {
	f := catalog.New(id)
	f.Server, f.Tool, f.Element, f.Evidence = server, tool, element, evidence
	return f
}

// ruleset is the catalogue version lock findings are stamped with.
const ruleset = catalog.Ruleset

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
