package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/assay-mcp/assay/internal/harness"
	"github.com/assay-mcp/assay/internal/testenv"
)

// buildAgents builds examples/agents/naive and guarded into dir, the way
// a user would run them, and returns their paths by name.
func buildAgents(t *testing.T, dir string) map[string]string {
	t.Helper()
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	paths := map[string]string{}
	for _, name := range []string{"naive", "guarded"} {
		paths[name] = filepath.Join(dir, name+exe)
		cmd := exec.Command("go", "build", "-o", paths[name], "./examples/agents/"+name)
		cmd.Dir = filepath.Join("..", "..")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building the %s agent: %v\n%s", name, err, out)
		}
	}
	return paths
}

// TestInjectionAgents runs test-injection against real agent processes:
// the two example agents, built once, and the misbehaving ones.
func TestInjectionAgents(t *testing.T) {
	agents := buildAgents(t, t.TempDir())
	t.Run("examples", func(t *testing.T) { testExampleAgents(t, agents) })
	t.Run("bad", testBadAgents)
	t.Run("repeat", func(t *testing.T) { testRepeat(t, agents) })
	t.Run("seed", func(t *testing.T) { testSeed(t, agents) })
}

// testExampleAgents is the bar: the naive agent fails every
// scenario (exit 1), the guarded one passes every scenario (exit 0), and
// the naive one fails each for the reason its scenario is about.
func testExampleAgents(t *testing.T, agents map[string]string) {
	timeout := testenv.D(30 * time.Second).String()
	n := len(harness.Catalogue())

	code, out, errs := runCLI(t, "test-injection", "--run", "--yes", "--timeout", timeout, "--format", "json", agents["naive"])
	r := decodeReport(t, out)
	if code != 1 || r.Summary == nil || r.Summary.Fail != n || r.Summary.Pass != 0 || r.Summary.Error != 0 {
		t.Fatalf("naive: exit %d, summary %+v\n%s", code, r.Summary, errs)
	}
	// The rule each scenario is about fires for the naive agent.
	signature := map[string]string{
		"override": "foreign-host", "poisoning": "foreign-path", "shadowing": "foreign-email",
		"fake-system": "unneeded-tool", "url-exfil": "canary-arg", "hidden-markup": "foreign-email",
		"consent-bypass": "unneeded-tool", "encoded": "canary-arg", "redirection": "unneeded-tool",
		"rug-pull": "canary-arg", "credential-read": "foreign-path", "non-english": "unneeded-tool",
	}
	for _, s := range r.Scenarios {
		if !firedIn(s.Runs[0].Evidence, signature[s.ID]) {
			t.Errorf("naive %s: %s did not fire: %+v", s.ID, signature[s.ID], s.Runs[0].Evidence)
		}
	}

	code, out, errs = runCLI(t, "test-injection", "--run", "--yes", "--timeout", timeout, agents["guarded"])
	if code != 0 || strings.Count(out, " PASS ") != n || !strings.Contains(out, fmt.Sprintf("%d of %d scenarios passed", n, n)) {
		t.Fatalf("guarded: exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(errs, "Assay will start this agent 12 times") {
		t.Errorf("no plan on stderr: %s", errs)
	}
}

func decodeReport(t *testing.T, out string) *harness.Report {
	t.Helper()
	var r harness.Report
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil || r.Kind != harness.ReportKind {
		t.Fatalf("report: %v kind %q\n%s", err, r.Kind, out)
	}
	return &r
}

func firedIn(ev []harness.Evidence, rule string) bool {
	for _, e := range ev {
		if e.Rule == rule {
			return true
		}
	}
	return false
}

// testBadAgents: a crashing agent, a hanging one and ones that break the
// protocol each give ERROR and exit 2, within the timeout.
func testBadAgents(t *testing.T) {
	for _, c := range []struct {
		mode, only string
		timeout    time.Duration
		rule       string
	}{
		{"crash", "", 30 * time.Second, "crash"},
		{"garbage", "", 30 * time.Second, "protocol"},
		{"unknown-type", "override", 30 * time.Second, "protocol"},
		{"oversize", "override", 30 * time.Second, "protocol"},
		{"hang", "override", 2 * time.Second, "hang"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			timeout := testenv.D(c.timeout)
			args := []string{"test-injection", "--run", "--yes", "--timeout", timeout.String(), "--format", "json"}
			if c.only != "" {
				args = append(args, "--only", c.only)
			}
			start := time.Now()
			code, out, errs := runCLI(t, append(args, "--", "assay-test-agent", c.mode)...)
			elapsed := time.Since(start)
			r := decodeReport(t, out)
			if code != 2 || r.Summary.Error != len(r.Scenarios) || r.Summary.Fail != 0 {
				t.Fatalf("exit %d, summary %+v\n%s", code, r.Summary, errs)
			}
			for _, s := range r.Scenarios {
				if s.Verdict != harness.Error || !firedIn(s.Runs[0].Evidence, c.rule) {
					t.Errorf("%s: %s %+v", s.ID, s.Verdict, s.Runs[0].Evidence)
				}
			}
			if limit := time.Duration(len(r.Scenarios))*timeout + testenv.D(10*time.Second); elapsed > limit {
				t.Errorf("took %s for %d runs with timeout %s", elapsed, len(r.Scenarios), timeout)
			}
			if strings.Contains(out, "sk-badagent") {
				t.Error("the report shows the secret the agent printed")
			}
		})
	}
}

// testRepeat: --repeat reports pass rates and draws a canary per run.
func testRepeat(t *testing.T, agents map[string]string) {
	timeout := testenv.D(30 * time.Second).String()
	code, out, errs := runCLI(t, "test-injection", "--run", "--yes", "--repeat", "3", "--only", "override,encoded", "--timeout", timeout, agents["naive"])
	if code != 1 || strings.Count(out, "FAIL 0/3") != 2 || !strings.Contains(out, "(3/3 runs)") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = runCLI(t, "test-injection", "--run", "--yes", "--repeat", "2", "--only", "fake-system", "--timeout", timeout, "--format", "json", agents["guarded"])
	r := decodeReport(t, out)
	if code != 0 || len(r.Scenarios[0].Runs) != 2 || r.Scenarios[0].PassRate == nil || *r.Scenarios[0].PassRate != 1 ||
		r.Scenarios[0].Runs[0].Canary == r.Scenarios[0].Runs[1].Canary {
		t.Errorf("exit %d, %+v", code, r.Scenarios[0])
	}
	if r := harness.ResultsReport(harness.Generator{}, &harness.Options{}, "x", nil); r.ExitCode() != 0 {
		t.Error("no runs, yet a non-zero exit")
	}
}

// testSeed: --seed replays the same canaries.
func testSeed(t *testing.T, agents map[string]string) {
	timeout := testenv.D(30 * time.Second).String()
	var canaries []string
	for i := 0; i < 2; i++ {
		_, out, _ := runCLI(t, "test-injection", "--run", "--yes", "--seed", "42", "--only", "override", "--timeout", timeout, "--format", "json", agents["guarded"])
		canaries = append(canaries, decodeReport(t, out).Scenarios[0].Runs[0].Canary)
	}
	if canaries[0] != canaries[1] || canaries[0] == "" {
		t.Errorf("canaries %v", canaries)
	}
}

// TestInjectionScripts runs the user-facing scenarios of
// testdata/script/test-injection: the catalogue, consent, usage errors and
// --serve over stdio. $TIMEOUT is a scaled per-run timeout.
func TestInjectionScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("..", "..", "testdata", "script", "test-injection"),
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("TIMEOUT", testenv.D(30*time.Second).String())
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}

// inspectorCLI is the MCP Inspector's launcher, installed by
// scripts/install-npm-servers.sh into $ASSAY_NPM_DIR (default
// .cache/npm-servers), and node. Without them the test skips, except under
// CI=true, where testenv.Skip fails it.
func inspectorCLI(t *testing.T) (launcher, node string) {
	t.Helper()
	dir := os.Getenv("ASSAY_NPM_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", ".cache", "npm-servers")
	}
	pkg := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "inspector")
	data, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	var meta struct {
		Version string            `json:"version"`
		Bin     map[string]string `json:"bin"`
	}
	if err == nil {
		err = json.Unmarshal(data, &meta)
	}
	node, nerr := exec.LookPath("node")
	if err != nil || meta.Bin["mcp-inspector"] == "" || nerr != nil {
		testenv.Skip(t, "inspector", fmt.Sprintf("the MCP Inspector or node is missing (%v, %v); run scripts/install-npm-servers.sh", err, nerr))
	}
	t.Logf("MCP Inspector %s", meta.Version)
	launcher, err = filepath.Abs(filepath.Join(pkg, meta.Bin["mcp-inspector"]))
	if err != nil {
		t.Fatal(err)
	}
	return launcher, node
}

// TestInjectionInspector: the MCP Inspector's CLI starts `assay
// test-injection --serve` over stdio, as a user's client would, and lists
// exactly the scenario tools, injections included.
func TestInjectionInspector(t *testing.T) {
	launcher, node := inspectorCLI(t)
	assay, err := exec.LookPath("assay") // this test binary as assay (TestMain)
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	ctx := testenv.Context(t, 60*time.Second)
	cmd := exec.CommandContext(ctx, node, launcher, "--cli", assay, "test-injection", "--serve", "--seed", "7", "--method", "tools/list")
	cmd.Env = append(os.Environ(), "HOME="+home, "MCP_CATALOG_PATH="+filepath.Join(home, "catalog.json"))
	cmd.Dir = home
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("inspector: %v\n%s", err, stderr.String())
	}
	var listed struct {
		Tools []struct {
			Name, Description string
		} `json:"tools"`
	}
	if err := json.Unmarshal(out, &listed); err != nil {
		t.Fatalf("inspector output: %v\n%s", err, out)
	}
	want := map[string]string{}
	for _, tl := range harness.NewWorld(harness.Catalogue(), harness.NewCanaries(7).Next()).Tools {
		want[tl.Name] = tl.Description
	}
	got := map[string]string{}
	for _, tl := range listed.Tools {
		got[tl.Name] = tl.Description
	}
	if len(got) != len(want) || len(got) < 10 {
		t.Errorf("inspector lists %d tools, want %d: %v", len(got), len(want), got)
	}
	for name, d := range want {
		if got[name] != d {
			t.Errorf("%s: inspector shows %q, want %q", name, got[name], d)
		}
	}
	if !strings.Contains(stderr.String(), `"client":{"name":"inspector-cli"`) {
		t.Errorf("the server's log (stderr) does not name the inspector:\n%s", stderr.String())
	}
}
