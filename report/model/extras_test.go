package model

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHashExtras: spec members and kept _meta keys stay byte for byte;
// anything else a server adds keeps only its hash, which changes with the
// value; a second pass changes nothing.
func TestHashExtras(t *testing.T) {
	plain := `{"name":"t","description":"d <b>","inputSchema":{"type":"object"},"_meta":{"ui":{"csp":{"connectDomains":["https://a.example"]}},"io.modelcontextprotocol/x":1}}`
	if got := string(HashExtras("tools", json.RawMessage(plain))); got != plain {
		t.Errorf("a spec-only tool changed:\n%s", got)
	}
	leaky := `{"uri":"file:///x","name":"x","metadata":{"path":"/home/alice/acme-secret/x"},"_meta":{"ui":{},"com.vendor/owner":"alice@example.com"}}`
	got := string(HashExtras("resources", json.RawMessage(leaky)))
	for _, leak := range []string{"alice", "acme-secret"} {
		if strings.Contains(got, leak) {
			t.Errorf("%q survived: %s", leak, got)
		}
	}
	var m struct {
		URI      string            `json:"uri"`
		Metadata string            `json:"metadata"`
		Meta     map[string]any    `json:"_meta"`
		Other    map[string]string `json:"-"`
	}
	if err := json.Unmarshal([]byte(got), &m); err != nil {
		t.Fatal(err)
	}
	if m.URI != "file:///x" || !strings.HasPrefix(m.Metadata, "sha256:") || m.Meta["ui"] == nil || !strings.HasPrefix(m.Meta["com.vendor/owner"].(string), "sha256:") {
		t.Errorf("hashed wrongly: %s", got)
	}
	if again := string(HashExtras("resources", json.RawMessage(got))); again != got {
		t.Errorf("second pass changed it:\n%s\n%s", got, again)
	}
	other := string(HashExtras("resources", json.RawMessage(strings.Replace(leaky, "acme-secret", "acme-other", 1))))
	if other == got {
		t.Error("a changed metadata value kept the same hash")
	}
	if got := string(HashExtras("prompts", json.RawMessage(`[1,2]`))); got != `[1,2]` {
		t.Errorf("a non-object changed: %s", got)
	}
}
