package hygiene

import (
	"sort"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/google/go-cmp/cmp"
)

func server(id string, c *model.ServerConfig) model.Server {
	return model.Server{Name: strings.Split(id, "@")[0], Identity: id, Transport: c.Transport, Source: "config", Config: c}
}

func run(b *model.Bundle, reports ...model.ServerReport) []string {
	f := &model.Findings{Servers: reports}
	Apply(b, f)
	var out []string
	for _, fd := range f.Findings {
		out = append(out, fd.ID+" "+fd.Server+" "+fd.Element)
	}
	sort.Strings(out)
	return out
}

// TestFactRules gives each fact-driven rule a positive and a negative
// sample.
func TestFactRules(t *testing.T) {
	cases := []struct {
		name string
		fact model.ConfigFact
		cfg  model.ServerConfig
		want []string
	}{
		{"literal secret", model.ConfigFact{Kind: "literal_secret", Location: "env.GITHUB_TOKEN", Detail: "ghp_ prefix"},
			model.ServerConfig{Transport: "stdio", Auth: "literal_secret"}, []string{"AUTH-001 s@stdio:npx config:env.GITHUB_TOKEN"}},
		{"escalation", model.ConfigFact{Kind: "escalation", Location: "command", Detail: "sudo"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, []string{"HYG-001 s@stdio:npx config:command"}},
		{"shell", model.ConfigFact{Kind: "shell_launcher", Location: "args[1]"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, []string{"HYG-002 s@stdio:npx config:args[1]"}},
		{"download", model.ConfigFact{Kind: "shell_download", Location: "args[1]"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, []string{"HYG-003 s@stdio:npx config:args[1]"}},
		{"code loading", model.ConfigFact{Kind: "code_loading_env", Location: "env.LD_PRELOAD"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, []string{"HYG-004 s@stdio:npx config:env.LD_PRELOAD"}},
		{"unpinned", model.ConfigFact{Kind: "unpinned_package", Location: "args[1]"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, []string{"HYG-005 s@stdio:npx config:args[1]"}},
		{"mismatch", model.ConfigFact{Kind: "version_mismatch", Location: "args[1]"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, []string{"HYG-006 s@stdio:npx config:args[1]"}},
		{"plain http, credential", model.ConfigFact{Kind: "plain_http", Location: "url"},
			model.ServerConfig{Transport: "stdio", Auth: "env_ref", HeaderNames: []string{"Authorization"}}, []string{"AUTH-004 s@stdio:npx config:url"}},
		{"plain http, no credential", model.ConfigFact{Kind: "plain_http", Location: "url"},
			model.ServerConfig{Transport: "stdio", Auth: "oauth"}, []string{"HYG-009 s@stdio:npx config:url"}},
		{"unknown fact kind", model.ConfigFact{Kind: "something_new", Location: "x"},
			model.ServerConfig{Transport: "stdio", Auth: "none"}, nil},
	}
	for _, c := range cases {
		cfg := c.cfg
		cfg.Facts = []model.ConfigFact{c.fact}
		b := &model.Bundle{Servers: []model.Server{server("s@stdio:npx", &cfg)}}
		if diff := cmp.Diff(c.want, run(b)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
		// Negative: the same config without the fact raises nothing.
		cfg.Facts = nil
		if got := run(b); got != nil {
			t.Errorf("%s without the fact: %v", c.name, got)
		}
	}
}

func TestAuthPosture(t *testing.T) {
	remote := func(auth, host string) *model.ServerConfig {
		return &model.ServerConfig{Client: "cursor", Scope: "user", File: "~/.cursor/mcp.json", Line: 3, Transport: "http", URLHost: host, Auth: auth}
	}
	tools := func(effects ...string) model.ServerReport {
		r := model.ServerReport{Identity: "r@http:mcp.example.com"}
		for i, e := range effects {
			r.Tools = append(r.Tools, model.ToolReport{Name: "t" + string(rune('a'+i)), Effect: e})
		}
		return r
	}
	cases := []struct {
		name   string
		cfg    *model.ServerConfig
		report *model.ServerReport
		want   []string
	}{
		{"no auth, no classification", remote("none", "mcp.example.com"), nil, []string{"AUTH-002 r@http:mcp.example.com config:auth"}},
		{"no auth, read-only tools", remote("none", "mcp.example.com"), ptr(tools("read", "read")), []string{"AUTH-002 r@http:mcp.example.com config:auth"}},
		{"no auth, write tool", remote("none", "mcp.example.com"), ptr(tools("read", "write")), []string{"AUTH-003 r@http:mcp.example.com config:auth"}},
		{"no auth, irreversible tool", remote("none", "mcp.example.com"), ptr(tools("irreversible")), []string{"AUTH-003 r@http:mcp.example.com config:auth"}},
		{"env ref", remote("env_ref", "mcp.example.com"), ptr(tools("write")), nil},
		{"oauth", remote("oauth", "mcp.example.com"), ptr(tools("external")), nil},
		{"helper", remote("helper_command", "mcp.example.com"), ptr(tools("write")), nil},
		{"loopback", remote("none", "localhost:3000"), ptr(tools("write")), nil},
		{"loopback ip", remote("none", "127.0.0.1:8080"), ptr(tools("write")), nil},
		{"stdio", &model.ServerConfig{Transport: "stdio", Auth: "none"}, ptr(tools("write")), nil},
		{"disabled", &model.ServerConfig{Transport: "http", URLHost: "mcp.example.com", Auth: "none", Disabled: true}, ptr(tools("write")), nil},
	}
	for _, c := range cases {
		b := &model.Bundle{Servers: []model.Server{server("r@http:mcp.example.com", c.cfg)}}
		var reports []model.ServerReport
		if c.report != nil {
			reports = append(reports, *c.report)
		}
		if diff := cmp.Diff(c.want, run(b, reports...)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestAuth003NamesTools(t *testing.T) {
	cfg := &model.ServerConfig{Client: "cursor", Scope: "user", File: "~/.cursor/mcp.json", Line: 3, Transport: "http", URLHost: "x.example", Auth: "none"}
	b := &model.Bundle{Servers: []model.Server{server("r@http:x.example", cfg)}}
	f := &model.Findings{Servers: []model.ServerReport{{Identity: "r@http:x.example", Tools: []model.ToolReport{{Name: "delete_repo", Effect: "irreversible"}, {Name: "get", Effect: "read"}}}}}
	Apply(b, f)
	if len(f.Findings) != 1 || f.Findings[0].Severity != model.SevCritical {
		t.Fatalf("findings = %+v", f.Findings)
	}
	ev := f.Findings[0].Evidence
	if !strings.Contains(ev, "delete_repo (irreversible)") || strings.Contains(ev, "get (read)") || !strings.Contains(ev, "~/.cursor/mcp.json:3") {
		t.Errorf("evidence = %q", ev)
	}
}

func TestShadowing(t *testing.T) {
	ctx := model.Context{ID: "cursor@app", Client: "cursor", Root: "app", Servers: []model.ContextServer{
		{Name: "browser", Identity: "browser@stdio:npx", Scope: "project", Enabled: true},
		{Name: "browser", Identity: "browser@stdio:npx", Scope: "user", ShadowedBy: "project"},
		{Name: "github", Identity: "github@stdio:docker", Scope: "local", Enabled: true},
		{Name: "github", Identity: "github@stdio:npx", Scope: "user", ShadowedBy: "local"},
		{Name: "solo", Identity: "solo@stdio:node", Scope: "user", Enabled: true},
	}}
	got := run(&model.Bundle{Contexts: []model.Context{ctx}})
	want := []string{
		"HYG-007 browser@stdio:npx context:cursor@app",
		"HYG-008 github@stdio:npx context:cursor@app",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDeclarationsAndDedupe(t *testing.T) {
	// One server declared in two clients: each declaration's facts count,
	// and identical findings are not repeated.
	fact := model.ConfigFact{Kind: "unpinned_package", Location: "args[1]", Detail: "npx pkg (no version)"}
	also := model.ServerConfig{Client: "claude-desktop", Scope: "user", File: "~/Library/Application Support/Claude/claude_desktop_config.json", Transport: "stdio", Auth: "none", Facts: []model.ConfigFact{fact}}
	cfg := &model.ServerConfig{Client: "cursor", Scope: "user", File: "~/.cursor/mcp.json", Transport: "stdio", Auth: "none", Facts: []model.ConfigFact{fact, fact}, Also: []model.ServerConfig{also}}
	b := &model.Bundle{Servers: []model.Server{server("m@stdio:npx", cfg)}}
	f := &model.Findings{}
	Apply(b, f)
	if len(f.Findings) != 2 {
		t.Fatalf("want 2 findings (one per declaration), got %d", len(f.Findings))
	}
	if f.Findings[0].Item == f.Findings[1].Item {
		t.Error("declarations share an item; their fingerprints would collide")
	}
}

func TestRulesInCatalogue(t *testing.T) {
	for _, id := range []string{"AUTH-001", "AUTH-002", "AUTH-003", "AUTH-004", "HYG-001", "HYG-002", "HYG-003", "HYG-004", "HYG-005", "HYG-006", "HYG-007", "HYG-008", "HYG-009"} {
		r, ok := catalog.Lookup(id)
		if !ok {
			t.Errorf("%s missing", id)
			continue
		}
		if r.Title == "" || r.Help == "" || r.Remediation == "" || model.SeverityRank(r.Severity) < 0 {
			t.Errorf("%s incomplete", id)
		}
		want := map[string]string{"AUTH": model.CatAuth, "HYG": model.CatHygiene}[strings.Split(id, "-")[0]]
		if r.Category != want {
			t.Errorf("%s category %s", id, r.Category)
		}
	}
}

func TestNilSafe(t *testing.T) {
	Apply(nil, nil)
	Apply(&model.Bundle{Servers: []model.Server{{Identity: "x"}}}, &model.Findings{})
}
