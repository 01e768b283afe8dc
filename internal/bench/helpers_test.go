package bench

import (
	"encoding/json"

	"github.com/assay-mcp/assay/report/model"
)

func toolBytes(g *model.Bundle) int64 {
	var n int64
	for i := range g.Servers {
		for _, raw := range g.Servers[i].Tools {
			n += int64(len(raw))
		}
	}
	return n
}

func descriptions(g *model.Bundle) []string {
	var out []string
	for i := range g.Servers {
		for _, raw := range g.Servers[i].Tools {
			var t struct {
				Description string `json:"description"`
			}
			_ = json.Unmarshal(raw, &t)
			out = append(out, t.Description)
		}
	}
	return out
}

// skeleton is an analysis before classification: the same servers and
// tool names, no classification and no findings.
func skeleton(f *model.Findings) *model.Findings {
	out := &model.Findings{Kind: f.Kind, Generator: f.Generator, Servers: make([]model.ServerReport, len(f.Servers)), Findings: []model.Finding{}}
	for i, s := range f.Servers {
		s.Tools = make([]model.ToolReport, len(f.Servers[i].Tools))
		for j, t := range f.Servers[i].Tools {
			s.Tools[j] = model.ToolReport{Name: t.Name, Title: t.Title, Tokens: t.Tokens, Hashes: t.Hashes, Kinds: []string{}, Effect: model.EffectUnknown, Tier: "R0"}
		}
		out.Servers[i] = s
	}
	return out
}
