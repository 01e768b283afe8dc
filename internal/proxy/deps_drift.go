package proxy

// The one place the proxy reaches report/drift: later listings of a
// session, and the first against a baseline, are graded by the rules of
// 'assay diff'.

import (
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/model"
)

// diffServers grades the changes between two observations of one server
// with the rules of 'assay diff', and returns them with the newer side's
// analysis.
func diffServers(old *drift.Side, cur *model.Server, version string) ([]model.Finding, *model.Findings, error) {
	res, err := drift.Diff(old, &drift.Side{Name: "session", Bundle: &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{*cur}}},
		&drift.Options{Version: version, KeepNew: true, Analyze: analyzeOptions(version)})
	if err != nil {
		return nil, nil, err
	}
	return res.Findings.Findings, res.New, nil
}

// sessionSide is an earlier listing of the same session as a drift side.
func sessionSide(s *model.Server) *drift.Side {
	return &drift.Side{Name: "earlier list", Bundle: &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{*s}}}
}
