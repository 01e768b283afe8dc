package anonymize

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func sample() *model.Bundle {
	instr := "Use acme-search for tickets."
	return &model.Bundle{
		Host: &model.Host{OS: "linux", Label: "alice-laptop"},
		Contexts: []model.Context{{ID: "cursor@billing", Client: "cursor", Root: "billing",
			Servers: []model.ContextServer{{Name: "acme-search", Identity: "acme-search@http:mcp.acme.internal:8443", Scope: "project"}}}},
		Servers: []model.Server{{
			Name: "acme-search", Identity: "acme-search@http:mcp.acme.internal:8443", Transport: "http",
			Endpoint: "mcp.acme.internal:8443", Source: "live",
			ServerInfo:   json.RawMessage(`{"name":"acme-search-server","version":"1.2.3","icons":[{"src":"https://cdn.acme.internal/i.png"}]}`),
			Instructions: &instr,
			Tools:        []json.RawMessage{json.RawMessage(`{"name":"search","description":"Search acme-search tickets"}`)},
			Config: &model.ServerConfig{Client: "cursor", Scope: "project", File: "{billing}/.cursor/mcp.json",
				Transport: "http", URLHost: "mcp.acme.internal:8443", Root: "billing"},
			Errors: []model.CollectionError{{Code: "unreachable", Message: "lookup mcp.acme.internal: no such host"}},
		}, {
			Name: "tools", Identity: "tools@stdio:acme-mcp", Transport: "stdio", Endpoint: "acme-mcp", Source: "config",
			Tools:  []json.RawMessage{},
			Config: &model.ServerConfig{Command: "acme-mcp", Args: []string{"--workspace=payroll", "ledger-sync", "--token", "<redacted>"}},
		}, {
			Name: "memory", Identity: "memory@stdio:npx", Transport: "stdio", Endpoint: "npx", Source: "config",
			Tools: []json.RawMessage{}, Config: &model.ServerConfig{Command: "npx"},
		}},
	}
}

// TestBundle: every identifying value becomes a label, nothing of it is
// left anywhere in the bundle except the served tool text, and labels
// are stable for a salt and differ across salts.
func TestBundle(t *testing.T) {
	b := sample()
	New("pepper").Bundle(b)
	s := b.Servers[0]
	tool, instr := string(s.Tools[0]), *s.Instructions
	c := *b
	c.Servers = append([]model.Server(nil), b.Servers...)
	c.Servers[0].Tools, c.Servers[0].Instructions = nil, nil // served text, kept by design
	data, _ := json.Marshal(&c)
	for _, leak := range []string{"acme", "alice", "billing", "payroll", "ledger"} {
		if strings.Contains(string(data), leak) {
			t.Errorf("%q survives anonymization:\n%s", leak, data)
		}
	}
	if !strings.Contains(tool, "acme-search tickets") || !strings.Contains(instr, "acme-search") {
		t.Error("tool text or instructions were changed; they must be kept as served")
	}
	if !strings.HasPrefix(s.Name, "server-") || !strings.HasPrefix(s.Endpoint, "host-") || s.Config.URLHost != s.Endpoint {
		t.Errorf("labels: name %q endpoint %q urlHost %q", s.Name, s.Endpoint, s.Config.URLHost)
	}
	if s.Identity != model.Identity(s.Name, "http", s.Endpoint) || b.Contexts[0].Servers[0].Identity != s.Identity {
		t.Errorf("identity %q, context identity %q", s.Identity, b.Contexts[0].Servers[0].Identity)
	}
	if !strings.Contains(s.Errors[0].Message, s.Endpoint) {
		t.Errorf("error message host not replaced by its label: %q", s.Errors[0].Message)
	}
	if got := b.Servers[2].Endpoint; got != "npx" {
		t.Errorf("generic runner renamed: %q", got)
	}
	if got := strings.Join(b.Servers[1].Config.Args, " "); !strings.HasPrefix(got, "--workspace=arg-") || !strings.HasSuffix(got, "--token <redacted>") {
		t.Errorf("args %q", got)
	}
	if b.Contexts[0].ID != "cursor@"+b.Contexts[0].Root || s.Config.File != "{"+b.Contexts[0].Root+"}/.cursor/mcp.json" {
		t.Errorf("context id %q file %q root %q", b.Contexts[0].ID, s.Config.File, b.Contexts[0].Root)
	}

	again := sample()
	New("pepper").Bundle(again)
	other := sample()
	New("salt").Bundle(other)
	if again.Servers[0].Name != b.Servers[0].Name {
		t.Error("same salt, different label")
	}
	if other.Servers[0].Name == b.Servers[0].Name {
		t.Error("different salts, same label")
	}
}
