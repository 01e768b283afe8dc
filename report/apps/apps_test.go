package apps

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestIsWide(t *testing.T) {
	for o, want := range map[string]bool{
		"*": true, "https:": true, "wss:": true, "https://*": true, "*.com": true, "https://*.io": true, "http://*:8080": true,
		"https://api.example.com": false, "*.example.com": false, "https://cdn.example.com/assets": false, "localhost:3000": false,
	} {
		if got := isWide(o); got != want {
			t.Errorf("isWide(%q) = %v, want %v", o, got, want)
		}
	}
}

func TestVisibleTextKeepsComments(t *testing.T) {
	got := visibleText(`<p class="x">Hi</p><!-- hidden --><script>run()</script>`)
	if strings.Contains(got, "class") || !strings.Contains(got, "<!-- hidden -->") || !strings.Contains(got, "run()") {
		t.Errorf("visibleText = %q", got)
	}
}

// TestOnlyApps: a plain resource with the same metadata is not an app,
// and an app without CSP, permissions or text gives nothing.
func TestOnlyApps(t *testing.T) {
	res := func(s string) json.RawMessage { return json.RawMessage(s) }
	b := &model.Bundle{Servers: []model.Server{{Identity: "s", Resources: []json.RawMessage{
		res(`{"uri":"file:///x","_meta":{"ui":{"csp":{"connectDomains":["*"]}}}}`),
		res(`{"uri":"ui://quiet","mimeType":"text/html;profile=mcp-app"}`),
		res(`{"uri":"https://x","mimeType":"text/html;profile=mcp-app","_meta":{"ui":{"permissions":{"geolocation":{}}}}}`),
	}}}}
	f := &model.Findings{}
	Apply(b, f)
	if len(f.Findings) != 1 || f.Findings[0].ID != "CAP-012" || f.Findings[0].Element != "resource:https://x/_meta/ui/permissions" {
		t.Errorf("findings %+v", f.Findings)
	}
}
