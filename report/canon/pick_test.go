package canon

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

// slowFields is FieldsJSON's encoding/json path, the definition pickFast
// must match.
func slowFields(raw []byte, fields []string) ([]byte, error) {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil || all == nil {
		return nil, errSlow
	}
	picked := Pick(all, fields...)
	if out, err := JSON(picked); err == nil {
		return out, nil
	}
	return looseJSON(picked)
}

// slowCount is the definition of a tool's count text and name: the
// encoding/json path that predates pickFast.
func slowCount(raw []byte) ([]byte, string) {
	c, err := slowFields(raw, ToolFields)
	if err != nil {
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil {
			c = raw
		} else {
			c = b.Bytes()
		}
	}
	return c, ToolName(raw)
}

// pickAgrees checks ToolCount against the slow path on raw, and that the
// fast path was taken where expected.
func pickAgrees(t *testing.T, raw []byte) {
	t.Helper()
	text, name := ToolCount(raw)
	wantText, wantName := slowCount(raw)
	if !bytes.Equal(text, wantText) || name != wantName {
		t.Fatalf("ToolCount(%q) = %q, %q; slow path %q, %q", truncate(raw), truncate(text), name, truncate(wantText), wantName)
	}
	if got := CountText(raw, ToolFields); !bytes.Equal(got, wantText) {
		t.Fatalf("CountText(%q) = %q; slow path %q", truncate(raw), truncate(got), truncate(wantText))
	}
	for _, f := range append([][]string{ToolFields, PromptFields}, ToolFields[:1], ToolFields[2:3]) {
		got, err := FieldsJSON(raw, f)
		want, werr := slowFields(raw, f)
		if (err == nil) != (werr == nil) || !bytes.Equal(got, want) {
			t.Fatalf("FieldsJSON(%q, %q) = %q, %v; slow path %q, %v", truncate(raw), f, truncate(got), err, truncate(want), werr)
		}
	}
}

var pickSamples = []string{
	`{"name":"a","description":"d","_meta":{"x":1},"inputSchema":{"type":"object","b":1,"a":2}}`,
	`{"Name":"upper","name":"lower"}`,
	`{"NAME":"only-upper"}`,
	`{"name":"a","name":"b"}`,
	`{"_meta":1,"_meta":2,"name":"dup-unpicked"}`,
	`{"name":1}`, `{"name":null}`, `{"name":"\u00e9\"x"}`, `{"na\u006de":"escaped key"}`,
	"{\"name\":\"a\",\"x\":\"\xff\"}",
	`{"name":"a","x":01}`, `{"name":"a"} x`, `[]`, `null`, `"s"`, `{}`, ` { "name" : "sp" } `,
	`{"name":"a","inputSchema":{"a":1,"a":2}}`,
	`{"name":"big","inputSchema":{"maximum":9007199254740993}}`,
}

func TestPickMatchesSlowPath(t *testing.T) {
	for _, s := range pickSamples {
		pickAgrees(t, []byte(s))
	}
	tools, err := testcorpus.Tools()
	if err != nil {
		t.Fatal(err)
	}
	fast := 0
	for _, raw := range tools {
		pickAgrees(t, raw)
		if _, _, err := pickFast(nil, raw, ToolFields); err == nil {
			fast++
		}
	}
	if fast < len(tools)*9/10 {
		t.Errorf("fast path taken for %d of %d corpus tools", fast, len(tools))
	}
	texts := make([][]byte, len(tools))
	for i, raw := range tools {
		texts[i], _ = ToolCount(raw)
	}
	if !bytes.Equal(ToolsListOf(texts), ToolsListJSON(tools)) {
		t.Error("ToolsListOf differs from ToolsListJSON")
	}
}

func FuzzPick(f *testing.F) {
	for _, s := range pickSamples {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { pickAgrees(t, raw) })
}
