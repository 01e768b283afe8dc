package proxy

// The one place the proxy reaches report/analyze: injection findings and
// annotation contradictions of a listing, and the options drift analyses
// with.

import (
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// analysisOf analyses one observed server.
func analysisOf(s *model.Server, version string) *model.Findings {
	return analyze.Analyze(&model.Bundle{Kind: model.BundleKind, Servers: []model.Server{*s}}, analyzeOptions(version))
}

// analyzeOptions are the analysis options of every comparison.
func analyzeOptions(version string) *analyze.Options { return &analyze.Options{Version: version} }
