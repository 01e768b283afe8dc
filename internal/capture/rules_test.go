package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/report/model"
)

func TestReserved(t *testing.T) {
	for _, tc := range []struct {
		pkg  string
		want bool
	}{
		{"@azure/mcp", true},
		{"@Azure/MCP", true},
		{"azure/mcp", false}, // npm has no such unscoped name; the @ is added
		{"@azure/mcp-linux-x64", true},
		{"@azure/mcp-darwin-arm64", true},
		{"@azure/mcp-server-foo", false},
		{"tavily-mcp", true},
		{"tavily-mcp-plus", false},
		{"mcp-git", true},
		{"mcp-git-ingest", false},
		{"obsidian-mcp", true},
		{"obsidian-mcp-server", false},
		{"@modelcontextprotocol/server-pdf", true},
		{"@modelcontextprotocol/server-memory", false},
		{"zeeg/dex", true},                       // "dex" alone is the listed @zeeg/dex without its scope
		{"@mongodb-js/mongodb-mcp-server", true}, // the same server under an earlier scope
		{"@someone/tavily-mcp", true},
		{"@someone/mcp-server", false}, // a generic name alone says nothing
		{"@someone/mcp", false},
		{"figma-context-mcp", true}, // republished under another name
		{"fetch-mcp", true},         // the same, of fetcher-mcp
		{"fetch-mcp-server", false},
		{"@zeeg/dex", true},
	} {
		if got := reserved(tc.pkg); got != tc.want {
			t.Errorf("reserved(%q) = %v, want %v", tc.pkg, got, tc.want)
		}
	}
	// Every listed name is refused, in npm's spelling.
	for _, n := range reservedNames {
		if strings.Contains(n, "/") {
			n = "@" + n
		}
		if !reserved(n) {
			t.Errorf("listed package %q is not refused", n)
		}
	}
}

func TestFileSlug(t *testing.T) {
	for pkg, want := range map[string]string{
		"@scope/name": "scope__name@1.2.3",
		"plain-mcp":   "plain-mcp@1.2.3",
	} {
		got := fileSlug(pkg, "1.2.3")
		if got != want {
			t.Errorf("fileSlug(%q) = %q, want %q", pkg, got, want)
		}
		if back := slugPackage(got); back != pkg {
			t.Errorf("slugPackage(%q) = %q, want %q", got, back, pkg)
		}
	}
}

func TestWorthSettingAndDummyValue(t *testing.T) {
	for _, tc := range []struct {
		name  string
		worth bool
		value string
	}{
		{"GITHUB_TOKEN", true, dummyToken},
		{"OPENAI_API_KEY", true, dummyToken},
		{"DATABASE_URL", true, "postgres://user:pass@127.0.0.1:1/db"},
		{"MONGODB_URI", true, "mongodb://user:pass@127.0.0.1:1/db"},
		{"POSTGRES_PASSWORD", true, "dummy-password"},
		{"JIRA_BASE_URL", true, dummyURL},
		{"SMTP_HOST", true, "127.0.0.1"},
		{"NOTES_DIR", true, "$DATA"},
		{"GOOGLE_APPLICATION_CREDENTIALS", true, "$DATA/dummy.json"},
		{"AWS_REGION", true, "us-east-1"},
		{"MCP_TRANSPORT", false, ""},
		{"PORT", false, ""},
		{"LOG_LEVEL", false, ""},
		{"HTTP_PORT", false, ""},
		{"ENABLE_TOOLS", false, ""},
		{"NODE_ENV", false, ""},
		{"PATH", false, ""},
		{"README_TITLE", false, ""},
	} {
		if got := worthSetting(tc.name); got != tc.worth {
			t.Errorf("worthSetting(%q) = %v, want %v", tc.name, got, tc.worth)
		}
		if tc.worth {
			if got := dummyValue(tc.name); got != tc.value {
				t.Errorf("dummyValue(%q) = %q, want %q", tc.name, got, tc.value)
			}
		}
	}
}

func TestNamesIn(t *testing.T) {
	text := "Error: LINEAR_API_KEY is required. Set LINEAR_API_KEY or MCP_TRANSPORT=http; see DEBUG_MODE and TEAMKEY"
	got := namesIn(text, 10)
	want := []string{"LINEAR_API_KEY", "TEAMKEY"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("namesIn (-want +got):\n%s", diff)
	}
}

const sampleReadme = "## Setup\n\n```json\n{\n  \"mcpServers\": {\n    \"acme\": {\n" +
	"      \"command\": \"npx\",\n      \"args\": [\"-y\", \"acme-mcp@latest\", \"--stdio\", \"--root\", \"/path/to/notes\", \"--api-key\", \"YOUR_KEY\", \"https://acme.example.com\"],\n" +
	"      \"env\": { \"ACME_TOKEN\": \"<your token>\", \"ACME_READ_ONLY\": \"true\", \"ACME_MODE\": \"<mode>\" }\n" +
	"    }\n  }\n}\n```\n\nOther servers: `\"args\": [\"other-pkg\", \"x\"]`.\n"

func TestReadmeSnippet(t *testing.T) {
	sn := readmeSnippet(sampleReadme, "acme-mcp")
	wantArgs := []string{"--stdio", "--root", "$DATA", "--api-key", dummyToken, dummyURL}
	if diff := cmp.Diff(wantArgs, snippetArgs(sn.Args)); diff != "" {
		t.Errorf("args (-want +got):\n%s", diff)
	}
	// The token gets a dummy, the plain literal is kept, the placeholder
	// of a non-credential setting is left out.
	wantEnv := map[string]string{"ACME_TOKEN": dummyToken, "ACME_READ_ONLY": "true"}
	if diff := cmp.Diff(wantEnv, snippetEnv(sn.Env)); diff != "" {
		t.Errorf("env (-want +got):\n%s", diff)
	}
	if other := readmeSnippet(sampleReadme, "missing-pkg"); other.Args != nil {
		t.Errorf("a README that never runs the package gave args %q", other.Args)
	}
}

func TestPlanRetries(t *testing.T) {
	l := &layout{home: "/tmp/x/home"}
	p := newPlan("acme-mcp", "no config here", l)
	first := p.next(nil)
	if first.Env["API_KEY"] == "" || len(first.Args) != 0 {
		t.Fatalf("first attempt = %+v", first)
	}
	crashed := &live.Result{Stderr: "Error: ACME_SECRET_KEY environment variable is required\n",
		Errors: []model.CollectionError{{Code: live.CodeCrashed, Message: "the server exited (exit status 1)"}}}
	p.record(first, crashed)
	second := p.next(crashed)
	if second.Env["ACME_SECRET_KEY"] != dummyToken {
		t.Fatalf("second attempt did not set the variable stderr named: %+v", second.Env)
	}
	p.record(second, crashed)
	// Nothing new on stderr: a crash without a named need tries a folder
	// argument once.
	plain := &live.Result{Stderr: "boom", Errors: crashed.Errors}
	third := p.next(plain)
	if !slices.Equal(third.Args, []string{"$DATA"}) {
		t.Fatalf("third attempt args = %q, want the data folder", third.Args)
	}
	p.record(third, plain)
	if fourth := p.next(plain); fourth.Env != nil {
		t.Fatalf("a fourth attempt with nothing new was planned: %+v", fourth)
	}
	// A timeout (a server waiting for something) does not get a folder
	// argument by guess.
	q := newPlan("slow-mcp", "", l)
	a := q.next(nil)
	timedOut := &live.Result{Errors: []model.CollectionError{{Code: live.CodeTimeout, Message: "no complete answer before the timeout"}}}
	q.record(a, timedOut)
	if b := q.next(timedOut); b.Env != nil {
		t.Fatalf("a timed-out start was retried with nothing new: %+v", b)
	}
}

func TestRedistributable(t *testing.T) {
	for lic, want := range map[string]bool{
		"MIT": true, "ISC": true, "Apache-2.0": true, "BSD-3-Clause": true, "MPL-2.0": true,
		"(MIT OR Apache-2.0)": true, "GPL-3.0-or-later": true, "AGPL-3.0": true,
		"MIT AND CC-BY-4.0": true, "UNLICENSED": false, "": false, "SEE LICENSE IN LICENSE.md": false,
		"FSL-1.1-ALv2": false, "BUSL-1.1": false, "MIT AND Proprietary": false, "SSPL-1.0 OR Elastic-2.0": false,
	} {
		if got := redistributable(lic); got != want {
			t.Errorf("redistributable(%q) = %v, want %v", lic, got, want)
		}
	}
}

func TestSelectRules(t *testing.T) {
	for name, want := range map[string]string{
		"@modelcontextprotocol/sdk": "sdk",
		"mcp-remote":                "remote",
		"@acme/mcp-client":          "client",
		"weather-mcp-server":        "",
		"@acme/jira-mcp":            "",
	} {
		if got := libraryWord(name); got != want {
			t.Errorf("libraryWord(%q) = %q, want %q", name, got, want)
		}
	}
	rows := []pkgRow{
		{name: "tavily-mcp", downloads: 900},
		{name: "known-mcp", downloads: 800},
		{name: "@a/x-mcp", downloads: 700},
		{name: "@a/y-mcp", downloads: 600},
		{name: "z-mcp-server", downloads: 500, summary: "An MCP server for Z"},
		{name: "left-pad", downloads: 10000},
	}
	got, dropped := choose(rows, map[string]bool{"known-mcp": true}, selectOptions{perScope: 1})
	var names []string
	for _, r := range got {
		names = append(names, r.name)
	}
	if diff := cmp.Diff([]string{"z-mcp-server", "@a/x-mcp"}, names); diff != "" {
		t.Errorf("choose (-want +got):\n%s", diff)
	}
	if dropped["reserved (shared/RESERVED.md)"] != 1 || dropped["already in testdata/corpus"] != 1 {
		t.Errorf("dropped = %v", dropped)
	}
}

func TestScrub(t *testing.T) {
	home := "/tmp/assay-npmcap/x-1/home"
	in := `{"description":"Reads files under /tmp/assay-npmcap/x-1/home/data and \/tmp\/assay-npmcap\/x-1\/home\/project; config at /root/.config, not /rootfs or /x/root/y"}`
	got := string(scrubRaw([]byte(in), home))
	want := `{"description":"Reads files under /home/user/data and /home/user\/project; config at /home/user/.config, not /rootfs or /x/root/y"}`
	if got != want {
		t.Errorf("scrubRaw:\n got %s\nwant %s", got, want)
	}
	if tl := tail("\x1b[31mred\x1b[0m\x07 ok\n", 100); tl != "red ok\n" {
		t.Errorf("tail = %q", tl)
	}
}

func TestUsageHints(t *testing.T) {
	usage := "Usage: xcodebuildmcp <command> [options]\n\nCommands:\n  init   Install the skill\n  mcp    Start the MCP server\n  upgrade  Check for updates\n"
	if got := serverSubcommand(usage); got != "mcp" {
		t.Errorf("serverSubcommand = %q, want mcp", got)
	}
	if got := serverSubcommand("No command registered for `--`, did you mean `start`?"); got != "start" {
		t.Errorf("serverSubcommand of a suggestion = %q, want start", got)
	}
	if got := serverSubcommand("Error: boom\n  at start (file.js:1)\n"); got != "" {
		t.Errorf("serverSubcommand of a stack trace = %q, want none", got)
	}
	l := &layout{home: "/tmp/x/home"}
	p := newPlan("expo-mcp", "", l)
	a := p.next(nil)
	res := &live.Result{Stderr: "error: required option '--dev-server-url <devServerUrl>' not specified\n",
		Errors: []model.CollectionError{{Code: live.CodeCrashed, Message: "the server exited (exit status 1)"}}}
	p.record(a, res)
	b := p.next(res)
	if want := []string{"--dev-server-url", dummyURL}; !slices.Equal(b.Args, want) {
		t.Errorf("args after a required option = %q, want %q", b.Args, want)
	}
	sn := readmeSnippet("Run it:\n\n    npx -y shell-mcp@latest --stdio --dir ~/notes && echo done\n", "shell-mcp")
	if want := []string{"--stdio", "--dir", "$DATA"}; !slices.Equal(snippetArgs(sn.Args), want) {
		t.Errorf("npx example args = %q, want %q", snippetArgs(sn.Args), want)
	}
}

func TestPlanFallsBackToInitialize(t *testing.T) {
	p := newPlan("rmcp-server", "", &layout{home: "/tmp/x/home"})
	a := p.next(nil)
	res := &live.Result{Stderr: `Error: unexpected request { method: "server/discover" }`,
		Errors: []model.CollectionError{{Code: live.CodeCrashed, Message: "the server exited (exit status 2)"}}}
	p.record(a, res)
	b := p.next(res)
	if b.Protocol != initializeEra || len(b.Args) != 0 {
		t.Fatalf("after failing on server/discover: %+v, want protocol %s and no guessed folder", b, initializeEra)
	}
}

func TestScrubCutPath(t *testing.T) {
	home := "/tmp/assay-npmcap/supabase-mcp_1.5.0-1356021115/home"
	in := "abase-mcp_1.5.0-1356021115/home/project/node_modules/x.js:6:23) at file:///tmp/assay-npmcap/supabase-mcp_1.5.0-1356021115/home/project/y.js"
	want := "/home/user/project/node_modules/x.js:6:23) at file:///home/user/project/y.js"
	if got := scrubText(in, home); got != want {
		t.Errorf("scrubText:\n got %s\nwant %s", got, want)
	}
}

func TestAssignArgument(t *testing.T) {
	p := newPlan("vercel-mcp", "", &layout{home: "/tmp/x/home"})
	a := p.next(nil)
	res := &live.Result{Stderr: "Error: Missing Vercel API key\nUsage: node script.js VERCEL_API_KEY=<YOUR_API_KEY>\n",
		Errors: []model.CollectionError{{Code: live.CodeCrashed, Message: "the server exited (exit status 1)"}}}
	p.record(a, res)
	b := p.next(res)
	if !slices.Contains(b.Args, "VERCEL_API_KEY="+dummyToken) {
		t.Errorf("args = %q, want the NAME=VALUE argument", b.Args)
	}
}
