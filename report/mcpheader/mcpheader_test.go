package mcpheader

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestApply(t *testing.T) {
	tool := `{"name":"send","inputSchema":{"type":"object","properties":{
		"region":{"type":"string","x-mcp-header":"Region"},
		"apiKey":{"type":"string","x-mcp-header":"X-Key"},
		"to":{"type":"array","items":{"type":"object","properties":{"email":{"type":"string","x-mcp-header":"To"}}}},
		"plain":{"type":"string","description":"the user's password"}}}}`
	deep := `{"name":"deep","inputSchema":` + strings.Repeat(`{"type":"object","properties":{"p":`, 100) + `{"type":"string","x-mcp-header":"Token"}` + strings.Repeat(`}}`, 100) + `}`
	b := &model.Bundle{Servers: []model.Server{{Identity: "s", Tools: []json.RawMessage{json.RawMessage(tool), json.RawMessage(deep)}}}}
	f := &model.Findings{}
	Apply(b, f)
	var got []string
	for _, fd := range f.Findings {
		got = append(got, fd.Element)
	}
	want := []string{"tool:send/inputSchema/properties/apiKey", "tool:send/inputSchema/properties/to/items/properties/email"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestEscapedAnnotation: the byte prefilter that skips most tools still
// lets through a member name spelled with \u escapes.
func TestEscapedAnnotation(t *testing.T) {
	tool := `{"name":"e","inputSchema":{"type":"object","properties":{"apiKey":{"type":"string","x-mcp-\u0068eader":"X-Key"}}}}`
	b := &model.Bundle{Servers: []model.Server{{Identity: "s", Tools: []json.RawMessage{json.RawMessage(tool)}}}}
	f := &model.Findings{}
	Apply(b, f)
	if len(f.Findings) != 1 || f.Findings[0].Element != "tool:e/inputSchema/properties/apiKey" {
		t.Errorf("escaped x-mcp-header: got %+v", f.Findings)
	}
	if mayAnnotate([]byte(`{"name":"plain","description":"a\nb"}`)) {
		t.Error("a tool without the member name or a \\u escape should be skipped")
	}
}
