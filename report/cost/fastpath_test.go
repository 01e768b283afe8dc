package cost

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
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
