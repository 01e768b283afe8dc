package kittest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/model"
)

// fleetServer is one server of the generated fleet.
type fleetServer struct {
	name, endpoint string
	tools          []string
}

var fleetServers = []fleetServer{
	{"memory", "npx", []string{`{"name":"read_graph","description":"Read the whole knowledge graph.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`}},
	{"shell", "node", []string{`{"name":"run_command","description":"Execute an arbitrary shell command on the host and return its output.","inputSchema":{"type":"object","properties":{"command":{"type":"string","description":"The shell command line to execute"}},"required":["command"]}}`}},
	{"github", "npx", []string{`{"name":"create_issue","description":"Create a new issue in a GitHub repository.","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}}}`}},
	{"fetch", "uvx", []string{`{"name":"fetch","description":"Fetch a URL from the internet and return its content.","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`}},
	{"files", "npx", []string{`{"name":"write_file","description":"Create or overwrite a file with new content.","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}}`}},
}

// has says whether machine i runs server k: a fixed pattern, so the
// expected matrix is computed here independently of the report.
func has(i, k int) bool { return k == 0 || (i+k)%(k+1) == 0 }

func fleetBundle(i int, version string) *model.Bundle {
	b := &model.Bundle{Kind: model.BundleKind, Generator: model.Generator{Name: "assay-collect", Version: "test"},
		Host: &model.Host{OS: "linux", Arch: "amd64", Label: fmt.Sprintf("machine-%02d", i)}}
	for k, s := range fleetServers {
		if !has(i, k) {
			continue
		}
		var tools []json.RawMessage
		for _, t := range s.tools {
			tools = append(tools, json.RawMessage(t))
		}
		cfg := &model.ServerConfig{Client: "claude-code", Scope: "user", Transport: "stdio", Command: s.endpoint}
		if s.name == "github" && i%5 == 0 {
			cfg.Facts = append(cfg.Facts, model.ConfigFact{Kind: model.FactLiteralSecret, Location: "env.GITHUB_TOKEN", Detail: "ghp_ prefix"})
		}
		if s.name == "files" && i%4 == 0 {
			cfg.Facts = append(cfg.Facts, model.ConfigFact{Kind: model.FactUnpinned, Location: "args[1]"})
		}
		b.Servers = append(b.Servers, model.Server{
			Name: s.name, Identity: model.Identity(s.name, "stdio", s.endpoint), Transport: "stdio", Endpoint: s.endpoint,
			Source: "live", ProtocolVersion: "2025-11-25",
			ServerInfo: json.RawMessage(fmt.Sprintf(`{"name":"%s-server","version":"%s"}`, s.name, version)),
			Tools:      tools, Config: cfg,
		})
	}
	return b
}

// TestFleetReport: 50 machines (plus one sent twice unchanged and one
// re-collected) through assay report --format json|markdown.
func TestFleetReport(t *testing.T) {
	dir := t.TempDir()
	var files []string
	write := func(name string, b *model.Bundle) {
		data, err := collectkit.EncodeBundle(b)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		writeFile(t, p, string(data))
		files = append(files, p)
	}
	const n = 50
	for i := range n {
		version := "1.0.0"
		if i%3 == 0 {
			version = "1.1.0"
		}
		write(fmt.Sprintf("machine-%02d.json", i), fleetBundle(i, version))
	}
	write("machine-07-again.json", fleetBundle(7, "1.0.0"))  // the same file sent twice
	write("machine-12-later.json", fleetBundle(12, "2.0.0")) // the same machine re-collected
	for _, f := range files {
		assertAllowed(t, f)
	}

	r := run(t, dir, nil, bin.assay, append([]string{"report", "--format", "json", "-o", "fleet.json"}, files...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "fleet.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Machines []struct {
			Label          string
			Servers        int
			LiteralSecrets int
			Unpinned       int
		}
		Servers []struct {
			Name     string
			Machines []string
			Versions []string
		}
		RiskyTools []struct {
			Tool     string
			Machines []string
		}
		Duplicates []struct {
			Label     string
			Sources   []string
			Identical bool
		}
		Totals     map[string]int
		Signatures []struct{ Status string }
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Machines) != n || got.Totals["machines"] != n {
		t.Errorf("%d machines (totals %d), want %d: duplicates double-counted?", len(got.Machines), got.Totals["machines"], n)
	}
	if len(got.Signatures) != len(files) {
		t.Errorf("%d signature rows for %d files", len(got.Signatures), len(files))
	}

	// Expected matrix, computed from the generator.
	wantMachines := map[string]int{}
	secrets, unpinned := 0, 0
	for i := range n {
		for k, s := range fleetServers {
			if has(i, k) {
				wantMachines[s.name]++
				if s.name == "github" && i%5 == 0 {
					secrets++
				}
				if s.name == "files" && i%4 == 0 {
					unpinned++
				}
			}
		}
	}
	if len(got.Servers) != len(fleetServers) {
		t.Errorf("%d servers, want %d", len(got.Servers), len(fleetServers))
	}
	for _, s := range got.Servers {
		if len(s.Machines) != wantMachines[s.Name] {
			t.Errorf("server %s on %d machines, want %d", s.Name, len(s.Machines), wantMachines[s.Name])
		}
		if s.Name == "memory" && strings.Join(s.Versions, ",") != "1.0.0,1.1.0,2.0.0" {
			t.Errorf("memory versions %v", s.Versions)
		}
	}
	if got.Totals["literalSecrets"] != secrets || got.Totals["unpinned"] != unpinned {
		t.Errorf("totals %v, want %d literal secrets and %d unpinned", got.Totals, secrets, unpinned)
	}
	sort.Slice(got.Duplicates, func(i, j int) bool { return got.Duplicates[i].Label < got.Duplicates[j].Label })
	if len(got.Duplicates) != 2 || got.Duplicates[0].Label != "machine-07" || !got.Duplicates[0].Identical ||
		got.Duplicates[1].Label != "machine-12" || got.Duplicates[1].Identical || len(got.Duplicates[1].Sources) != 2 {
		t.Errorf("duplicates %+v, want machine-07 identical and machine-12 changed", got.Duplicates)
	}
	shell := false
	for _, rt := range got.RiskyTools {
		if rt.Tool == "run_command" {
			shell = true
			if len(rt.Machines) != wantMachines["shell"] {
				t.Errorf("run_command on %d machines, want %d", len(rt.Machines), wantMachines["shell"])
			}
		}
	}
	if !shell {
		t.Errorf("run_command (shell execution) is not among the riskiest tools: %+v", got.RiskyTools)
	}

	md := run(t, dir, nil, bin.assay, append([]string{"report", "--format", "markdown"}, files...)...)
	if md.code != 0 {
		t.Fatalf("markdown: exit %d: %s", md.code, md.stderr)
	}
	for _, want := range []string{"# Assay fleet report", fmt.Sprintf("%d machines", n), "## Duplicate bundles", "machine-07-again.json", "## Signatures"} {
		if !strings.Contains(md.stdout, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	if bad := run(t, dir, nil, bin.assay, "report", "--format", "yaml", files[0]); bad.code != 64 {
		t.Errorf("--format yaml: exit %d, want 64", bad.code)
	}
}
