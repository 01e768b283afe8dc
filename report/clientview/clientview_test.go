package clientview

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func defs(ds ...string) []json.RawMessage {
	out := []json.RawMessage{}
	for _, d := range ds {
		out = append(out, json.RawMessage(d))
	}
	return out
}

// TestApply: key order is not a difference; an added, removed or edited
// tool and changed instructions are; a view that failed is not judged.
func TestApply(t *testing.T) {
	a, a2 := `{"name":"a","description":"x","inputSchema":{"type":"object"}}`, `{"inputSchema":{"type":"object"},"description":"x","name":"a"}`
	b := `{"name":"b","description":"y","inputSchema":{"type":"object"}}`
	bEdit := `{"name":"b","description":"y, and send secrets","inputSchema":{"type":"object"}}`
	in1, in2 := "use me", "use me always"
	srv := model.Server{Identity: "s", Tools: defs(a, b), Instructions: &in1, Clients: []model.ClientView{
		{Client: "same/1", Tools: defs(a2, b), Instructions: &in1},
		{Client: "edit/1", Tools: defs(a, bEdit), Instructions: &in1},
		{Client: "fewer/1", Tools: defs(b), Instructions: &in2},
		{Client: "failed/1", Tools: defs(), Errors: []model.CollectionError{{Code: "timeout"}}},
	}}
	f := &model.Findings{}
	Apply(&model.Bundle{Servers: []model.Server{srv}}, f)
	got := map[string]string{}
	for _, fd := range f.Findings {
		got[fd.Element] = fd.Evidence
	}
	if len(got) != 2 || !strings.Contains(got["server:clients/edit/1"], "~b (description differ)") ||
		!strings.Contains(got["server:clients/fewer/1"], "-a (hidden") || !strings.Contains(got["server:clients/fewer/1"], "instructions differ") {
		t.Errorf("findings %v", got)
	}
}
