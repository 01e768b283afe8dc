package drift

import "github.com/assay-mcp/assay/report/model"

// Exit bits of `assay diff` and `assay check` (ARCHITECTURE.md). The exit
// code is the OR over every unsuppressed drift finding.
const (
	BitEscalation = 1  // capability rose
	BitPrompt     = 2  // model-facing text or definition changed
	BitRemoval    = 4  // something the model could use is gone
	BitInjection  = 8  // a new injection signal
	BitIncomplete = 16 // a side could not be fully collected or compared
	BitSignature  = 32 // a stored bundle lacks the signature its baseline expects
)

// ruleBits are the bits each rule sets by default. A finding can add more
// (a new tool at or above the ceiling escalates; a removed prompt is a
// removal), recorded per finding in extraBits.
var ruleBits = map[string]int{
	"DRIFT-001": BitEscalation,
	"DRIFT-002": BitEscalation,
	"DRIFT-003": BitPrompt,
	"DRIFT-004": BitPrompt | BitInjection,
	"DRIFT-005": BitPrompt | BitInjection,
	"DRIFT-006": BitInjection,
	"DRIFT-007": BitEscalation | BitRemoval,
	"DRIFT-008": BitPrompt,
	"DRIFT-009": BitPrompt,
	"DRIFT-010": BitPrompt,
	"DRIFT-011": BitPrompt,
	"DRIFT-012": BitPrompt,
	"DRIFT-013": BitEscalation,
	"DRIFT-014": BitPrompt,
	"DRIFT-015": BitPrompt,
	"DRIFT-016": BitPrompt,
	"DRIFT-017": BitPrompt,
	"DRIFT-018": BitPrompt,
	"DRIFT-019": BitPrompt,
	"DRIFT-020": BitRemoval,
	"DRIFT-021": BitPrompt | BitRemoval,
	"DRIFT-022": 0,
	"DRIFT-023": 0,
	"DRIFT-024": BitPrompt,
	"DRIFT-025": BitRemoval,
	"DRIFT-026": BitIncomplete,
	"DRIFT-027": BitIncomplete,
	"DRIFT-028": BitPrompt,
	"DRIFT-029": 0,
	"DRIFT-030": BitPrompt | BitInjection,
	"DRIFT-031": BitPrompt | BitInjection,
	"DRIFT-036": BitEscalation,
	"DRIFT-037": 0,
	"DRIFT-038": BitSignature,
	"DRIFT-039": BitSignature,
	"DRIFT-040": 0,
}

// RuleBits returns the default exit bits of a drift rule.
func RuleBits(id string) int { return ruleBits[id] }

// Bits returns the exit code of a drift findings list: the OR of every
// unsuppressed finding's bits. Escalated severities carry the escalation
// bit: a new tool or server graded high or above counts as escalation, a
// removed prompt or resource (Item "removed:...") as removal.
func Bits(fs []model.Finding) int {
	code := 0
	for _, f := range fs {
		if f.Suppressed != "" || f.Category != model.CatDrift {
			continue
		}
		code |= FindingBits(f)
	}
	return code
}

// FindingBits returns the exit bits of one drift finding.
func FindingBits(f model.Finding) int {
	b := ruleBits[f.ID]
	switch f.ID {
	case "DRIFT-009", "DRIFT-024":
		if model.SeverityRank(f.Severity) >= model.SeverityRank(model.SevHigh) {
			b |= BitEscalation
		}
	case "DRIFT-011", "DRIFT-012":
		if len(f.Item) > 8 && f.Item[:8] == "removed:" {
			b |= BitRemoval
		}
	}
	return b
}
