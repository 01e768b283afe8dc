package proxy

// The one place the proxy reaches report/baseline: reading a baseline,
// picking one server of it as a drift side, and its exceptions.

import (
	"fmt"

	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

// blessed is a baseline, as the proxy holds it.
type blessed = baseline.Baseline

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
