package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// machine returns the absolute path of a fake machine under
// testdata/machines and runs the test from an empty directory, so the
// test's own working directory is no project root.
func machine(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "machines", name))
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
	return dir
}

// scanMachine runs 'assay scan' with HOME set to the machine's home and
// its project, and returns stdout.
func scanMachine(t *testing.T, m string, extra ...string) ([]byte, int, string) {
	t.Helper()
	home := filepath.Join(m, "home")
	args := append([]string{"scan", "--keep-project-names", "--project", filepath.Join(home, "src", "app")}, extra...)
	var stdout, stderr bytes.Buffer
	env := map[string]string{"HOME": home, "USER": "fixture-user"}
	code := RunWith(context.Background(), args, strings.NewReader(""), &stdout, &stderr, &Options{Getenv: func(k string) string { return env[k] }})
	return stdout.Bytes(), code, stderr.String()
}

func findingsOf(t *testing.T, data []byte) *model.Findings {
	t.Helper()
	var f model.Findings
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("findings JSON: %v", err)
	}
	return &f
}

// wantFinding is one finding the risky machine must produce: its rule,
// the file label and line it points at, and text its element or
// evidence must contain.
type wantFinding struct {
	id, file string
	line     int
	has      string
}

var riskyWant = []wantFinding{
	// Known-vulnerable packages (built-in advisories).
	{"HYG-010", "~/.claude.json", 4, "GHSA-6xpm-ggf7-wc3p"},
	{"HYG-010", "~/.claude.json", 24, "GHSA-5cgr-j3jf-jw3v"},
	{"HYG-010", "~/.claude.json", 24, "GHSA-9xwc-hfwc-8w59"},
	{"HYG-010", "~/.claude.json", 24, "GHSA-j22h-9j4x-23w5"},
	// Typosquats.
	{"HYG-011", "~/.claude.json", 8, "server-filesytem"},
	{"HYG-011", "~/.claude.json", 12, "@modelcontext-protocol/server-memory"},
	// Shell launch lines, one finding per cause.
	{"HYG-003", "~/.claude.json", 16, "sh downloads a script"},
	{"HYG-002", "~/.claude.json", 20, "bash runs a script"},
	{"HYG-002", "{app}/.mcp.json", 7, "npx -c"},
	{"HYG-003", "{app}/.mcp.json", 11, "bash downloads a script"},
	// Unpinned and git sources.
	{"HYG-005", "{app}/.mcp.json", 3, "@latest"},
	{"HYG-012", "~/.claude.json", 32, "git repository on github.com"},
	// Project settings that change trust.
	{"HYG-013", "{app}/.claude/settings.json", 2, "setting:enableAllProjectMcpServers"},
	{"HYG-017", "{app}/.claude/settings.json", 4, "ANTHROPIC_BASE_URL"},
	{"HYG-018", "{app}/.claude/settings.json", 9, "permissions.allow[1]"},
	{"HYG-015", "{app}/.claude/settings.json", 16, "SessionStart hook"},
	{"HYG-016", "{app}/.claude/settings.json", 24, "PostToolUse hook"},
	// The same kind of setting in other clients.
	{"HYG-018", "~/.gemini/settings.json", 6, "mcpServers.ops.trust"},
	{"HYG-020", "~/.codex/config.toml", 2, "approval_policy"},
	{"HYG-021", "~/.codex/config.toml", 3, "sandbox_mode"},
	{"HYG-017", "~/.codex/config.toml", 7, "base_url"},
	{"HYG-020", "~/.config/Code/User/settings.json", 4, "chat.tools.autoApprove"},
	{"HYG-022", "~/.config/Code/User/settings.json", 5, "chat.mcp.autostart"},
	{"HYG-022", "~/.config/Code/User/settings.json", 6, "chat.mcp.discovery.enabled"},
	{"HYG-015", "~/.cursor/hooks.json", 5, "beforeShellExecution"},
	// Instruction files and skills with hidden instructions.
	{"INJ-002", "{app}/AGENTS.md", 10, "hides words in a comment"},
	{"INJ-003", "{app}/AGENTS.md", 10, "Ignore all previous instructions"},
	{"INJ-001", "{app}/.claude/skills/release-notes/SKILL.md", 8, "unicode tag"},
	{"HYG-024", "{app}/.claude/skills/release-notes/scripts/publish.sh", 4, "tools.example.org"},
	{"HYG-025", "{app}/.claude/skills/release-notes/scripts/collect.py", 5, "network, shell"},
}

// TestRiskyMachine: every risk of the fixture machine is found, with the
// file and line it is at, and no setting value reaches any output.
func TestRiskyMachine(t *testing.T) {
	m := machine(t, "risky")
	out := t.TempDir()
	bundle := filepath.Join(out, "bundle.json")
	data, code, stderr := scanMachine(t, m, "--format", "json", "--bundle", bundle)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f := findingsOf(t, data)
	for _, w := range riskyWant {
		found := false
		for _, fd := range f.Findings {
			if fd.ID == w.id && fd.File == w.file && fd.Line == w.line && strings.Contains(fd.Element+" "+fd.Evidence, w.has) {
				found = true
			}
		}
		if !found {
			t.Errorf("no %s at %s:%d mentioning %q", w.id, w.file, w.line, w.has)
		}
	}
	var adv *model.Advisory
	for _, fd := range f.Findings {
		if fd.ID == "HYG-010" && fd.Advisory != nil && fd.Advisory.ID == "GHSA-6xpm-ggf7-wc3p" {
			adv = fd.Advisory
			if fd.Severity != model.SevCritical {
				t.Errorf("CVE-2025-6514 finding is %s, want critical (the advisory's)", fd.Severity)
			}
		}
	}
	if adv == nil || adv.Fixed != "0.1.16" || adv.Version != "0.1.15" || adv.Aliases[0] != "CVE-2025-6514" {
		t.Errorf("mcp-remote advisory = %+v", adv)
	}
	// Settings facts never carry values, in the bundle or the findings.
	b, err := os.ReadFile(bundle)
	if err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string][]byte{"findings": data, "bundle": b} {
		for _, value := range []string{"llm-proxy.example.net", "relay.example.net", "hooks.example.com", "warmup.js", m} {
			if bytes.Contains(doc, []byte(value)) {
				t.Errorf("%s contains the setting value or path %q", name, value)
			}
		}
	}
	if bad, err := model.Disallowed(b); err != nil || len(bad) > 0 {
		t.Errorf("bundle has paths outside the allowlist: %v %v", bad, err)
	}
	var bd model.Bundle
	if err := json.Unmarshal(b, &bd); err != nil {
		t.Fatal(err)
	}
	if len(bd.Settings) == 0 || len(bd.Instructions) < 3 {
		t.Fatalf("bundle carries %d settings files and %d instruction files", len(bd.Settings), len(bd.Instructions))
	}
	for _, in := range bd.Instructions {
		if in.Tokens == nil || in.Tokens.Text == 0 {
			t.Errorf("%s has no token count", in.File)
		}
		if in.Kind == "skill" && in.Tokens != nil && in.Tokens.Always >= in.Tokens.Text {
			t.Errorf("skill %s: always-loaded %d not below whole %d", in.File, in.Tokens.Always, in.Tokens.Text)
		}
	}
	// The bundle alone gives the same findings (a consultant's view).
	again, code, stderr := scanMachine(t, m, "--surface", bundle, "--format", "json")
	if code != 0 {
		t.Fatalf("rescan exit %d: %s", code, stderr)
	}
	if n, m := len(findingsOf(t, again).Findings), len(f.Findings); n != m {
		t.Errorf("bundle rescan: %d findings, scan: %d", n, m)
	}
}

// TestMCPAppsSurface: the MCP App fixture's wide CSP, device permissions
// and hidden text are found, each with its JSON pointer.
func TestMCPAppsSurface(t *testing.T) {
	m := machine(t, "risky")
	var stdout, stderr bytes.Buffer
	code := RunWith(context.Background(), []string{"scan", "--surface", filepath.Join(m, "surfaces", "dashboard-app.json"), "--format", "json"},
		strings.NewReader(""), &stdout, &stderr, &Options{Getenv: func(string) string { return "" }})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := map[string]string{
		"CAP-010": "resource:ui://dashboard/main/_meta/ui/csp/connectDomains/0",
		"CAP-011": "resource:ui://dashboard/main/_meta/ui/csp",
		"CAP-012": "resource:ui://dashboard/main/_meta/ui/permissions",
		"INJ-003": "resource:ui://dashboard/help/text",
	}
	for _, fd := range findingsOf(t, stdout.Bytes()).Findings {
		if w, ok := want[fd.ID]; ok && fd.Element == w {
			delete(want, fd.ID)
			if fd.ID == "CAP-010" && !strings.Contains(fd.Evidence, "https://*.com") {
				t.Errorf("CAP-010 evidence lacks the wildcard domain: %s", fd.Evidence)
			}
		}
	}
	for id, el := range want {
		t.Errorf("no %s at %s", id, el)
	}
}

// TestCleanMachine: the same kinds of files, done safely, give no finding.
func TestCleanMachine(t *testing.T) {
	m := machine(t, "clean")
	data, code, stderr := scanMachine(t, m, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f := findingsOf(t, data)
	for _, fd := range f.Findings {
		t.Errorf("clean machine: %s %s %s:%d %s", fd.ID, fd.Element, fd.File, fd.Line, fd.Evidence)
	}
	if len(f.Servers) != 4 {
		t.Errorf("%d servers, want 4", len(f.Servers))
	}
}

// TestAdvisoriesFlag: a user's osv.dev export matches by range; bad
// paths and records are exit 66 and 65, naming the file.
func TestAdvisoriesFlag(t *testing.T) {
	export, _ := filepath.Abs(filepath.Join("..", "..", "report", "supply", "testdata", "osv-query-inspector.json"))
	m := machine(t, "risky")
	count := func(data []byte) int {
		n := 0
		for _, fd := range findingsOf(t, data).Findings {
			if fd.Advisory != nil && fd.Advisory.ID == "GHSA-g9hg-qhmf-q45m" {
				n++
				if fd.Advisory.Version != "0.16.5" || fd.Advisory.Fixed != "0.16.6" || fd.Advisory.Source != "osv-query-inspector.json" || fd.Line != 28 {
					t.Errorf("export match %+v at line %d", fd.Advisory, fd.Line)
				}
			}
		}
		return n
	}
	plain, _, _ := scanMachine(t, m, "--format", "json")
	if n := count(plain); n != 0 {
		t.Fatalf("inspector 0.16.5 matched %d times without the export (fixed in the built-in 0.14.1)", n)
	}
	withExport, code, stderr := scanMachine(t, m, "--format", "json", "--advisories", export)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := count(withExport); n != 1 {
		t.Errorf("export matched %d times, want 1", n)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "broken.json"), []byte(`{"id":"X","affected":[{"package":{"ecosystem":"npm"}}]}`), 0o644)
	for _, c := range []struct {
		arg  string
		code int
		msg  string
	}{
		{filepath.Join(dir, "missing.json"), ExitNoInput, "missing.json"},
		{filepath.Join(dir, "broken.json"), ExitDataErr, "broken.json: X: affected[0]"},
		{t.TempDir(), ExitNoInput, "no *.json OSV files"},
	} {
		_, code, stderr := scanMachine(t, m, "--advisories", c.arg)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("--advisories %s: exit %d %q, want %d mentioning %q", c.arg, code, stderr, c.code, c.msg)
		}
	}
}
