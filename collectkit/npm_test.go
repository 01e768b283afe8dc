package collectkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/assay-mcp/assay/internal/testenv"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// Integration tests against real MCP servers from npm, installed at the
// versions of the captures in testdata/npm by
// scripts/install-npm-servers.sh into $ASSAY_NPM_DIR (default
// .cache/npm-servers at the repository root).

const npmVersion = "2026.8.31"

// capture is the part of a corpus capture the tests compare.
type capture struct {
	ProtocolVersion   string            `json:"protocolVersion"`
	ServerInfo        json.RawMessage   `json:"serverInfo"`
	Capabilities      json.RawMessage   `json:"capabilities"`
	Instructions      *string           `json:"instructions"`
	Tools             []json.RawMessage `json:"tools"`
	Prompts           []json.RawMessage `json:"prompts"`
	Resources         []json.RawMessage `json:"resources"`
	ResourceTemplates []json.RawMessage `json:"resourceTemplates"`
}

func loadCapture(t *testing.T, pkg string) capture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "npm", "modelcontextprotocol__"+pkg+"@"+npmVersion+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var c capture
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// npmServers returns the node_modules directory of the installed servers
// and the node program. Without them the tests skip, except under CI,
// where a missing install is a failure.
func npmServers(t *testing.T) (modules, node string) {
	t.Helper()
	dir := os.Getenv("ASSAY_NPM_DIR")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), ".cache", "npm-servers")
	}
	modules = filepath.Join(dir, "node_modules", "@modelcontextprotocol")
	missing := func(why string) {
		msg := fmt.Sprintf("real MCP servers not available (%s); run scripts/install-npm-servers.sh or set ASSAY_NPM_DIR", why)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		testenv.Skip(t, "npm-servers", msg)
	}
	if _, err := os.Stat(filepath.Join(modules, "server-memory", "package.json")); err != nil {
		missing(modules + " is empty")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	return modules, node
}

func entry(modules, pkg string) string {
	return filepath.Join(modules, pkg, "dist", "index.js")
}

// realTargets are the three servers started over stdio as the capture
// started them.
func realTargets(t *testing.T) ([]Target, []string) {
	modules, node := npmServers(t)
	work := t.TempDir()
	return []Target{
		{Name: "everything", Transport: "stdio", Command: node, Args: []string{entry(modules, "server-everything"), "stdio"}},
		{Name: "filesystem", Transport: "stdio", Command: node, Args: []string{entry(modules, "server-filesystem"), work}},
		{Name: "memory", Transport: "stdio", Command: node, Args: []string{entry(modules, "server-memory")},
			Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(work, "memory.jsonl")}},
	}, []string{"server-everything", "server-filesystem", "server-memory"}
}

// TestRealServersStdio collects the three servers in one parallel run and
// compares every definition with the capture of the same version.
func TestRealServersStdio(t *testing.T) {
	targets, pkgs := realTargets(t)
	start := time.Now()
	servers, err := Collect(context.Background(), targets, &Options{Yes: true, Parallel: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("parallel collection of %d servers: %v", len(targets), time.Since(start))
	for i, s := range servers {
		t.Run(pkgs[i], func(t *testing.T) {
			compareWithCapture(t, s, loadCapture(t, pkgs[i]))
			if s.Transport != "stdio" || s.Source != "live" || s.Endpoint != "node" {
				t.Errorf("transport %q source %q endpoint %q", s.Transport, s.Source, s.Endpoint)
			}
			checkNoLocalData(t, s)
		})
	}
}

// TestRealServerStreamableHTTP starts server-everything in its Streamable
// HTTP mode on a loopback port and collects it over HTTP.
func TestRealServerStreamableHTTP(t *testing.T) {
	modules, node := npmServers(t)
	url := startHTTPServer(t, node, entry(modules, "server-everything"), "streamableHttp", "/mcp")
	servers, err := Collect(context.Background(), []Target{{Name: "everything-http", Transport: "http", URL: url}}, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := servers[0]
	if s.Transport != "http" || s.Endpoint != strings.TrimPrefix(strings.TrimSuffix(url, "/mcp"), "http://") {
		t.Errorf("transport %q endpoint %q", s.Transport, s.Endpoint)
	}
	compareWithCapture(t, s, loadCapture(t, "server-everything"))
}

// TestRealServerLegacySSE points the default (Streamable HTTP) transport
// at server-everything's legacy HTTP+SSE endpoint: collection must fall
// back to the 2024-11-05 transport and still get everything.
func TestRealServerLegacySSE(t *testing.T) {
	modules, node := npmServers(t)
	url := startHTTPServer(t, node, entry(modules, "server-everything"), "sse", "/sse")
	servers, err := Collect(context.Background(), []Target{{Name: "everything-sse", Transport: "http", URL: url}}, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := servers[0]
	if s.Transport != "sse" {
		t.Errorf("transport %q, want the sse fallback", s.Transport)
	}
	compareWithCapture(t, s, loadCapture(t, "server-everything"))
}

// startHTTPServer runs an HTTP-mode server on a free port and returns its
// URL once it accepts connections.
func startHTTPServer(t *testing.T, node, script, mode, path string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := fmt.Sprint(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	cmd := exec.Command(node, script, mode)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "PORT=" + port}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+port, 200*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s server did not listen on %s: %s", mode, port, stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "http://127.0.0.1:" + port + path
}

// compareWithCapture checks names, counts and every raw field of every
// definition against the corpus capture, comparing canonical JSON.
func compareWithCapture(t *testing.T, s model.Server, c capture) {
	t.Helper()
	if len(s.Errors) > 0 {
		t.Errorf("collection errors: %+v", s.Errors)
	}
	if s.ProtocolVersion != c.ProtocolVersion {
		t.Errorf("protocol %q, capture %q", s.ProtocolVersion, c.ProtocolVersion)
	}
	if got, want := names(t, s.Tools, "name"), names(t, c.Tools, "name"); !cmp.Equal(got, want) {
		t.Errorf("tool names differ (-capture +got):\n%s", cmp.Diff(want, got))
	}
	sameRaw(t, "serverInfo", s.ServerInfo, c.ServerInfo)
	sameRaw(t, "capabilities", s.Capabilities, c.Capabilities)
	if (s.Instructions == nil) != (c.Instructions == nil) || (s.Instructions != nil && *s.Instructions != *c.Instructions) {
		t.Errorf("instructions differ")
	}
	sameList(t, "tools", s.Tools, c.Tools)
	sameList(t, "prompts", s.Prompts, c.Prompts)
	sameList(t, "resources", s.Resources, c.Resources)
	sameList(t, "resourceTemplates", s.ResourceTemplates, c.ResourceTemplates)
}

func sameList(t *testing.T, what string, got, want []json.RawMessage) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d served, capture has %d", what, len(got), len(want))
		return
	}
	for i := range got {
		sameRaw(t, fmt.Sprintf("%s[%d]", what, i), got[i], want[i])
	}
}

func sameRaw(t *testing.T, what string, got, want json.RawMessage) {
	t.Helper()
	g, err1 := canon.JSON(got)
	w, err2 := canon.JSON(want)
	if err1 != nil || err2 != nil {
		t.Errorf("%s: canonical JSON: %v %v", what, err1, err2)
		return
	}
	if d := cmp.Diff(string(w), string(g)); d != "" {
		t.Errorf("%s differs from the capture (-capture +got):\n%s", what, d)
	}
}

func names(t *testing.T, items []json.RawMessage, key string) []string {
	t.Helper()
	var out []string
	for _, raw := range items {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(m[key]))
	}
	return out
}

// checkNoLocalData asserts the server entry, as it goes into a bundle,
// holds no absolute path, user name or env value.
func checkNoLocalData(t *testing.T, s model.Server) {
	t.Helper()
	s.Tools, s.Prompts, s.Resources, s.ResourceTemplates = nil, nil, nil, nil // served text
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	home, _ := os.UserHomeDir()
	for _, bad := range []string{os.TempDir(), home, repoRoot(t), "memory.jsonl"} {
		if bad != "" && bytes.Contains(data, []byte(bad)) {
			t.Errorf("server entry contains local data %q: %s", bad, data)
		}
	}
}

// BenchmarkCollectRealServers measures one collection of the three real
// servers with all of them at once and one after another.
func BenchmarkCollectRealServers(b *testing.B) {
	for _, par := range []int{3, 1} {
		b.Run(fmt.Sprintf("parallel=%d", par), func(b *testing.B) {
			targets := benchTargets(b)
			for b.Loop() {
				servers, err := Collect(context.Background(), targets, &Options{Yes: true, Parallel: par})
				if err != nil {
					b.Fatal(err)
				}
				for _, s := range servers {
					if len(s.Errors) > 0 || len(s.Tools) == 0 {
						b.Fatalf("%s: %+v", s.Name, s.Errors)
					}
				}
			}
		})
	}
}

func benchTargets(b *testing.B) []Target {
	dir := os.Getenv("ASSAY_NPM_DIR")
	if dir == "" {
		wd, _ := os.Getwd()
		dir = filepath.Join(filepath.Dir(wd), ".cache", "npm-servers")
	}
	modules := filepath.Join(dir, "node_modules", "@modelcontextprotocol")
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(modules); serr != nil || err != nil {
		testenv.Skip(b, "npm-servers", "real MCP servers not installed; run scripts/install-npm-servers.sh")
	}
	work := b.TempDir()
	return []Target{
		{Name: "everything", Transport: "stdio", Command: node, Args: []string{entry(modules, "server-everything"), "stdio"}},
		{Name: "filesystem", Transport: "stdio", Command: node, Args: []string{entry(modules, "server-filesystem"), work}},
		{Name: "memory", Transport: "stdio", Command: node, Args: []string{entry(modules, "server-memory")},
			Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(work, "memory.jsonl")}},
	}
}
