package config

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ctxRow is one server row of a context: "name scope enabled shadowedBy".
func ctxRows(inv *Inventory, id string) []string {
	for _, c := range inv.Contexts {
		if c.ID != id {
			continue
		}
		var rows []string
		for _, s := range c.Servers {
			rows = append(rows, fmt.Sprintf("%s %s %s en=%v by=%s", s.Name, s.Identity, s.Scope, s.Enabled, s.ShadowedBy))
		}
		return rows
	}
	return nil
}

func contextIDs(inv *Inventory) []string {
	var ids []string
	for _, c := range inv.Contexts {
		ids = append(ids, c.ID)
	}
	return ids
}

// TestPrecedence checks each client's scope resolution on its fixture:
// the expected rows are written from the clients' documented precedence
// (Claude Code local > project > user; Cursor, VS Code, Gemini CLI,
// Codex, Zed, Roo project > user), not copied from output.
func TestPrecedence(t *testing.T) {
	cases := []struct {
		fixture, goos string
		contexts      []string
		ctx           string
		rows          []string
	}{
		{"claude-code/linux", "linux", []string{"claude-code@app", "claude-code@lib"}, "claude-code@app", []string{
			"db db@stdio:sudo local en=true by=",
			"docs docs@sse:docs.example.com user en=true by=",
			"fs fs@stdio:npx project en=true by=",
			"github github@stdio:docker local en=true by=",
			"github github@stdio:npx project en=false by=local",
			"github github@stdio:npx user en=false by=local",
			"sentry sentry@http:mcp.sentry.dev project en=true by=",
			"sentry sentry@http:mcp.sentry.dev user en=false by=project",
		}},
		{"claude-code/linux", "linux", nil, "claude-code@lib", []string{
			"docs docs@sse:docs.example.com user en=true by=",
			"github github@stdio:npx user en=true by=",
			"sentry sentry@http:mcp.sentry.dev user en=true by=",
		}},
		{"claude-desktop/darwin", "darwin", []string{"claude-desktop"}, "claude-desktop", []string{
			"filesystem filesystem@stdio:npx user en=true by=",
			"github github@stdio:npx user en=true by=",
			"slack slack@stdio:npx user en=true by=",
		}},
		{"claude-desktop/windows", "windows", []string{"claude-desktop"}, "claude-desktop", []string{
			"admin-tools admin-tools@stdio:runas user en=true by=",
			"everything everything@stdio:cmd user en=true by=",
			"search search@stdio:npx user en=true by=", // npx.cmd is npx
		}},
		{"cursor/linux", "linux", []string{"cursor@app", "cursor@lib"}, "cursor@app", []string{
			"browser browser@stdio:npx project en=true by=",
			"browser browser@stdio:npx user en=false by=project",
			"context7 context7@http:mcp.context7.com user en=true by=",
			"local-tools local-tools@stdio:node project en=true by=",
			"pg pg@stdio:uvx user en=true by=",
		}},
		{"vscode/darwin", "darwin", []string{"vscode@app", "vscode@lib", "vscode#profile-3f2a9c@app", "vscode#profile-3f2a9c@lib"}, "vscode@app", []string{
			"github github@http:api.githubcopilot.com user en=true by=",
			"legacy-fetch legacy-fetch@stdio:uvx user en=true by=",
			"memory memory@stdio:bash project en=true by=",
			"memory memory@stdio:npx user en=false by=project",
			"memory memory@stdio:npx user en=false by=project",
		}},
		{"vscode/darwin", "darwin", nil, "vscode#profile-3f2a9c@lib", []string{
			"jira jira@sse:jira.corp.example:8080 user en=true by=",
			"memory memory@stdio:npx user en=true by=",
		}},
		{"vscode/windows", "windows", []string{"vscode@app", "vscode@lib"}, "vscode@lib", []string{
			"azure azure@stdio:azmcp user en=true by=",
		}},
		{"windsurf/linux", "linux", []string{"windsurf"}, "windsurf", []string{
			"figma figma@http:mcp.figma.com user en=true by=",
			"git git@stdio:uvx user en=false by=",
		}},
		{"gemini-cli/linux", "linux", []string{"gemini-cli@app", "gemini-cli@lib"}, "gemini-cli@app", []string{
			"events events@stdio:node project en=true by=",
			"events events@sse:events.example.com user en=false by=project",
			"experimental experimental@stdio:python user en=false by=", // mcp.excluded
			"gcp gcp@http:gcp.example.com user en=true by=",
			"github github@http:api.githubcopilot.com user en=true by=",
		}},
		{"codex/linux", "linux", []string{"codex@app", "codex@lib"}, "codex@app", []string{
			"context7 context7@stdio:npx project en=true by=",
			"context7 context7@stdio:npx user en=false by=project",
			"installer installer@stdio:sh user en=true by=",
			"linear linear@http:mcp.linear.app user en=true by=",
			"stripe stripe@http:mcp.stripe.com user en=true by=",
			"weird.name weird.name@stdio:helper user en=false by=",
		}},
		{"zed/linux", "linux", []string{"zed@app", "zed@lib"}, "zed@app", []string{
			"old-style old-style@stdio:mcp-old user en=true by=",
			"postgres postgres@stdio:npx project en=true by=",
			"postgres postgres@stdio:npx user en=false by=project",
			"remote remote@http:mcp.example.org user en=true by=",
		}},
		{"zed/windows", "windows", []string{"zed@app", "zed@lib"}, "zed@app", []string{
			"win win@stdio:powershell user en=true by=",
		}},
		{"continue/linux", "linux", []string{"continue@app", "continue@lib"}, "continue@app", []string{
			"Browser search Browser search@stdio:npx user en=true by=",
			"Remote Docs Remote Docs@http:docs.example.com user en=true by=",
			"SQLite SQLite@stdio:npx user en=true by=",
			"fs fs@stdio:npx project en=true by=",
		}},
		{"copilot-cli/linux", "linux", []string{"copilot-cli"}, "copilot-cli", []string{
			"context7 context7@http:mcp.context7.com user en=true by=",
			"playwright playwright@stdio:npx user en=true by=",
		}},
		{"cline/windows", "windows", []string{"cline"}, "cline", []string{
			"aws aws@stdio:uvx user en=false by=",
			"brave-search brave-search@stdio:npx user en=true by=",
			"remote remote@http:api.example.net user en=true by=",
		}},
		{"roo/darwin", "darwin", []string{"roo@app", "roo@lib"}, "roo@app", []string{
			"fetch fetch@stdio:uvx project en=true by=",
			"fetch fetch@stdio:uvx user en=false by=project",
			"remote remote@http:mcp.example.io user en=true by=",
		}},
	}
	for _, c := range cases {
		t.Run(c.fixture+"/"+c.ctx, func(t *testing.T) {
			inv, _ := discoverFixture(t, c.fixture, c.goos)
			if c.contexts != nil {
				if diff := cmp.Diff(c.contexts, contextIDs(inv)); diff != "" {
					t.Errorf("contexts (-want +got):\n%s", diff)
				}
			}
			if diff := cmp.Diff(c.rows, ctxRows(inv, c.ctx)); diff != "" {
				t.Errorf("context %s (-want +got):\n%s", c.ctx, diff)
			}
		})
	}
}

// factRows lists "identity client/scope location kind" for every
// declaration's facts, sorted.
func factRows(inv *Inventory) []string {
	var rows []string
	for _, e := range inv.Servers {
		for _, c := range declsOf(e) {
			for _, f := range c.Facts {
				rows = append(rows, fmt.Sprintf("%s %s/%s %s %s", e.Identity, c.Client, c.Scope, f.Location, f.Kind))
			}
			rows = append(rows, fmt.Sprintf("%s %s/%s auth=%s", e.Identity, c.Client, c.Scope, c.Auth))
		}
	}
	sort.Strings(rows)
	return rows
}

// TestFacts checks the hygiene facts recorded for each fixture against
// what its entries contain (written by reading the fixture).
func TestFacts(t *testing.T) {
	cases := []struct {
		fixture, goos string
		want          []string
	}{
		{"claude-code/linux", "linux", []string{
			"db@stdio:sudo claude-code/local auth=env_ref",
			"db@stdio:sudo claude-code/local command escalation",
			"docs@sse:docs.example.com claude-code/user auth=env_ref",
			"fs@stdio:npx claude-code/project auth=none",
			"github@stdio:docker claude-code/local args[5] unpinned_package",
			"github@stdio:docker claude-code/local auth=env_ref",
			"github@stdio:npx claude-code/project auth=none",
			"github@stdio:npx claude-code/user args[1] unpinned_package",
			"github@stdio:npx claude-code/user auth=literal_secret",
			"github@stdio:npx claude-code/user env.GITHUB_PERSONAL_ACCESS_TOKEN literal_secret",
			"sentry@http:mcp.sentry.dev claude-code/project auth=none",
			"sentry@http:mcp.sentry.dev claude-code/user auth=none",
		}},
		{"claude-desktop/windows", "windows", []string{
			"admin-tools@stdio:runas claude-desktop/user auth=none",
			"admin-tools@stdio:runas claude-desktop/user command escalation",
			"everything@stdio:cmd claude-desktop/user args[1] shell_launcher",
			"everything@stdio:cmd claude-desktop/user args[1] unpinned_package",
			"everything@stdio:cmd claude-desktop/user auth=none",
			"search@stdio:npx claude-desktop/user args[3] literal_secret",
			"search@stdio:npx claude-desktop/user auth=literal_secret",
		}},
		{"cursor/linux", "linux", []string{
			"browser@stdio:npx cursor/project args[1] version_mismatch",
			"browser@stdio:npx cursor/project auth=none",
			"browser@stdio:npx cursor/user args[0] unpinned_package",
			"browser@stdio:npx cursor/user auth=none",
			"context7@http:mcp.context7.com cursor/user auth=env_ref",
			"local-tools@stdio:node cursor/project auth=none",
			"local-tools@stdio:node cursor/project env.NODE_OPTIONS code_loading_env",
			"pg@stdio:uvx cursor/user args[0] unpinned_package",
			"pg@stdio:uvx cursor/user auth=literal_secret",
			"pg@stdio:uvx cursor/user env.DATABASE_URI literal_secret",
		}},
		{"codex/linux", "linux", []string{
			"context7@stdio:npx codex/project args[1] version_mismatch",
			"context7@stdio:npx codex/project auth=none",
			"context7@stdio:npx codex/user args[1] unpinned_package",
			"context7@stdio:npx codex/user auth=none", // NODE_OPTIONS without a preload is benign
			"installer@stdio:sh codex/user args[1] shell_download",
			"installer@stdio:sh codex/user auth=none",
			"linear@http:mcp.linear.app codex/user auth=env_ref",
			"stripe@http:mcp.stripe.com codex/user auth=literal_secret",
			"stripe@http:mcp.stripe.com codex/user headers.Authorization literal_secret",
			"weird.name@stdio:helper codex/user auth=none",
		}},
		{"vscode/darwin", "darwin", []string{
			"github@http:api.githubcopilot.com vscode/user auth=env_ref",
			"jira@sse:jira.corp.example:8080 vscode/user auth=literal_secret",
			"jira@sse:jira.corp.example:8080 vscode/user headers.Authorization literal_secret",
			"jira@sse:jira.corp.example:8080 vscode/user url plain_http",
			"legacy-fetch@stdio:uvx vscode/user args[0] unpinned_package",
			"legacy-fetch@stdio:uvx vscode/user auth=none",
			"memory@stdio:bash vscode/project args[1] shell_launcher",
			"memory@stdio:bash vscode/project args[1] unpinned_package",
			"memory@stdio:bash vscode/project auth=none",
			"memory@stdio:npx vscode/user args[1] unpinned_package",
			"memory@stdio:npx vscode/user args[1] unpinned_package",
			"memory@stdio:npx vscode/user auth=none",
			"memory@stdio:npx vscode/user auth=none",
			"memory@stdio:npx vscode/user auth=none",
		}},
		{"gemini-cli/linux", "linux", []string{
			"events@sse:events.example.com gemini-cli/user auth=none",
			"events@stdio:node gemini-cli/project auth=env_ref",
			"experimental@stdio:python gemini-cli/user auth=none",
			"experimental@stdio:python gemini-cli/user env.PYTHONPATH code_loading_env",
			"gcp@http:gcp.example.com gemini-cli/user auth=oauth",
			"github@http:api.githubcopilot.com gemini-cli/user auth=literal_secret",
			"github@http:api.githubcopilot.com gemini-cli/user headers.Authorization literal_secret",
		}},
		{"zed/linux", "linux", []string{
			"old-style@stdio:mcp-old zed/user auth=none",
			"old-style@stdio:mcp-old zed/user env.LD_PRELOAD code_loading_env",
			"postgres@stdio:npx zed/project args[1] unpinned_package",
			"postgres@stdio:npx zed/project auth=none",
			"postgres@stdio:npx zed/user args[1] unpinned_package",
			"postgres@stdio:npx zed/user auth=literal_secret",
			"postgres@stdio:npx zed/user env.DATABASE_URL literal_secret",
			"remote@http:mcp.example.org zed/user auth=env_ref",
		}},
		{"zed/windows", "windows", []string{
			"win@stdio:powershell zed/user args[2] shell_download",
			"win@stdio:powershell zed/user auth=none",
		}},
		{"cline/windows", "windows", []string{
			"aws@stdio:uvx cline/user args[0] unpinned_package",
			"aws@stdio:uvx cline/user auth=literal_secret",
			"aws@stdio:uvx cline/user env.AWS_ACCESS_KEY_ID literal_secret",
			"aws@stdio:uvx cline/user env.AWS_SECRET_ACCESS_KEY literal_secret",
			"brave-search@stdio:npx cline/user args[1] unpinned_package",
			"brave-search@stdio:npx cline/user auth=literal_secret",
			"brave-search@stdio:npx cline/user env.BRAVE_API_KEY literal_secret",
			"remote@http:api.example.net cline/user auth=none",
		}},
	}
	for _, c := range cases {
		t.Run(c.fixture, func(t *testing.T) {
			inv, _ := discoverFixture(t, c.fixture, c.goos)
			sort.Strings(c.want)
			if diff := cmp.Diff(c.want, factRows(inv)); diff != "" {
				t.Errorf("facts (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMalformedIsReportedAndRestAnalysed(t *testing.T) {
	inv, _ := discoverFixture(t, "cursor/linux", "linux")
	var msgs []string
	for _, e := range inv.Errors {
		msgs = append(msgs, e.Code+": "+e.Message)
	}
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "config_parse: {lib}/.cursor/mcp.json: ") {
		t.Errorf("errors = %q, want one config_parse naming {lib}/.cursor/mcp.json", msgs)
	}
	if len(inv.Servers) == 0 {
		t.Error("the readable files were not analysed")
	}
	inv, _ = discoverFixture(t, "continue/linux", "linux")
	msgs = nil
	for _, e := range inv.Errors {
		msgs = append(msgs, e.Code+": "+e.Message)
	}
	want := []string{`bad_entry: ~/.continue/config.yaml: server "broken": neither command nor url`}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestLineNumbers(t *testing.T) {
	cases := []struct {
		fixture, goos, identity, scope string
		line                           int
	}{
		{"claude-code/linux", "linux", "github@stdio:npx", "user", 4},
		{"claude-code/linux", "linux", "db@stdio:sudo", "local", 21},
		{"codex/linux", "linux", "stripe@http:mcp.stripe.com", "user", 14},
		{"codex/linux", "linux", "weird.name@stdio:helper", "user", 18},
		{"continue/linux", "linux", "Remote Docs@http:docs.example.com", "user", 12},
		{"zed/linux", "linux", "remote@http:mcp.example.org", "user", 14},
		{"claude-desktop/darwin", "darwin", "slack@stdio:npx", "user", 7}, // file starts with a BOM
	}
	for _, c := range cases {
		inv, _ := discoverFixture(t, c.fixture, c.goos)
		got := -1
		for _, e := range inv.Servers {
			if e.Identity != c.identity {
				continue
			}
			for _, d := range declsOf(e) {
				if d.Scope == c.scope {
					got = d.Line
				}
			}
		}
		if got != c.line {
			t.Errorf("%s %s line = %d, want %d", c.fixture, c.identity, got, c.line)
		}
	}
}

func TestClientFilter(t *testing.T) {
	root := fixtureRoot(t, "cursor/linux", "codex/linux")
	opts := fixtureOptions(root, "linux")
	opts.Clients = []string{Codex}
	inv, err := Discover(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range inv.Contexts {
		if c.Client != Codex {
			t.Errorf("context %s present with --client codex", c.ID)
		}
	}
	if len(inv.Contexts) != 2 {
		t.Errorf("contexts = %v, want codex@app and codex@lib", contextIDs(inv))
	}
	opts.Clients = []string{"notepad"}
	if _, err := Discover(opts); err == nil {
		t.Error("unknown client accepted")
	}
}

func TestOneServerAcrossClients(t *testing.T) {
	root := fixtureRoot(t, "claude-code/linux", "cursor/linux")
	// The same memory server in two clients is one identity.
	inv, err := Discover(fixtureOptions(root, "linux"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, e := range inv.Servers {
		seen[e.Identity]++
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("identity %s listed %d times", id, n)
		}
	}
	// browser@stdio:npx is declared by cursor only; github@stdio:npx by
	// claude-code only; both clients' contexts refer to servers by identity.
	ids := map[string]bool{}
	for _, e := range inv.Servers {
		ids[e.Identity] = true
	}
	for _, c := range inv.Contexts {
		for _, s := range c.Servers {
			if !ids[s.Identity] {
				t.Errorf("context %s refers to unknown identity %s", c.ID, s.Identity)
			}
		}
	}
}

func TestExplicitFiles(t *testing.T) {
	root := fixtureRoot(t, "codex/linux", "continue/linux", "windsurf/linux")
	inv, err := Discover(&Options{Home: root + "/home", OS: "linux", Files: []string{
		root + "/home/.codex/config.toml",
		root + "/home/.continue/config.yaml",
		root + "/home/.codeium/windsurf/mcp_config.json",
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"codex", "continue", "windsurf"}
	if diff := cmp.Diff(want, contextIDs(inv)); diff != "" {
		t.Errorf("contexts (-want +got):\n%s", diff)
	}
}

func TestIdentity(t *testing.T) {
	if Identity("gh", "http", "API.GitHubCopilot.com") != Identity("gh", "http", "api.githubcopilot.com") {
		t.Error("hosts must compare case-insensitively")
	}
	if Identity("a", "stdio", "npx") == Identity("a", "http", "npx") {
		t.Error("transport must be part of identity")
	}
	if Identity("a", "stdio", "npx") == Identity("b", "stdio", "npx") {
		t.Error("name must be part of identity")
	}
}

func TestSecretWhereANameGoes(t *testing.T) {
	// A token pasted as the package or as the script's program must not
	// reach a fact's detail.
	src := &source{Client: "x", Scope: ScopeUser}
	for _, m := range []map[string]any{
		{"command": "npx", "args": []any{"-y", "ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6"}},
		{"command": "bash", "args": []any{"-c", "CANARYq8Zr3L0pXw5Tn2Yb7Kd4Mf6Hs9Jv1Gc --serve"}},
	} {
		d, err := normalize(src, "s", m)
		if err != nil {
			t.Fatal(err)
		}
		c := redactedConfig(d, "f", "")
		for _, f := range c.Facts {
			if strings.Contains(f.Detail+f.Location, "CANARY") {
				t.Errorf("fact leaks: %+v", f)
			}
		}
		for _, a := range c.Args {
			if strings.Contains(a, "CANARY") {
				t.Errorf("arg leaks: %q", a)
			}
		}
	}
}
