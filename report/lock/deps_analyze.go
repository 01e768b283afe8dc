package lock

// The one place this package reaches report/analyze: a lock check's
// findings become a findings document like any drift result, so every
// renderer, SARIF and the exit bits treat them alike.

import (
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// Document wraps lock findings in a findings document over the observed
// servers (analysis may be nil), fingerprinted, sorted and summarised.
func Document(findings []model.Finding, analysis *model.Findings, version string) *model.Findings {
	f := &model.Findings{
		Kind:      model.FindingsKind,
		Generator: model.Generator{Name: "assay", Version: version, Ruleset: ruleset},
		Servers:   []model.ServerReport{},
		Findings:  findings,
	}
	if analysis != nil {
		f.Contexts, f.Servers = analysis.Contexts, analysis.Servers
	}
	if f.Findings == nil {
		f.Findings = []model.Finding{}
	}
	analyze.Finish(f)
	return f
}

// Analyze is the analysis a check reads tiers and injection findings
// from.
func Analyze(b *model.Bundle, version string) *model.Findings {
	return analyze.Analyze(b, &analyze.Options{Version: version})
}
