package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/tui"
)

// TestUIApproveWritesBaseline: the ui's approve action accepts a changed
// description into the baseline exactly as 'assay approve' does, and the
// re-check shows no drift left for that tool.
func TestUIApproveWritesBaseline(t *testing.T) {
	dir := t.TempDir()
	orig, err := os.ReadFile("../../testdata/surfaces/modelcontextprotocol__server-memory@2026.8.31.json")
	if err != nil {
		t.Fatal(err)
	}
	surface := filepath.Join(dir, "memory.json")
	if err := os.WriteFile(surface, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	bl := filepath.Join(dir, "baseline.json")
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"baseline", "--surface", surface, "-o", bl, "--by", "t", "--note", "n"}, nil, &out, &errb); code != 0 {
		t.Fatalf("baseline: %d %s", code, errb.String())
	}
	changed := strings.Replace(string(orig), "Create multiple new entities", "Create several new entities", 1)
	if changed == string(orig) {
		t.Fatal("fixture text not found")
	}
	if err := os.WriteFile(surface, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &uiSession{e: &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}, basePath: bl, by: "alice"}
	s.sf.encoding, s.sf.window, s.sf.parallel, s.sf.timeout = "o200k_base", 200000, 1, 1
	s.sf.surfaces = []string{surface}
	d, err := s.load(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	tool := ""
	for _, fd := range d.Gate.Drift {
		if fd.Tool != "" {
			tool = fd.Tool
		}
	}
	if tool != "create_entities" {
		t.Fatalf("drift names %q, want create_entities: %+v", tool, d.Gate.Drift)
	}
	before, _ := os.ReadFile(bl)
	d2, msg, err := s.approve(context.Background(), tui.Selection{ServerName: d.Findings.Servers[0].Name, Server: d.Findings.Servers[0].Identity, Tool: tool}, "wording")
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(bl)
	if bytes.Equal(before, after) || !strings.Contains(string(after), "alice") || !strings.Contains(string(after), "wording") {
		t.Errorf("baseline not rewritten with who and why (%s)", msg)
	}
	for _, fd := range d2.Gate.Drift {
		if fd.Tool == tool {
			t.Errorf("drift left after approve: %s %s", fd.ID, fd.Title)
		}
	}
}

// TestUINeedsTerminal: without a terminal the command is a usage error,
// before anything is collected.
func TestUINeedsTerminal(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"ui", "--surface", "x.json"}, strings.NewReader(""), &out, &errb); code != ExitUsage || !strings.Contains(errb.String(), "needs a terminal") {
		t.Errorf("code %d, stderr %q", code, errb.String())
	}
}
