package classify

import (
	"encoding/json"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// srv builds a bundle server from raw tool JSON strings.
func srv(name string, tools ...string) model.Server {
	s := model.Server{Name: name, Identity: name + "@stdio:" + name, Transport: "stdio", Source: "live"}
	for _, t := range tools {
		s.Tools = append(s.Tools, json.RawMessage(t))
	}
	return s
}

// run classifies a bundle of servers.
func run(t *testing.T, b *model.Bundle, o *Options) *model.Findings {
	t.Helper()
	for _, s := range b.Servers {
		for _, raw := range s.Tools {
			if !json.Valid(raw) {
				t.Fatalf("test tool is not valid JSON: %s", raw)
			}
		}
	}
	f := skeleton(b)
	Apply(b, f, o)
	return f
}

// one classifies a single tool on its own server.
func one(t *testing.T, tool string, o *Options) (model.ToolReport, []model.Finding) {
	t.Helper()
	f := run(t, &model.Bundle{Servers: []model.Server{srv("s", tool)}}, o)
	return f.Servers[0].Tools[0], f.Findings
}

func hasKind(tr model.ToolReport, k string) bool {
	for _, x := range tr.Kinds {
		if x == k {
			return true
		}
	}
	return false
}

func findingIDs(fs []model.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range fs {
		m[f.ID]++
	}
	return m
}
