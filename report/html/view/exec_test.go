package view

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		w    string
		want string
	}{{1, "server", "1 server"}, {0, "server", "0 servers"}, {2, "tool", "2 tools"}, {3, "class", "3 classes"}} {
		if got := plural(c.n, c.w); got != c.want {
			t.Errorf("plural(%d, %q) = %q, want %q", c.n, c.w, got, c.want)
		}
	}
}

// TestReaderEvidence: internal signal names never reach a reader; other
// evidence is left as written.
func TestReaderEvidence(t *testing.T) {
	for in, want := range map[string]string{
		"scope_features: …all files…":            "Asks for broad scope: …all files…",
		"preference_cooccurrence: …always use":   "Tells the model to prefer this tool: …always use",
		"no_confirmation_i18n: …sans confirm":    "No confirmation (non-English)",
		"brand_new_rule: text":                   "Brand new rule: text",
		"1 of 6 tools declare no hints: x":       "1 of 6 tools declares no hints: x",
		"1 of 1 tools have an unknown effect: y": "1 of 1 tool has an unknown effect: y",
		"2 of 6 tools declare no hints: x, y":    "2 of 6 tools declare no hints: x, y",
		"private data: a/b; untrusted input":     "private data: a/b; untrusted input",
	} {
		got := readerEvidence(in)
		if in == "no_confirmation_i18n: …sans confirm" {
			if got != "No confirmation (non-English): …sans confirm" {
				t.Errorf("readerEvidence(%q) = %q", in, got)
			}
			continue
		}
		if got != want {
			t.Errorf("readerEvidence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEndpointNamesWhatRuns(t *testing.T) {
	for _, c := range []struct {
		s    model.ServerReport
		want string
	}{
		{model.ServerReport{Endpoint: "npx", Config: &model.ServerConfig{Command: "npx", Package: &model.PackageRef{Name: "@playwright/mcp", Version: "0.0.70"}}}, "@playwright/mcp@0.0.70"},
		{model.ServerReport{Endpoint: "node", Config: &model.ServerConfig{Command: "node", Args: []string{"--inspect", "/srv/mcp/dist/index.js"}}}, "node index.js"},
		{model.ServerReport{Endpoint: "node"}, "node"},
		{model.ServerReport{Endpoint: "api.example.test", Config: &model.ServerConfig{URLHost: "api.example.test"}}, "api.example.test"},
	} {
		if got := endpoint(c.s); got != c.want {
			t.Errorf("endpoint(%+v) = %q, want %q", c.s.Config, got, c.want)
		}
	}
}

func TestNoConfigSaysWhereServersCameFrom(t *testing.T) {
	live := &model.Findings{Servers: []model.ServerReport{{Source: "live"}}}
	if got := noConfig(live); strings.Contains(got, "stored surfaces") {
		t.Errorf("live scan says %q", got)
	}
	stored := &model.Findings{Servers: []model.ServerReport{{Source: "surface"}}}
	if got := noConfig(stored); !strings.Contains(got, "stored surfaces") {
		t.Errorf("stored surface says %q", got)
	}
}

// TestGroupsShareACause: the same rule at the same severity on many
// tools is one group; groups are ordered by severity, then category.
func TestGroupsShareACause(t *testing.T) {
	fs := []model.Finding{
		{ID: "HYG-001", Category: model.CatHygiene, Severity: model.SevLow, Title: "dup", Tool: "a"},
		{ID: "CAP-007", Category: model.CatCapability, Severity: model.SevHigh, Title: "code"},
		{ID: "HYG-001", Category: model.CatHygiene, Severity: model.SevLow, Title: "dup", Tool: "b"},
		{ID: "INJ-002", Category: model.CatInjection, Severity: model.SevHigh, Title: "markup"},
		{ID: "AUTH-001", Category: model.CatAuth, Severity: model.SevCritical, Title: "secret"},
	}
	gs := groups(fs)
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	if got := strings.Join(ids, " "); got != "AUTH-001 CAP-007 INJ-002 HYG-001" {
		t.Errorf("group order %q", got)
	}
	if n := len(gs[3].Items); n != 2 {
		t.Errorf("HYG-001 group has %d items, want 2", n)
	}
}

func TestSectionsExecFirstAndDriftFirstWhenComparing(t *testing.T) {
	d := &Doc{Findings: &model.Findings{}}
	if s := Sections(d); s[0].ID != "s-exec" {
		t.Errorf("first section %s", s[0].ID)
	}
	d.Diff, d.Meta.Mode = &Diff{}, "diff"
	if s := Sections(d); s[0].ID != "s-drift" || s[1].ID != "s-exec" {
		t.Errorf("comparison sections start %s, %s", s[0].ID, s[1].ID)
	}
}

// TestContextHeading: a context is headed like the table names it; the
// id is repeated only when it adds a variant.
func TestContextHeading(t *testing.T) {
	for _, c := range []struct {
		ctx  model.Context
		want string
	}{
		{model.Context{ID: "claude-desktop", Client: "claude-desktop"}, "claude-desktop (user scope)"},
		{model.Context{ID: "claude-code@project-1a2b3c", Client: "claude-code", Root: "project-1a2b3c"}, "claude-code in project-1a2b3c"},
		{model.Context{ID: "vscode-insiders@app", Client: "vscode", Root: "app"}, "vscode in app — vscode-insiders@app"},
	} {
		if got := contextHeading(c.ctx); got != c.want {
			t.Errorf("contextHeading(%+v) = %q, want %q", c.ctx, got, c.want)
		}
		if strings.Count(contextHeading(c.ctx), c.ctx.Client) > 1 && c.ctx.ID == c.ctx.Client {
			t.Errorf("%q repeats the client", contextHeading(c.ctx))
		}
	}
}

// TestReaderElement: element pointers reach readers as words.
func TestReaderElement(t *testing.T) {
	for in, want := range map[string]string{
		"tool:run/inputSchema/properties/path/description": "run, parameter path description",
		"server:instructions":                              "server instructions",
		"server:tools":                                     "tool list",
		"prompt:greet/description":                         "prompt greet description",
		"context:all":                                      "all servers together",
	} {
		if got := readerElement(in); got != want {
			t.Errorf("readerElement(%q) = %q, want %q", in, got, want)
		}
	}
	fd := model.Finding{Server: "s", Tool: "run", Element: "tool:run/inputSchema/properties/path/description"}
	if got := elementDetail(fd); got != "parameter path description" {
		t.Errorf("elementDetail = %q", got)
	}
	fd.Element = "tool:run"
	if got := elementDetail(fd); got != "" {
		t.Errorf("elementDetail of the tool itself = %q, want nothing", got)
	}
	if got := readerSets([]string{"tier:R4", "kind:egress"}); got != "tier R4, kind egress" {
		t.Errorf("readerSets = %q", got)
	}
}

// TestOtherKeyBanner: a valid signature by a key the reader did not pin
// is not called a changed or damaged file; a broken signature still is.
func TestOtherKeyBanner(t *testing.T) {
	other := signatures([]Signature{{Source: "b.json", Status: SigInvalid, KeyID: "ed25519:abc", OtherKey: true, Problem: "signed by ed25519:abc, which is not a pinned key"}}).HTML()
	if !strings.Contains(other, "signature itself is valid") || strings.Contains(other, "changed after signing") {
		t.Errorf("other key banner: %s", other)
	}
	broken := signatures([]Signature{{Source: "b.json", Status: SigInvalid, KeyID: "ed25519:abc", Problem: "signature invalid"}}).HTML()
	if !strings.Contains(broken, "changed after signing") {
		t.Errorf("broken signature banner: %s", broken)
	}
}
