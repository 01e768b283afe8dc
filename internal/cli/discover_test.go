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

// fakeMachine merges every client's linux fixture tree into one fake root
// (home/ plus two project roots work/app and work/lib), with @ROOT@
// replaced by the temp root as the fixtures expect.
func fakeMachine(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	trees, _ := filepath.Glob("../../testdata/configs/*/linux")
	if len(trees) < 8 {
		t.Fatalf("found %d linux fixture trees", len(trees))
	}
	for _, tree := range trees {
		err := filepath.Walk(tree, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(tree, p)
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte("@ROOT@"), []byte(root))
			dst := filepath.Join(root, rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			return os.WriteFile(dst, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestScanDiscoversFakeMachine is issue 3's end-to-end check: on a fake
// HOME with the configs of every client and two project roots, a bare
// 'assay scan' lists every context with its servers, reports shadowed
// entries and hygiene findings, and no secret value reaches any output.
func TestScanDiscoversFakeMachine(t *testing.T) {
	root := fakeMachine(t)
	out := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(filepath.Join(root, "work", "app")); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	env := map[string]string{"HOME": filepath.Join(root, "home")}
	code := RunWith(context.Background(), []string{"scan", "--project", filepath.Join(root, "work", "lib"),
		"--format", "json", "--bundle", filepath.Join(out, "bundle.json"), "--findings", filepath.Join(out, "findings.json"),
		"--html", filepath.Join(out, "report.html")},
		strings.NewReader(""), &stdout, &stderr, &Options{Getenv: func(k string) string { return env[k] }})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var f model.Findings
	if err := json.Unmarshal(stdout.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	clients := map[string]bool{}
	roots := map[string]bool{}
	shadowed := 0
	for _, c := range f.Contexts {
		clients[c.Client] = true
		if c.Root != "" {
			roots[c.Root] = true
		}
		for _, s := range c.Servers {
			if s.ShadowedBy != "" {
				shadowed++
			}
		}
	}
	for _, want := range []string{"claude-code", "claude-desktop", "cursor", "windsurf", "gemini-cli", "codex", "zed", "continue", "copilot-cli"} {
		if !clients[want] {
			t.Errorf("no context for client %s (have %v)", want, clients)
		}
	}
	if len(roots) < 2 {
		t.Errorf("contexts cover %d project roots, want 2: %v", len(roots), roots)
	}
	if shadowed == 0 {
		t.Error("no shadowed entries reported")
	}
	ids := map[string]int{}
	for _, fd := range f.Findings {
		ids[fd.ID[:strings.Index(fd.ID, "-")]]++
	}
	if ids["AUTH"] == 0 || ids["HYG"] == 0 {
		t.Errorf("findings by prefix %v: want AUTH and HYG findings", ids)
	}
	// Nothing secret or local anywhere.
	files, _ := filepath.Glob(filepath.Join(out, "*"))
	outputs := map[string][]byte{"stdout": stdout.Bytes(), "stderr": stderr.Bytes()}
	for _, p := range files {
		outputs[p], _ = os.ReadFile(p)
	}
	for name, data := range outputs {
		for _, canary := range []string{"CANARY", root, "alice"} {
			if bytes.Contains(data, []byte(canary)) {
				t.Errorf("%s contains %q", name, canary)
			}
		}
	}
	// Project folders are labels by default, in every output.
	var labelled bytes.Buffer
	code = RunWith(context.Background(), []string{"scan", "--project", filepath.Join(root, "work", "lib")},
		strings.NewReader(""), &labelled, &stderr, &Options{Getenv: func(k string) string { return env[k] }})
	if code != 0 || !strings.Contains(labelled.String(), "claude-code in project-") {
		t.Errorf("default table scan exit %d, want contexts labelled project-…:\n%s", code, labelled.String())
	}
	for _, name := range []string{" in app", " in lib", "{app}", "{lib}"} {
		if strings.Contains(labelled.String(), name) {
			t.Errorf("default table output names a project folder: %q", name)
		}
	}
	// The table a person reads names every context and its shadowed
	// entries, by folder name when asked.
	var table bytes.Buffer
	code = RunWith(context.Background(), []string{"scan", "--keep-project-names", "--project", filepath.Join(root, "work", "lib")},
		strings.NewReader(""), &table, &stderr, &Options{Getenv: func(k string) string { return env[k] }})
	if code != 0 {
		t.Fatalf("table scan exit %d", code)
	}
	for _, want := range []string{"CONTEXTS", "claude-code in app", "claude-code in lib", "shadowed by project", "HYG-", "AUTH-001"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table output lacks %q", want)
		}
	}
	if bytes.Contains(table.Bytes(), []byte("CANARY")) {
		t.Error("table output contains a secret")
	}
	b, _ := os.ReadFile(filepath.Join(out, "bundle.json"))
	if bad, err := model.Disallowed(b); err != nil || len(bad) > 0 {
		t.Errorf("bundle has paths outside the allowlist: %v %v", bad, err)
	}
}
