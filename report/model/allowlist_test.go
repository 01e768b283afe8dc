package model

import (
	"encoding/json"
	"strings"
	"testing"
)

func fullBundle() *Bundle {
	ins := "Use with care"
	return &Bundle{
		Kind:      BundleKind,
		Generator: Generator{Name: "assay", Version: "t"},
		CreatedAt: "2026-01-01T00:00:00Z",
		Host:      &Host{OS: "linux", Arch: "amd64", Label: "m1"},
		Contexts: []Context{{ID: "cursor", Client: "cursor", Root: "~/p",
			Servers: []ContextServer{{Name: "a", Identity: "a|stdio|node", Scope: "user", Enabled: true, ShadowedBy: "project"}}}},
		Servers: []Server{{
			Name: "a", Identity: "a|stdio|node", Transport: "stdio", Endpoint: "node", Source: "live",
			ProtocolVersion:   "2025-11-25",
			ServerInfo:        json.RawMessage(`{"name":"x","version":"1","extra":{"deep":[1]}}`),
			Capabilities:      json.RawMessage(`{"tools":{"listChanged":true}}`),
			Instructions:      &ins,
			Tools:             []json.RawMessage{json.RawMessage(`{"name":"t","inputSchema":{"type":"object"},"_meta":{"x":1},"unknownField":true}`)},
			Prompts:           []json.RawMessage{json.RawMessage(`{"name":"p"}`)},
			Resources:         []json.RawMessage{json.RawMessage(`{"uri":"file:///x","name":"r"}`)},
			ResourceTemplates: []json.RawMessage{json.RawMessage(`{"uriTemplate":"x://{a}","name":"rt"}`)},
			Tokens: &ServerTokens{Encoding: "o200k_base", Tools: map[string]int{"t": 3, "dotted.name": 4}, ToolsSum: 7, ToolsList: 9,
				Instructions: 1, Prompts: 2, Resources: 3, Templates: 4, Estimated: true},
			Config: &ServerConfig{Client: "cursor", Scope: "user", File: "~/.cursor/mcp.json", Line: 3, Transport: "stdio",
				Command: "node", Args: []string{"server.js"}, URLHost: "h", EnvNames: []string{"K"}, HeaderNames: []string{"Authorization"},
				Disabled: true, Auth: "env_ref", Facts: []ConfigFact{{Kind: "k", Location: "env.K", Detail: "d"}}, Root: "~/p",
				Also: []ServerConfig{{Client: "vscode", Scope: "project", File: "~/p/.vscode/mcp.json", Line: 2, Transport: "stdio",
					Command: "node", Args: []string{"a"}, URLHost: "h", EnvNames: []string{"K"}, HeaderNames: []string{"H"},
					Disabled: true, Auth: "none", Facts: []ConfigFact{{Kind: "k", Location: "l", Detail: "d"}}, Root: "~/p", Package: fullPackage()}},
				Package: fullPackage()},
			Errors: []CollectionError{{Code: "timeout", Message: "m", Phase: "initialize"}},
			Hashes: map[string]string{"surface": "sha256:00"},
		}},
		Errors: []CollectionError{{Code: "config_parse", Message: "m", Phase: "config"}},
		Settings: []SettingsFile{{Client: "claude-code", Scope: "project", File: "~/p/.claude/settings.json", Root: "~/p",
			Facts: []SettingFact{{Kind: SettingHookCommand, Key: "hooks.PreToolUse[0]", Line: 4, Detail: "d"}}}},
		Instructions: []InstructionFile{{Kind: "skill", Client: "claude-code", Scope: "user", File: "~/.claude/skills/s/SKILL.md", Root: "~/p",
			Name: "s", Description: "d", Text: "t", Truncated: true, Tokens: &TextTokens{Encoding: "o200k_base", Text: 9, Always: 2},
			Scripts: []SkillScript{{Path: "run.sh", Kinds: []string{ScriptShell}, Hosts: []string{"example.com"}, Line: 2}}}},
		Signature: &Signature{Algorithm: "ed25519", PublicKey: "p", KeyID: "k", Value: "v"},
	}
}

func fullPackage() *PackageRef {
	return &PackageRef{Ecosystem: "npm", Name: "mcp-remote", Version: "0.1.15", Source: "registry", Pinned: true, Location: "args[1]",
		Installed: []InstalledPackage{{Version: "0.1.15", Where: "npx cache", Integrity: "sha512-AA=="}}}
}

// TestAllowlistCoversModel fails when a bundle field exists in the Go
// types but not in BundleAllowlist: Project would silently drop it, and
// the allowlist must be the one visible list of what a bundle holds.
func TestAllowlistCoversModel(t *testing.T) {
	_, dropped, err := Project(fullBundle())
	if err != nil {
		t.Fatal(err)
	}
	if len(dropped) > 0 {
		t.Errorf("fields not in BundleAllowlist: %s", strings.Join(dropped, ", "))
	}
}

func TestDisallowedCatchesStrayFields(t *testing.T) {
	doc := `{"kind":"assay.bundle/v1","servers":[{"name":"a","env":{"TOKEN":"secret"},"config":{"command":"x","argv":"full line"},
	  "tools":[{"name":"t","anything":{"goes":"here"}}],"tokens":{"tools":{"t":1,"u":{"nested":1}}}}],"user":"bob"}`
	got, err := Disallowed([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"servers[].config.argv", "servers[].env", "servers[].tokens.tools/u", "user"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Disallowed = %v, want %v", got, want)
	}
}

func TestProjectKeepsRawDefinitions(t *testing.T) {
	out, _, err := Project(fullBundle())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"unknownField": true`, `"_meta"`, `"deep"`, `"dotted.name": 4`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("projected bundle lost %s", want)
		}
	}
}
