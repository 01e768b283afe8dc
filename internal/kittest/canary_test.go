package kittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/assay-mcp/assay/internal/testenv"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// Canaries: unique strings planted wherever a client machine holds
// something that must not leave it. Each names its placement.
const (
	cEnvPlain   = "cnryEnvPlain7Q2w"        // a plain env value
	cEnvSecret  = "cnryEnvSecretZ9x4Lq8Wm3" // an API key env value
	cHeader     = "cnryHeaderV4k8r"         // an HTTP header value
	cArgToken   = "cnryArgTok5m"            // value after --token
	cArgKey     = "cnryArgKey6n"            // value of --api-key=
	cArgPath    = "cnryArgDir7o"            // a directory in a path argument
	cURLUser    = "cnryUrlUser1a"           // URL userinfo user
	cURLPass    = "cnryUrlPass2b"           // URL userinfo password
	cURLQuery   = "cnryUrlQuery3c"          // URL query value
	cURLPath    = "cnryUrlPath4p"           // URL path segment
	cUser       = "cnryUserName8d"          // the user name (and HOME path)
	cProjParent = "cnryProjParent9e"        // a project directory's parent path
	cStderr     = "cnryServerStderr3i"      // what the server prints on stderr
	// Named by design in a plain bundle, replaced with --anonymize:
	cHost       = "cnryhost1g"       // a URL host name
	cLabel      = "cnryLabel2h"      // the machine label
	cServerName = "cnryServerName4j" // a configured server name
	cProjBase   = "cnryProjBase0f"   // a project directory's own name
)

var alwaysHidden = []string{cEnvPlain, cEnvSecret, cHeader, cArgToken, cArgKey, cArgPath, cURLUser, cURLPass,
	cURLQuery, cURLPath, cUser, cProjParent, cStderr}

var hiddenWhenAnonymized = append(append([]string(nil), alwaysHidden...), cHost, cLabel, cServerName, cProjBase, "memory-server")

// npmMemory returns the installed server-memory entry point and node, or
// skips (fails under CI) as the collectkit integration tests do.
func npmMemory(t *testing.T) (entry, node string) {
	t.Helper()
	dir := os.Getenv("ASSAY_NPM_DIR")
	if dir == "" {
		root, _ := repoRoot()
		dir = filepath.Join(root, ".cache", "npm-servers")
	}
	entry = filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-memory", "dist", "index.js")
	missing := func(why string) {
		msg := fmt.Sprintf("real MCP server not available (%s); run scripts/install-npm-servers.sh or set ASSAY_NPM_DIR", why)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		testenv.Skip(t, "npm-servers", msg)
	}
	if _, err := os.Stat(entry); err != nil {
		missing(entry + " is missing")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	return entry, node
}

// canaryMachine is a fake client machine: a HOME named after the user,
// a Claude Code config declaring the real memory server (canaries in its
// env, arguments and stderr) and two remote servers (canaries in URL
// userinfo, path, query, host and a header), and two project roots.
func canaryMachine(t *testing.T) (root, proj, other string, env []string) {
	t.Helper()
	entry, node := npmMemory(t)
	root = t.TempDir()
	home := filepath.Join(root, "home", cUser)
	proj = filepath.Join(root, cProjParent, cProjBase)
	other = filepath.Join(root, cProjParent, "billing")
	tmp := filepath.Join(root, "tmp")
	for _, d := range []string{proj, other, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	preload := filepath.Join(root, "preload.cjs")
	writeFile(t, preload, `process.stderr.write("starting `+cStderr+`\n");`+"\n")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	cfg := map[string]any{"mcpServers": map[string]any{
		cServerName: map[string]any{
			"command": node,
			"args":    []string{"--require", preload, entry, "--token", cArgToken, "--api-key=" + cArgKey, filepath.Join(home, cArgPath, "data")},
			"env": map[string]string{
				"MEMORY_FILE_PATH": filepath.Join(home, "memory.jsonl"),
				"PLAIN_SETTING":    cEnvPlain,
				"API_KEY":          cEnvSecret,
			},
		},
		"remote": map[string]any{
			"type":    "http",
			"url":     "http://" + cURLUser + ":" + cURLPass + "@" + closed + "/" + cURLPath + "/mcp?key=" + cURLQuery,
			"headers": map[string]string{"X-Api-Key": cHeader},
		},
		"named-host": map[string]any{"type": "http", "url": "https://" + cHost + ".invalid/mcp"},
	}}
	data, _ := json.MarshalIndent(cfg, "", "  ")
	writeFile(t, filepath.Join(home, ".claude.json"), string(data))
	writeFile(t, filepath.Join(other, ".cursor", "mcp.json"), `{"mcpServers": {"ledger": {"url": "https://ledger.example.com/mcp"}}}`)
	env = []string{"HOME=" + home, "USER=" + cUser, "LOGNAME=" + cUser, "TMPDIR=" + tmp, "PATH=" + os.Getenv("PATH")}
	return root, proj, other, env
}

// findCanaries returns the canaries found in data, case-insensitively.
func findCanaries(data []byte, canaries []string) []string {
	var out []string
	low := bytes.ToLower(data)
	for _, c := range canaries {
		if bytes.Contains(low, []byte(strings.ToLower(c))) {
			out = append(out, c)
		}
	}
	return out
}

// checkWritten asserts every file created or changed under root since
// before holds no canary.
func checkWritten(t *testing.T, root string, before map[string]int64, canaries []string) []string {
	t.Helper()
	var written []string
	for p, size := range snapshot(t, root) {
		if old, ok := before[p]; ok && old == size {
			continue
		}
		written = append(written, p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if found := findCanaries(data, canaries); len(found) > 0 {
			t.Errorf("%s holds canaries %v", strings.TrimPrefix(p, root), found)
		}
	}
	return written
}

func checkOutput(t *testing.T, what string, r result, canaries []string) {
	t.Helper()
	if found := findCanaries([]byte(r.stdout), canaries); len(found) > 0 {
		t.Errorf("%s stdout holds canaries %v:\n%s", what, found, r.stdout)
	}
	if found := findCanaries([]byte(r.stderr), canaries); len(found) > 0 {
		t.Errorf("%s stderr holds canaries %v:\n%s", what, found, r.stderr)
	}
}

// liveMemory asserts the bundle holds the memory server as collected
// live, so the run really started it.
func liveMemory(t *testing.T, data []byte) {
	t.Helper()
	in, err := model.Decode("bundle.json", data)
	if err != nil || in.Bundle == nil {
		t.Fatalf("bundle does not decode: %v", err)
	}
	for _, s := range in.Bundle.Servers {
		if s.Source == "live" && s.ProtocolVersion != "" && len(s.Tools) >= 5 {
			return
		}
	}
	t.Fatalf("no live server with tools in the bundle: the real collection did not happen\n%s", data)
}

// TestCanaries runs real collections with --connect --yes against the
// real memory server and asserts no canary reaches the bundle, stdout,
// stderr or any file written; then the same for assay scan's findings,
// SARIF, HTML and bundle outputs.
func TestCanaries(t *testing.T) {
	hostname, _ := os.Hostname()
	t.Run("collect", func(t *testing.T) {
		root, proj, other, env := canaryMachine(t)
		canaries := alwaysHidden
		if len(hostname) >= 4 {
			canaries = append(canaries, hostname)
		}
		before := snapshot(t, root)
		r := run(t, proj, env, bin.collect, "--connect", "--yes", "--timeout", "20s", "--project", other, "--out", "bundle.json")
		if r.code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
		}
		data := assertAllowed(t, filepath.Join(proj, "bundle.json"))
		liveMemory(t, data)
		checkOutput(t, "assay-collect", r, canaries)
		written := checkWritten(t, root, before, canaries)
		if len(written) != 1 || filepath.Base(written[0]) != "bundle.json" {
			t.Errorf("files written: %v; want only the bundle", written)
		}
		if !strings.Contains(r.stderr, "wrote bundle.json") {
			t.Errorf("no summary on stderr: %s", r.stderr)
		}
		// The stderr placement is live: node with the preload really
		// prints the canary, so its absence above means something.
		_, node := npmMemory(t)
		out, _ := exec.Command(node, "--require", filepath.Join(root, "preload.cjs"), "-e", "").CombinedOutput()
		if !strings.Contains(string(out), cStderr) {
			t.Errorf("the preload did not print the stderr canary: %q", out)
		}
	})
	t.Run("collect-anonymized", func(t *testing.T) {
		root, proj, other, env := canaryMachine(t)
		before := snapshot(t, root)
		r := run(t, proj, env, bin.collect, "--connect", "--yes", "--timeout", "20s", "--project", other,
			"--anonymize", "consultant-salt", "--label", cLabel, "--out", "bundle.json")
		if r.code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
		}
		data := assertAllowed(t, filepath.Join(proj, "bundle.json"))
		liveMemory(t, data)
		if found := findCanaries(data, hiddenWhenAnonymized); len(found) > 0 {
			t.Errorf("anonymized bundle holds %v", found)
		}
		// stdout/stderr are the operator's own screen: the consent plan
		// names the configured servers so they know what starts.
		checkOutput(t, "assay-collect --anonymize", r, alwaysHidden)
		checkWritten(t, root, before, alwaysHidden)
		if !bytes.Contains(data, []byte(`"machine-`)) || !bytes.Contains(data, []byte(`"server-`)) {
			t.Errorf("labels missing from anonymized bundle")
		}
	})
	t.Run("assay-lock", func(t *testing.T) {
		root, proj, other, env := canaryMachine(t)
		before := snapshot(t, root)
		r := run(t, proj, env, bin.assay, "lock", "--project", other, "-o", "assay.lock")
		if r.code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
		}
		checkOutput(t, "assay lock", r, alwaysHidden)
		written := checkWritten(t, root, before, alwaysHidden)
		if len(written) != 1 || filepath.Base(written[0]) != "assay.lock" {
			t.Errorf("files written: %v; want only the lock", written)
		}
		data, _ := os.ReadFile(filepath.Join(proj, "assay.lock"))
		if !bytes.Contains(data, []byte(`"entrySha256"`)) || !bytes.Contains(data, []byte(`"argsHmac"`)) {
			t.Errorf("the memory server was not pinned:\n%s", data)
		}
		// With --connect the unreachable remote server refuses the lock:
		// exit 69, and the lock written before stays as it was.
		r = run(t, proj, env, bin.assay, "lock", "--connect", "--yes", "--timeout", "20s", "--project", other, "-o", "assay.lock")
		if r.code != 69 || !strings.Contains(r.stderr, "could not be reached") {
			t.Errorf("exit %d, want 69\nstderr: %s", r.code, r.stderr)
		}
		checkOutput(t, "assay lock --connect", r, alwaysHidden)
		if again, _ := os.ReadFile(filepath.Join(proj, "assay.lock")); !bytes.Equal(again, data) {
			t.Error("a refused lock replaced the previous one")
		}
	})
	t.Run("assay-scan", func(t *testing.T) {
		root, proj, other, env := canaryMachine(t)
		before := snapshot(t, root)
		r := run(t, proj, env, bin.assay, "scan", "--connect", "--yes", "--timeout", "20s", "--project", other,
			"--findings", "findings.json", "--bundle", "scan-bundle.json", "--html", "report.html", "--format", "sarif", "-o", "scan.sarif")
		if r.code >= 64 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
		}
		liveMemory(t, assertAllowed(t, filepath.Join(proj, "scan-bundle.json")))
		checkOutput(t, "assay scan", r, alwaysHidden)
		written := checkWritten(t, root, before, alwaysHidden)
		if len(written) != 4 {
			t.Errorf("files written: %v; want findings, bundle, HTML and SARIF", written)
		}
		r = run(t, proj, env, bin.assay, "scan", "--surface", "scan-bundle.json", "--format", "json")
		checkOutput(t, "assay scan --format json", r, alwaysHidden)
		if !strings.Contains(r.stdout, `"assay.findings/v1"`) {
			t.Errorf("no findings JSON on stdout: %s", r.stderr)
		}
	})
}
