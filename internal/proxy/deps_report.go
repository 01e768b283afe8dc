package proxy

// The one place the proxy reaches the analysis core: report/lock for lock
// comparisons, report/drift and report/baseline for 'assay diff' rules,
// report/analyze for injection findings and annotation contradictions,
// report/textsafe for what reaches a terminal.

import (
	"fmt"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

// analysisOf analyses one observed server.
func analysisOf(s *model.Server, version string) *model.Findings {
	return analyze.Analyze(&model.Bundle{Kind: model.BundleKind, Servers: []model.Server{*s}}, &analyze.Options{Version: version})
}

// diffServers grades the changes between two observations of one server
// with the rules of 'assay diff', and returns them with the newer side's
// analysis.
func diffServers(old *drift.Side, cur *model.Server, version string) ([]model.Finding, *model.Findings, error) {
	res, err := drift.Diff(old, &drift.Side{Name: "session", Bundle: &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{*cur}}},
		&drift.Options{Version: version, KeepNew: true, Analyze: &analyze.Options{Version: version}})
	if err != nil {
		return nil, nil, err
	}
	return res.Findings.Findings, res.New, nil
}

// sessionSide is an earlier listing of the same session as a drift side.
func sessionSide(s *model.Server) *drift.Side {
	return &drift.Side{Name: "earlier list", Bundle: &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{*s}}}
}

// baselineSide is one server of a baseline as a drift side, with the
// baseline's exceptions as of today applied by applyExceptions.
func baselineSide(bl *baseline.Baseline, identity, name string) *drift.Side {
	side := bl.Side(name)
	f := *side.Findings
	f.Servers, f.Findings = nil, []model.Finding{}
	for _, s := range side.Findings.Servers {
		if s.Identity == identity {
			f.Servers = append(f.Servers, s)
		}
	}
	for _, fd := range side.Findings.Findings {
		if fd.Server == identity {
			f.Findings = append(f.Findings, fd)
		}
	}
	out := &drift.Side{Name: name, Findings: &f}
	if side.Bundle != nil {
		b := *side.Bundle
		b.Servers = nil
		for _, s := range side.Bundle.Servers {
			if s.Identity == identity {
				b.Servers = append(b.Servers, s)
			}
		}
		if len(b.Servers) == 1 {
			out.Bundle = &b
		}
	}
	return out
}

// applyExceptions drops the findings a baseline's exceptions suppress.
func applyExceptions(bl *baseline.Baseline, fs []model.Finding, today string) []model.Finding {
	f := &model.Findings{Findings: fs}
	baseline.ApplyExceptions(f, bl.Exceptions, today)
	var out []model.Finding
	for _, fd := range f.Findings {
		if fd.Suppressed == "" {
			out = append(out, fd)
		}
	}
	return out
}

// decodeBaseline reads and verifies a baseline.
func decodeBaseline(name string, data []byte) (*baseline.Baseline, error) {
	bl, err := baseline.Decode(name, data)
	if err != nil {
		return nil, err
	}
	if ms := bl.Verify(); len(ms) > 0 {
		return nil, fmt.Errorf("%s: %d hash mismatch(es): the baseline was changed outside assay", name, len(ms))
	}
	return bl, nil
}

// surfaceOfReport is a baseline server's identity as a lock surface, so
// handshakes compare the same way against either reference.
func surfaceOfReport(r *model.ServerReport) *lock.Surface {
	return &lock.Surface{ProtocolVersion: r.ProtocolVersion, Era: lock.EraOf(r.ProtocolVersion),
		ServerName: r.Implementation, ServerVersion: r.Version, Hashes: r.Hashes}
}

// line renders one finding as one sanitised stderr line.
func line(f *model.Finding) string {
	where := f.Server
	if f.Tool != "" {
		where += "/" + f.Tool
	}
	s := fmt.Sprintf("[%s] %s %s: %s", f.Severity, f.ID, where, f.Title)
	if f.Evidence != "" {
		s += ": " + f.Evidence
	}
	return textsafe.Line(textsafe.Clip(s, 600))
}

// safe sanitises any server-supplied text for one stderr line.
func safe(s string, max int) string { return textsafe.Line(textsafe.Clip(s, max)) }
