package hashes

import (
	"sort"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// Keys of a findings document's hash map.
const (
	// Analysis covers the ruleset version, every tool's classification and
	// every injection finding: what the rules concluded, not what was seen.
	Analysis = "analysis"
	// Surfaces covers every server's Surface hash by identity.
	Surfaces = "surfaces"
	// Document covers the whole canonical document without this entry.
	Document = "document"
)

type classified struct {
	Name     string          `json:"name"`
	Effect   string          `json:"effect"`
	Tier     string          `json:"tier"`
	Kinds    []string        `json:"kinds"`
	Router   bool            `json:"router"`
	Override *model.Override `json:"override,omitempty"`
}

type injected struct {
	ID, Severity, Server, Tool, Element, Item, Fingerprint, Evidence string
}

// AnalysisHash hashes what the analysis concluded about f's surface.
func AnalysisHash(f *model.Findings) string {
	servers := map[string][]classified{}
	next := map[string]int{}
	for _, s := range f.Servers {
		var ts []classified
		for _, t := range s.Tools {
			ts = append(ts, classified{t.Name, t.Effect, t.Tier, t.Kinds, t.Router, t.Override})
		}
		servers[uniqueKey(servers, next, s.Identity)] = ts
	}
	var inj []injected
	for _, fd := range f.Findings {
		if fd.Category != model.CatInjection {
			continue
		}
		inj = append(inj, injected{fd.ID, fd.Severity, fd.Server, fd.Tool, fd.Element, fd.Item, fd.Fingerprint, fd.Evidence})
	}
	sort.SliceStable(inj, func(i, j int) bool {
		if inj[i].Fingerprint != inj[j].Fingerprint {
			return inj[i].Fingerprint < inj[j].Fingerprint
		}
		return inj[i].Evidence < inj[j].Evidence
	})
	return canon.HashValue(map[string]any{
		"ruleset":   f.Generator.Ruleset,
		"servers":   servers,
		"injection": inj,
	})
}

// SurfacesHash hashes every server's Surface hash by identity.
func SurfacesHash(servers []model.ServerReport) string {
	m, next := map[string]string{}, map[string]int{}
	for _, s := range servers {
		m[uniqueKey(m, next, s.Identity)] = s.Hashes[Surface]
	}
	return canon.HashValue(m)
}

// FindingsHashes returns the document-level hashes of f (without Document,
// which only [SealFindings] sets, once the document is final).
func FindingsHashes(f *model.Findings) map[string]string {
	return map[string]string{
		Analysis: AnalysisHash(f),
		Surfaces: SurfacesHash(f.Servers),
	}
}
