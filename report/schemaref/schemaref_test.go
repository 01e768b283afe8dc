package schemaref

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func schema(t *testing.T, s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCyclesTerminate: self and mutual recursion end, are named, and do
// not blow the bounds; an exponential $defs chain is capped, not walked.
func TestCyclesTerminate(t *testing.T) {
	self := Resolve(schema(t, `{"$ref":"#"}`))
	mutual := Resolve(schema(t, `{"$defs":{"a":{"properties":{"b":{"$ref":"#/$defs/b"}}},"b":{"items":{"$ref":"#/$defs/a"}}},"$ref":"#/$defs/a"}`))
	if len(self.Recursive) != 1 || len(mutual.Recursive) != 1 || mutual.Expanded > 50 {
		t.Errorf("self %+v mutual %+v", self, mutual)
	}
	var defs []string
	defs = append(defs, `"d0":{"type":"string"}`)
	for i := 1; i <= 40; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d":{"anyOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]}`, i, i-1, i-1))
	}
	bomb := Resolve(schema(t, `{"$defs":{`+strings.Join(defs, ",")+`},"$ref":"#/$defs/d40"}`))
	if bomb.Expanded <= MaxExpanded || len(bomb.Recursive) != 0 {
		t.Errorf("bomb %+v", bomb)
	}
	ok := Resolve(schema(t, `{"$defs":{"p":{"type":"string"}},"properties":{"x":{"$ref":"#/$defs/p"},"y":{"$ref":"#/$defs/p"}}}`))
	if len(ok.Recursive)+len(ok.External)+len(ok.Unresolved) != 0 || ok.TooDeep || ok.Expanded > 20 {
		t.Errorf("plain %+v", ok)
	}
}

func TestApply(t *testing.T) {
	tools := []json.RawMessage{
		json.RawMessage(`{"name":"ext","inputSchema":{"properties":{"a":{"$ref":"https://evil.example/s.json#/x"}}}}`),
		json.RawMessage(`{"name":"missing","inputSchema":{"properties":{"a":{"$ref":"#/$defs/none"}}}}`),
		json.RawMessage(`{"name":"tree","inputSchema":{"$defs":{"n":{"properties":{"kids":{"items":{"$ref":"#/$defs/n"}}}}},"$ref":"#/$defs/n"}}`),
		json.RawMessage(`{"name":"fine","inputSchema":{"$defs":{"p":{"type":"string"}},"properties":{"x":{"$ref":"#/$defs/p"}}}}`),
	}
	f := &model.Findings{}
	Apply(&model.Bundle{Servers: []model.Server{{Identity: "s", Tools: tools}}}, f)
	var got []string
	for _, fd := range f.Findings {
		got = append(got, fd.ID+" "+fd.Tool)
	}
	if strings.Join(got, ",") != "HYG-031 ext,HYG-032 missing,HYG-033 tree" {
		t.Errorf("got %v", got)
	}
	if !strings.Contains(f.Findings[0].Evidence, "https://evil.example") || strings.Contains(f.Findings[0].Evidence, "s.json") {
		t.Errorf("evidence %q", f.Findings[0].Evidence)
	}
}
