package cli

import (
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// fakeAssay is a stand-in for the per-server `assay check`: it prints the
// findings file named by FAKE_FINDINGS and exits with FAKE_CODE, and
// records its arguments, so the Action's plumbing (generated configs,
// exit codes, summary, outputs, SARIF) is exercised for real.
const fakeAssay = `#!/bin/sh
echo "$@" >> "$FAKE_LOG"
[ -n "$FAKE_FINDINGS" ] && cat "$FAKE_FINDINGS"
echo "fake assay stderr line" >&2
exit "$FAKE_CODE"
`

func TestActionRun(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "uses a shell script as the fake assay")
	}
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fake := write("fake-assay", fakeAssay, 0o755)
	cfg := write("assay.toml", "fail-on = [\"injection\"]\n\n[[server]]\nname = \"memory\"\ntarget = \"npx -y @modelcontextprotocol/server-memory@2026.8.31\"\nenv = [\"MEMORY_FILE_PATH\"]\n", 0o644)
	f := &model.Findings{Kind: model.FindingsKind, Generator: model.Generator{Name: "assay", Version: "t"},
		Servers:  []model.ServerReport{{Name: "memory", Identity: "memory|stdio|npx", Transport: "stdio", Source: "live", Tools: []model.ToolReport{}}},
		Findings: []model.Finding{{ID: "INJ-003", Category: "injection", Severity: "high", Title: "t", Server: "memory|stdio|npx", Fingerprint: "0123456789abcdef0123456789abcdef"}}}
	fb, _ := model.Marshal(f)
	findings := write("f.json", string(fb), 0o644)
	log := filepath.Join(dir, "log")
	out := filepath.Join(dir, "out")
	summary, ghOut := filepath.Join(dir, "summary.md"), filepath.Join(dir, "gh-output")
	write("summary.md", "previous step's summary\n", 0o644)

	run := func(code string) int {
		t.Setenv("FAKE_LOG", log)
		t.Setenv("FAKE_FINDINGS", findings)
		t.Setenv("FAKE_CODE", code)
		c, _, errs := runAssay(t, "__action", "run", "--config", cfg, "--out", out, "--assay", fake, "--summary", summary, "--github-output", ghOut)
		if c >= 64 {
			t.Fatalf("exit %d: %s", c, errs)
		}
		return c
	}
	// Exit 8 (injection) is in fail-on: the run fails.
	if c := run("8"); c != ExitFindings {
		t.Errorf("injection with fail-on injection: exit %d, want %d", c, ExitFindings)
	}
	args, _ := os.ReadFile(log)
	if !strings.Contains(string(args), "check --baseline .assay/memory.json "+filepath.ToSlash(out)+"/config/memory.mcp.json --connect --yes") {
		t.Errorf("fake assay called with %q", args)
	}
	conf, err := os.ReadFile(filepath.Join(out, "config", "memory.mcp.json"))
	if err != nil || !strings.Contains(string(conf), `"MEMORY_FILE_PATH": "${MEMORY_FILE_PATH}"`) {
		t.Errorf("generated config: %s, %v", conf, err)
	}
	o, _ := os.ReadFile(ghOut)
	for _, want := range []string{"injection=true\n", "prompt=false\n", "code=8\n", "failing=injection\n", "sarif=" + filepath.Join(out, "assay.sarif") + "\n"} {
		if !strings.Contains(string(o), want) {
			t.Errorf("GITHUB_OUTPUT lacks %q:\n%s", want, o)
		}
	}
	s, _ := os.ReadFile(summary)
	if !strings.HasPrefix(string(s), "previous step's summary\n## Assay check") || !strings.Contains(string(s), "**Failed** on injection") {
		t.Errorf("summary not appended or wrong:\n%s", s)
	}
	sarif, err := os.ReadFile(filepath.Join(out, "assay.sarif"))
	if err != nil || !strings.Contains(string(sarif), `"ruleId": "INJ-003"`) {
		t.Errorf("SARIF: %v", err)
	}

	// Exit 2 (prompt) is not in fail-on: the run passes.
	if c := run("2"); c != 0 {
		t.Errorf("prompt change with fail-on injection: exit %d, want 0", c)
	}
	// A crashed check is incomplete, not success.
	t.Setenv("FAKE_FINDINGS", "")
	if c := run("70"); c != 0 {
		t.Errorf("crashed check without incomplete in fail-on: exit %d, want 0", c)
	}
	o, _ = os.ReadFile(ghOut)
	if !strings.HasSuffix(string(o), "incomplete=true\ncode=16\nfindings="+filepath.Join(out, "findings.json")+"\nsarif="+filepath.Join(out, "assay.sarif")+"\nsummary="+filepath.Join(out, "summary.md")+"\nfailing=\n") {
		t.Errorf("outputs after a crash:\n%s", o)
	}
}

func TestActionConfigErrors(t *testing.T) {
	dir := t.TempDir()
	if c, _, _ := runAssay(t, "__action", "run", "--config", filepath.Join(dir, "missing.toml")); c != ExitNoInput {
		t.Errorf("missing config: exit %d, want %d", c, ExitNoInput)
	}
	bad := filepath.Join(dir, "assay.toml")
	os.WriteFile(bad, []byte("[[server]]\nname = \"x\"\n"), 0o644)
	if c, _, errs := runAssay(t, "__action", "run", "--config", bad); c != ExitDataErr || !strings.Contains(errs, "target is required") {
		t.Errorf("bad config: exit %d (%s), want %d", c, errs, ExitDataErr)
	}
	if c, _, _ := runAssay(t, "__action", "run", "--config", bad, "--fail-on", "bogus"); c != ExitDataErr && c != ExitUsage {
		t.Errorf("bad --fail-on: exit %d", c)
	}
}
