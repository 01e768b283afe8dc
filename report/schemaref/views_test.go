package schemaref

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// TestApplyViewsMatchesApply: reading names and schemas from the views
// gives the findings decoding every definition gives, on the corpus and
// on definitions a struct decode reads differently from a plain one.
func TestApplyViewsMatchesApply(t *testing.T) {
	b := &model.Bundle{}
	for _, f := range testcorpus.Files() {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(f, data)
		if err != nil {
			t.Fatal(err)
		}
		b.Servers = append(b.Servers, in.Bundle.Servers...)
	}
	ref := `"inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/x"},"b":{"$ref":"https://x.example/s.json"},"c":{"$ref":"#/nope"}},"$defs":{"x":{"type":"object","properties":{"y":{"$ref":"#/$defs/x"}}}}}`
	odd := []string{
		`{"name":"plain",` + ref + `}`,
		`{"name":7,` + ref + `}`,
		`{"name":null,` + ref + `}`,
		`{` + ref + `}`,
		`{"Name":"cased",` + ref + `}`,
		`{"name":"cased schema","InputSchema":{"properties":{"a":{"$ref":"#/missing"}}}}`,
		`{"name":"twice",` + ref + `,"inputSchema":{"properties":{"a":{"$ref":"#/gone"}}}}`,
		`{"name":"not a schema","inputSchema":"$ref"}`,
		`["$ref"]`,
	}
	s := model.Server{Name: "odd", Identity: "odd|surface|"}
	for _, o := range odd {
		s.Tools = append(s.Tools, json.RawMessage(o))
	}
	b.Servers = append(b.Servers, s)
	views := make([]*surface.Server, len(b.Servers))
	for i := range b.Servers {
		views[i] = surface.New(&b.Servers[i])
	}
	want, got := &model.Findings{}, &model.Findings{}
	Apply(b, want)
	ApplyViews(b, views, got)
	if len(want.Findings) < 10 {
		t.Fatalf("only %d findings: the test covers too little", len(want.Findings))
	}
	if !reflect.DeepEqual(want.Findings, got.Findings) {
		t.Fatalf("views give other findings:\n got %+v\nwant %+v", got.Findings, want.Findings)
	}
}
