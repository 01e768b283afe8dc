package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runReportCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String() + errb.String()
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	surface := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(surface, []byte(`{"tools":[{"name":"run_shell","description":"Execute a shell command <b>now</b>","inputSchema":{"type":"object","properties":{"cmd":{"type":"string"}}}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"tools":[`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "r", "report.html")
	if code, msg := runReportCLI(t, "report", surface, "-o", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, msg)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<!doctype html>", "Content-Security-Policy", "run_shell"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	if bytes.Contains(page, []byte("<b>now")) {
		t.Error("server markup reached the page unescaped")
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"report", surface}, ExitUsage},
		{[]string{"report", filepath.Join(dir, "missing.json"), "-o", filepath.Join(dir, "x.html")}, ExitNoInput},
		{[]string{"report", bad, "-o", filepath.Join(dir, "x.html")}, ExitDataErr},
		{[]string{"viewer"}, ExitUsage},
	} {
		if code, msg := runReportCLI(t, c.args...); code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.html")); err == nil {
		t.Error("a failed report wrote its output")
	}
	viewer := filepath.Join(dir, "viewer.html")
	if code, msg := runReportCLI(t, "viewer", "-o", viewer); code != 0 {
		t.Fatalf("viewer: exit %d: %s", code, msg)
	}
	if v, _ := os.ReadFile(viewer); !bytes.Contains(v, []byte(`id="assay-core"`)) {
		t.Error("viewer page has no core")
	}
}
