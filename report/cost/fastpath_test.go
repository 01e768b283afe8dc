package cost

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// TestLargestPartMatchesSlow: the one-pass largest member is the one
// found by writing each member's canonical form apart, on every corpus
// definition and on definitions the canonical writer refuses.
func TestLargestPartMatchesSlow(t *testing.T) {
	tools, err := testcorpus.Tools()
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) < 100 {
		t.Fatalf("only %d corpus tools", len(tools))
	}
	tools = append(tools,
		json.RawMessage(`{"name":"dup","description":"a","description":"bb"}`),
		json.RawMessage(`{"name":"é","title":"ü\u2028","inputSchema":{"b":1,"a":[1.50,"<>"]}}`),
		json.RawMessage(`{}`),
		json.RawMessage(`[1]`),
		json.RawMessage(`{"Name":"x","description":"only"}`),
	)
	for i, raw := range tools {
		p, s := largestPart(raw)
		wp, ws := largestPartSlow(raw)
		if p != wp || s != ws {
			t.Fatalf("tool %d: one pass %q %v, per member %q %v", i, p, s, wp, ws)
		}
	}
}

// TestJoinFields: joinFields is strings.Join(strings.Fields(s), " ").
func TestJoinFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\u00a0b", "é b", "a\u2028b", "a\x85b", "\v", "one two three.", "x\r", "one two. ", "a  ", " a ", "é ", "a \t"} {
		if got, want := joinFields(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("joinFields(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestEstimateFromCounts: a server's estimate from its tools' character
// counts (what the memo keeps per tool) is the estimate of the texts
// themselves: each tool's counted text, and the whole tools/list written
// out, for lists of corpus definitions of every length up to 40, with
// non-ASCII text and none.
func TestEstimateFromCounts(t *testing.T) {
	tools, err := testcorpus.Tools()
	if err != nil {
		t.Fatal(err)
	}
	tools = append(tools, json.RawMessage(`{"name":"é","title":"ü\u2028","description":"日本語のツール"}`), json.RawMessage(`{}`))
	for _, enc := range []string{"o200k_base", "cl100k_base"} {
		for n := 0; n <= 40; n++ {
			from := (n * 37) % (len(tools) - n)
			s := &model.Server{Tools: tools[from : from+n]}
			if n == 40 {
				s.Tools = tools[len(tools)-n:]
			}
			got, perTool := Estimate(s, enc)
			texts := make([][]byte, len(s.Tools))
			for i, raw := range s.Tools {
				texts[i] = canon.CountText(raw, canon.ToolFields)
				if want := EstimateText(string(texts[i]), enc); perTool[i] != want {
					t.Fatalf("%s: tool %d: %d tokens from counts, %d from its text", enc, from+i, perTool[i], want)
				}
			}
			if want := EstimateText(string(canon.ToolsListOf(texts)), enc); got.ToolsList != want {
				t.Fatalf("%s: %d tools from %d: tools/list %d from counts, %d from the text", enc, n, from, got.ToolsList, want)
			}
		}
	}
}
