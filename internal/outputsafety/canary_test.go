//go:build linux

package outputsafety

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/canary"
	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/internal/testenv"
)

// canaryEnvShapes are literal secrets given in a server's env, which the
// echo server repeats in its instructions, a description and _meta.
var canaryEnvShapes = []string{
	"sk-CANARY40-aB3dE5gH7jK9mN1pQ3", "ghp_CANARY41aBcDeF1234567890xyzXYZ",
	"postgres://app:CANARY42pw@db.internal:5432/prod", "xoxb-CANARY43-1234567890-abcdefABCDEF",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJDQU5BUlk0NCJ9.CANARY44sig_abcdefghijk",
}

// canaryRemote are remote shapes: a URL and its headers (on a port where
// nothing listens, so collection fails fast and says so on stderr).
var canaryRemote = []struct {
	url     string
	headers map[string]string
}{
	{"http://127.0.0.1:9/mcp?key=CANARY50", nil},
	{"http://user:CANARY51@127.0.0.1:9/mcp", nil},
	{"http://127.0.0.1:9/tenants/CANARY52/mcp", nil},
	{"http://127.0.0.1:9/mcp#CANARY53", nil},
	{"http://127.0.0.1:9/mcp;jsessionid=CANARY54", nil},
	{"http://127.0.0.1:9/mcp", map[string]string{"Authorization": "Bearer CANARY55-abcdef0123456789"}},
	{"http://127.0.0.1:9/mcp", map[string]string{"X-Api-Key": "CANARY56-abcdef0123456789"}},
	{"http://127.0.0.1:9/mcp", map[string]string{"Cookie": "session=CANARY57"}},
	{"http://127.0.0.1:9/mcp", map[string]string{"X-Tenant": "CANARY58"}},
}

// TestCanaryMatrix: argument, env, URL, header, path (project folder,
// home paths), metadata (a server's "metadata" and _meta) and stderr
// shapes, each carrying CANARY, through every output of 'assay scan
// --connect' (bundle, findings, HTML, SARIF, markdown, table, consent,
// stderr) and of assay-collect (dry-run, consent, bundle, stderr), without
// --anonymize: no output holds any canary.
func TestCanaryMatrix(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := workDir(t)
	home := filepath.Join(dir, "home")
	project := filepath.Join(dir, "CANARY60-client-project") // a path shape: the project folder
	for _, d := range []string{home, project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	servers := map[string]any{}
	shapes := 0
	for i, a := range canary.ArgShapes() {
		servers[fmt.Sprintf("arg%02d", i+1)] = map[string]any{"command": "true", "args": append([]string{"server.js"}, a...)}
		shapes++
	}
	for i, v := range canaryEnvShapes {
		servers[fmt.Sprintf("env%02d", i+1)] = map[string]any{"command": exe, "env": map[string]string{
			hostile.EnvMode: hostile.ModeEcho, hostile.EnvEcho: v, hostile.EnvEchoMeta: fmt.Sprintf("owner CANARY%02d@corp", 70+i)}}
		shapes += 2 // the env value, and the metadata the server sends
	}
	for i, r := range canaryRemote {
		servers[fmt.Sprintf("remote%02d", i+1)] = map[string]any{"type": "http", "url": r.url, "headers": r.headers}
		shapes++
	}
	// A server that echoes its token on stderr and dies.
	servers["dies"] = map[string]any{"command": exe, "env": map[string]string{hostile.EnvMode: hostile.ModeDies, "HOSTILE_TOKEN": hostile.DiesSecret}}
	shapes += 2 // the stderr secret, the project folder
	if shapes < 30 {
		t.Fatalf("%d shapes; the matrix needs at least 30", shapes)
	}
	cfg, _ := json.MarshalIndent(map[string]any{"mcpServers": servers}, "", "  ")
	if err := os.WriteFile(filepath.Join(project, ".mcp.json"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+home, "USER=alice")
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	file := func(name string) string { return filepath.Join(out, name) }
	common := []string{"--project", project, "--client", "claude-code", "--connect", "--yes", "--parallel", "8"}
	outputs := map[string]string{}
	for _, format := range []string{"table", "sarif", "markdown"} {
		args := append([]string{"scan", "--format", format}, common...)
		if format == "table" {
			args = append(args, "--bundle", file("scan-bundle.json"), "--findings", file("findings.json"), "--html", file("report.html"))
		}
		r := runEnv(t, env, bin.assay, args...)
		if r.code >= 64 {
			t.Fatalf("assay scan --format %s: exit %d: %s", format, r.code, r.stderr)
		}
		outputs["scan "+format] = r.stdout
		outputs["scan stderr (consent, progress) "+format] = r.stderr
	}
	r := runEnv(t, env, bin.collect, append([]string{"--dry-run"}, common...)...)
	outputs["collect dry-run"] = r.stdout + r.stderr
	r = runEnv(t, env, bin.collect, append([]string{"--out", file("collect-bundle.json")}, common...)...)
	if r.code >= 64 && r.code != 69 {
		t.Fatalf("assay-collect: exit %d: %s", r.code, r.stderr)
	}
	outputs["collect stderr (consent, progress)"] = r.stdout + r.stderr
	for _, f := range []string{"scan-bundle.json", "findings.json", "report.html", "collect-bundle.json"} {
		data, err := os.ReadFile(file(f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		outputs[f] = string(data)
	}
	// The servers ran and the shapes were seen: otherwise the test proves
	// nothing.
	if !strings.Contains(outputs["scan stderr (consent, progress) table"], "Assay will start") ||
		strings.Count(outputs["scan-bundle.json"], "Search the workspace. Key in use") != len(canaryEnvShapes) ||
		!strings.Contains(outputs["scan stderr (consent, progress) table"], "dies: the server exited") {
		t.Fatalf("the matrix did not run: consent, echoing servers or the crash missing:\n%s", outputs["scan stderr (consent, progress) table"])
	}
	for name, text := range outputs {
		up := strings.ToUpper(text)
		for _, leak := range []string{"CANARY", strings.ToUpper(hostile.DiesSecret), strings.ToUpper(home), "ALICE"} {
			if i := strings.Index(up, leak); i >= 0 {
				t.Errorf("%s leaks %q: …%s…", name, leak, text[max(0, i-60):min(len(text), i+60)])
			}
		}
	}
	t.Logf("%d shapes × %d outputs, 0 leaks expected", shapes, len(outputs))
}

// runEnv runs prog with env to completion under a scaled deadline.
func runEnv(t *testing.T, env []string, prog string, args ...string) result {
	t.Helper()
	ctx := testenv.Context(t, 2*time.Minute)
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %v: did not finish", filepath.Base(prog), args)
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("%s: %v", prog, err)
	}
	return result{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
}
