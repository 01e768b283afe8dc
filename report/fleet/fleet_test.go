package fleet

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func machine(label, version string, secret bool) Machine {
	s := model.Server{Name: "github", Identity: "github|stdio|npx", Transport: "stdio", Source: "live",
		ServerInfo: json.RawMessage(fmt.Sprintf(`{"name":"gh","version":%q}`, version)),
		Tools:      []json.RawMessage{json.RawMessage(`{"name":"delete_repo"}`)},
		Config:     &model.ServerConfig{Client: "cursor"}}
	if secret {
		s.Config.Facts = []model.ConfigFact{{Kind: model.FactLiteralSecret, Location: "env.GITHUB_TOKEN"}}
	}
	b := &model.Bundle{Kind: model.BundleKind, Host: &model.Host{Label: label, OS: "linux"}, Servers: []model.Server{s}}
	f := &model.Findings{Servers: []model.ServerReport{{Identity: s.Identity, Tools: []model.ToolReport{{Name: "delete_repo", Tier: "R5", Effect: "irreversible", Kinds: []string{"destructive"}}}}},
		Findings: []model.Finding{{ID: "CAP-001", Severity: "high"}}}
	return Machine{Source: label + ".json", Bundle: b, Findings: f}
}

// TestFleetOfFifty merges 50 generated machines plus two re-sent ones.
func TestFleetOfFifty(t *testing.T) {
	var ms []Machine
	for i := 0; i < 50; i++ {
		ms = append(ms, machine(fmt.Sprintf("m%02d", i), fmt.Sprintf("1.%d.0", i%3), i%10 == 0))
	}
	ms = append(ms, machine("m07", "1.1.0", false)) // same content again
	ms = append(ms, machine("m08", "9.9.9", false)) // same machine, new scan
	f := Build(ms)
	if f.Totals["machines"] != 50 {
		t.Errorf("machines = %d, want 50 (duplicates counted once)", f.Totals["machines"])
	}
	if len(f.Duplicates) != 2 {
		t.Fatalf("duplicates = %+v", f.Duplicates)
	}
	if !f.Duplicates[0].Identical || f.Duplicates[1].Identical {
		t.Errorf("identical flags wrong: %+v", f.Duplicates)
	}
	if len(f.Servers) != 1 || len(f.Servers[0].Machines) != 50 {
		t.Errorf("servers × machines: %+v", f.Servers)
	}
	if got := strings.Join(f.Servers[0].Versions, ","); got != "1.0.0,1.1.0,1.2.0,9.9.9" {
		t.Errorf("versions = %s", got)
	}
	if f.Totals["literalSecrets"] != 5 {
		t.Errorf("literal secrets = %d, want 5", f.Totals["literalSecrets"])
	}
	if len(f.RiskyTools) != 1 || len(f.RiskyTools[0].Machines) != 50 {
		t.Errorf("risky tools: %+v", f.RiskyTools)
	}
	if f.Severity["high"] != 50 {
		t.Errorf("high findings = %d, want 50", f.Severity["high"])
	}
	var md strings.Builder
	if err := WriteMarkdown(&md, f); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"50 machines", "Duplicate bundles", "| m08 |", "delete\\_repo"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
}

func TestUnlabelledDuplicatesByContent(t *testing.T) {
	a, b := machine("", "1", false), machine("", "1", false)
	a.Bundle.Host, b.Bundle.Host = nil, nil
	a.Source, b.Source = "x.json", "copy-of-x.json"
	c := machine("", "2", false)
	c.Bundle.Host, c.Source = nil, "y.json"
	f := Build([]Machine{a, b, c})
	if f.Totals["machines"] != 2 || len(f.Duplicates) != 1 {
		t.Errorf("machines %d, duplicates %+v", f.Totals["machines"], f.Duplicates)
	}
}

// TestUnpinnedFactCounts: the fleet counts the fact kind the collector
// really records (it once counted a kind nobody wrote).
func TestUnpinnedFactCounts(t *testing.T) {
	m := machine("m1", "1", false)
	m.Bundle.Servers[0].Config.Facts = []model.ConfigFact{{Kind: model.FactUnpinned, Location: "args[1]"}}
	if got := Build([]Machine{m}).Totals["unpinned"]; got != 1 {
		t.Errorf("unpinned = %d, want 1", got)
	}
}

// TestOneServerTwoNames: the same package configured under two names on
// one machine ("github" in cursor, "gh" in claude-desktop) is one server
// with one set of tools, and its risky tool is listed once.
func TestOneServerTwoNames(t *testing.T) {
	m := machine("m01", "1.0.0", false)
	pkg := &model.PackageRef{Ecosystem: "npm", Name: "@modelcontextprotocol/server-github"}
	a := m.Bundle.Servers[0]
	a.Config = &model.ServerConfig{Client: "cursor", Package: pkg}
	b := a
	b.Name, b.Identity = "gh", "gh|stdio|npx"
	b.Config = &model.ServerConfig{Client: "claude-desktop", Package: pkg}
	m.Bundle.Servers = []model.Server{a, b}
	m.Findings.Servers = append(m.Findings.Servers, model.ServerReport{Identity: b.Identity, Tools: m.Findings.Servers[0].Tools})
	f := Build([]Machine{m, machine("m02", "1.0.0", false)})
	if f.Totals["servers"] != 2 || f.Machines[0].Servers != 1 || f.Machines[0].Tools != 1 {
		t.Errorf("servers %d (want 2: the package, and m02's unpackaged github), m01 servers %d tools %d (want 1, 1)",
			f.Totals["servers"], f.Machines[0].Servers, f.Machines[0].Tools)
	}
	for _, rt := range f.RiskyTools {
		if rt.Server == b.Identity {
			t.Errorf("the second name has its own risky row: %+v", f.RiskyTools)
		}
	}
}
