package collectkit

import (
	"fmt"
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseServerFlag(t *testing.T) {
	env := map[string]string{"TOKEN": "s3cret", "ORG": "acme"}
	getenv := func(k string) string { return env[k] }
	cases := []struct {
		spec    string
		headers []string
		want    Target
		err     string
	}{
		{spec: "npx -y @modelcontextprotocol/server-memory@2026.8.31",
			want: Target{Name: "server-memory", Transport: "stdio", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-memory@2026.8.31"}}},
		{spec: `node "/opt/my server/index.js" --root 'a b' x\ y`,
			want: Target{Name: "my server", Transport: "stdio", Command: "node", Args: []string{"/opt/my server/index.js", "--root", "a b", "x y"}}},
		{spec: "node /x/node_modules/@modelcontextprotocol/server-memory/dist/index.js",
			want: Target{Name: "server-memory", Transport: "stdio", Command: "node", Args: []string{"/x/node_modules/@modelcontextprotocol/server-memory/dist/index.js"}}},
		{spec: "python3 -m mcp_server_time --local-timezone UTC",
			want: Target{Name: "mcp_server_time", Transport: "stdio", Command: "python3", Args: []string{"-m", "mcp_server_time", "--local-timezone", "UTC"}}},
		{spec: "node weather.mjs",
			want: Target{Name: "weather", Transport: "stdio", Command: "node", Args: []string{"weather.mjs"}}},
		{spec: "uvx mcp-server-fetch",
			want: Target{Name: "mcp-server-fetch", Transport: "stdio", Command: "uvx", Args: []string{"mcp-server-fetch"}}},
		{spec: "docker run -i --rm ghcr.io/github/github-mcp-server:latest",
			want: Target{Name: "github-mcp-server", Transport: "stdio", Command: "docker", Args: []string{"run", "-i", "--rm", "ghcr.io/github/github-mcp-server:latest"}}},
		{spec: "https://mcp.example.com/mcp", headers: []string{"Authorization: Bearer ${TOKEN}", "X-Org: $ORG"},
			want: Target{Name: "mcp.example.com", Transport: "http", URL: "https://mcp.example.com/mcp",
				Headers: map[string]string{"Authorization": "Bearer s3cret", "X-Org": "acme"}}},
		{spec: "sse+http://127.0.0.1:3001/sse",
			want: Target{Name: "127.0.0.1", Transport: "sse", URL: "http://127.0.0.1:3001/sse"}},
		{spec: "", err: "empty"},
		{spec: "   ", err: "empty"},
		{spec: `node "unterminated`, err: "unterminated double quote"},
		{spec: "node 'x", err: "unterminated single quote"},
		{spec: "https://mcp.example.com", headers: []string{"Authorization: Bearer abc123literal"}, err: "must come from an environment variable"},
		{spec: "https://mcp.example.com", headers: []string{"Authorization: Bearer ${MISSING}"}, err: "MISSING is not set"},
		{spec: "https://mcp.example.com", headers: []string{"no colon here ${TOKEN}"}, err: "want 'Name: value'"},
		{spec: "https://user:pw@mcp.example.com/", err: "credentials in the URL"},
		{spec: "npx some-server", headers: []string{"A: ${TOKEN}"}, err: "URL servers only"},
	}
	for _, c := range cases {
		got, err := ParseServerFlag(c.spec, c.headers, getenv)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.spec, err, c.err)
			}
			if err != nil && strings.Contains(err.Error(), "s3cret") {
				t.Errorf("%q: error leaks the secret: %v", c.spec, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.spec, err)
			continue
		}
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", c.spec, d)
		}
	}
}

func TestPassEnv(t *testing.T) {
	getenv := func(k string) string { return map[string]string{"GITHUB_TOKEN": "ghp_x"}[k] }
	tg, err := PassEnv(Target{Transport: "stdio", Command: "x"}, []string{"GITHUB_TOKEN"}, getenv)
	if err != nil || tg.Env["GITHUB_TOKEN"] != "ghp_x" {
		t.Errorf("PassEnv: %v %v", tg.Env, err)
	}
	for _, bad := range [][]string{{"NOT_SET"}, {"A=B"}, {"1X"}} {
		if _, err := PassEnv(Target{Transport: "stdio"}, bad, getenv); err == nil {
			t.Errorf("PassEnv(%v) accepted", bad)
		}
	}
	if _, err := PassEnv(Target{Transport: "http"}, []string{"GITHUB_TOKEN"}, getenv); err == nil {
		t.Error("PassEnv accepted an HTTP target")
	}
}

// TestTargetHidesSecrets: printing a target with %v or %#v must not show
// env or header values.
func TestTargetHidesSecrets(t *testing.T) {
	tg := Target{Name: "x", Env: map[string]string{"T": "s3cret"}, Headers: map[string]string{"A": "s3cret"}}
	for _, s := range []string{fmtV(tg), fmtGoV(tg)} {
		if strings.Contains(s, "s3cret") {
			t.Errorf("target formats its secret: %s", s)
		}
	}
}

// TestRefuseCurrentDirectory: a bare command that resolves to an
// executable in the current directory is not started.
func TestRefuseCurrentDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "POSIX PATH semantics")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "evil-tool"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	t.Setenv("PATH", ".:"+os.Getenv("PATH"))
	p := makePlan(Target{Transport: "stdio", Command: "evil-tool"})
	if p.refused == nil || !strings.Contains(p.refused.Message, "current directory") {
		t.Fatalf("plan %+v, want a refusal", p)
	}
	if strings.Contains(p.refused.Message, dir) {
		t.Errorf("refusal quotes the absolute path: %s", p.refused.Message)
	}
	// An explicit path is the operator's choice and is allowed.
	if p := makePlan(Target{Transport: "stdio", Command: "./evil-tool"}); p.refused != nil || p.path != filepath.Join(dir, "evil-tool") {
		t.Errorf("explicit ./evil-tool: %+v", p)
	}
	// A program on PATH proper is fine.
	if p := makePlan(Target{Transport: "stdio", Command: "sh"}); p.refused != nil || !filepath.IsAbs(p.path) {
		t.Errorf("sh: %+v", p)
	}
}

func fmtV(t Target) string   { return fmt.Sprintf("%v %+v", t, t) }
func fmtGoV(t Target) string { return fmt.Sprintf("%#v", t) }

// TestGenericEntryNamed: a server whose entry file says only what it is
// (launcher.js, index.js, main.js, server.js) is named by the package
// that holds it, else by its directory, never "launcher".
func TestGenericEntryNamed(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "node_modules", "@acme", "weather-mcp")
	if err := os.MkdirAll(filepath.Join(pkg, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name":"@acme/weather-mcp","version":"1.0.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, entry := range []string{"launcher.js", "index.js", "main.js", "server.js", "dist/launcher.mjs"} {
		tg, err := ParseServerFlag("node "+filepath.Join(pkg, entry), nil, nil)
		if err != nil || tg.Name != "weather-mcp" {
			t.Errorf("%s: named %q (%v), want the package weather-mcp", entry, tg.Name, err)
		}
	}
	// No package.json: the directory names it.
	tg, _ := ParseServerFlag("node /opt/billing-bridge/launcher.js", nil, nil)
	if tg.Name != "billing-bridge" {
		t.Errorf("/opt/billing-bridge/launcher.js: named %q, want billing-bridge", tg.Name)
	}
}
