package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/report/model"
)

// TestMain lets this test binary double as the hostile test server.
func TestMain(m *testing.M) {
	hostile.MainIfRequested()
	os.Exit(m.Run())
}

func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--sign", filepath.Join(t.TempDir(), "absent.key"), "--dry-run"}, exitNoInput, "--sign"},
		{[]string{"--bogus"}, exitUsage, "flag provided but not defined"},
		{[]string{"--server", "x", "extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"--server", "https://h.example/mcp", "--header", "Authorization: Bearer literal"}, exitUsage, "must come from an environment variable"},
		{[]string{"--server", "node x.js", "--env", "ASSAY_SURELY_UNSET_VAR"}, exitUsage, "not set"},
		{[]string{"--server", "x", "--timeout", "0s"}, exitUsage, "must be positive"},
		{[]string{"--server", "x", "--as-client", "claude"}, exitUsage, "want NAME/VERSION"},
		{[]string{"--oauth-cache", "c.json"}, exitUsage, "apply with --oauth"},
		{[]string{"--oauth"}, exitUsage, "give --server URL"},
		{[]string{"--server", "https://h.example/mcp", "--oauth", "--header", "Authorization: Bearer ${T}"}, exitUsage, "exclude each other"},
		{[]string{"--version"}, exitOK, ""},
		{[]string{"-h"}, exitOK, "Usage: assay-collect"},
	} {
		code, _, stderr := run(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d stderr %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
	}
}

func selfServer(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(hostile.EnvMode, mode)
	return exe
}

// TestCollectWritesBundle: a consented collection writes a valid bundle
// with the served tools, token counts and no local path.
func TestCollectWritesBundle(t *testing.T) {
	exe := selfServer(t, hostile.ModeOK)
	out := filepath.Join(t.TempDir(), "b.json")
	t.Setenv("ASSAY_TEST_TOKEN", "zz-distinctive-secret-zz")
	code, _, stderr := run(t, "", "--server", exe, "--env", hostile.EnvMode, "--env", "ASSAY_TEST_TOKEN", "--yes", "--bundle", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	in, err := model.Decode(out, data)
	if err != nil || in.Bundle == nil {
		t.Fatalf("bundle does not decode: %v", err)
	}
	s := in.Bundle.Servers[0]
	if len(s.Tools) != 2 || s.Tokens == nil || s.Tokens.ToolsSum == 0 {
		t.Errorf("server %+v", s)
	}
	if s.Config == nil || strings.Join(s.Config.EnvNames, ",") != hostile.EnvMode+",ASSAY_TEST_TOKEN" {
		t.Errorf("config %+v", s.Config)
	}
	if bytes.Contains(data, []byte(filepath.Dir(exe))) || bytes.Contains(data, []byte("zz-distinctive-secret-zz")) {
		t.Errorf("bundle holds a local path or an env value:\n%s", data)
	}
	if !strings.Contains(stderr, "2 tools") || !strings.Contains(stderr, "wrote "+out) {
		t.Errorf("summary missing: %s", stderr)
	}
}

// TestDeclined: without --yes and a "no", nothing starts, no bundle is
// written and the exit is 69 (the user declined to start the server).
func TestDeclined(t *testing.T) {
	exe := selfServer(t, hostile.ModeOK)
	out := filepath.Join(t.TempDir(), "b.json")
	code, _, stderr := run(t, "n\n", "--server", exe, "--env", hostile.EnvMode, "--bundle", out)
	if code != exitUnavailable || !strings.Contains(stderr, "consent") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a bundle was written without consent")
	}
}

// TestNothingReachable: when no server answers, the bundle still records
// why, and the exit code says unavailable.
func TestNothingReachable(t *testing.T) {
	exe := selfServer(t, hostile.ModeSilent)
	out := filepath.Join(t.TempDir(), "b.json")
	code, _, stderr := run(t, "", "--server", exe, "--env", hostile.EnvMode, "--yes", "--timeout", "1s", "--bundle", out)
	if code != exitUnavailable || !strings.Contains(stderr, "timeout") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || !bytes.Contains(data, []byte(`"timeout"`)) {
		t.Errorf("bundle: %v %s", err, data)
	}
}

// TestWriteFailure: an unwritable bundle path exits 74 and leaves no file.
func TestWriteFailure(t *testing.T) {
	exe := selfServer(t, hostile.ModeOK)
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, "", "--server", exe, "--env", hostile.EnvMode, "--yes", "--bundle", filepath.Join(blocker, "b.json"))
	if code != exitIO {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestDryRunListsAgentFiles: --dry-run names the agent settings files,
// instruction files and skills it would read (and the bundle fields
// they fill), starts nothing and writes nothing; a real run carries them.
func TestDryRunListsAgentFiles(t *testing.T) {
	home, err := filepath.Abs(filepath.Join("..", "..", "testdata", "machines", "risky", "home"))
	if err != nil {
		t.Fatal(err)
	}
	old := getenv
	getenv = func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	defer func() { getenv = old }()
	wd, _ := os.Getwd()
	dir := t.TempDir()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	project := filepath.Join(home, "src", "app")
	code, stdout, stderr := run(t, "", "--dry-run", "--keep-project-names", "--project", project)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"{app}/.claude/settings.json (agent settings; trust-changing: 5)",
		"~/.codex/config.toml (agent settings; trust-changing: 3)",
		"{app}/AGENTS.md (instructions the model reads)",
		"{app}/.claude/skills/release-notes/SKILL.md (instructions the model reads; 2 scripts listed, not kept)",
		"settings[].facts[].key", "instructions[].text",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("dry run lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, home) {
		t.Error("dry run prints the absolute home path")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("dry run wrote %d files", len(ents))
	}
	out := filepath.Join(dir, "b.json")
	if code, _, stderr := run(t, "", "--project", project, "--out", out); code != exitOK {
		t.Fatalf("collect exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	in, err := model.Decode(out, data)
	if err != nil || in.Bundle == nil {
		t.Fatalf("bundle does not decode: %v", err)
	}
	if len(in.Bundle.Settings) < 5 || len(in.Bundle.Instructions) < 4 {
		t.Errorf("bundle carries %d settings files and %d instruction files", len(in.Bundle.Settings), len(in.Bundle.Instructions))
	}
	for _, value := range []string{"llm-proxy.example.net", "hooks.example.com", home} {
		if bytes.Contains(data, []byte(value)) {
			t.Errorf("bundle contains %q", value)
		}
	}
}

// TestAsClientBundle: --as-client lists the server again under that
// identity and the bundle carries the view.
func TestAsClientBundle(t *testing.T) {
	exe := selfServer(t, hostile.ModeOK)
	out := filepath.Join(t.TempDir(), "b.json")
	code, _, stderr := run(t, "", "--server", exe, "--env", hostile.EnvMode, "--as-client", "claude-code/2.1.0", "--yes", "--bundle", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	in, err := model.Decode(out, data)
	if err != nil || in.Bundle == nil {
		t.Fatalf("bundle does not decode: %v", err)
	}
	s := in.Bundle.Servers[0]
	if len(s.Clients) != 1 || s.Clients[0].Client != "claude-code/2.1.0" || len(s.Clients[0].Tools) != len(s.Tools) {
		t.Errorf("client views %+v", s.Clients)
	}
}

// TestQuiet: -quiet (one dash, as before) and --quiet (two, as 'assay'
// writes flags) print nothing on a successful consented run, and the
// bundle is still written.
func TestQuiet(t *testing.T) {
	exe := selfServer(t, hostile.ModeOK)
	for _, q := range []string{"-quiet", "--quiet"} {
		out := filepath.Join(t.TempDir(), "b.json")
		code, stdout, stderr := run(t, "", "--server", exe, "--env", hostile.EnvMode, "--yes", q, "--out", out)
		if code != exitOK || stdout != "" || stderr != "" {
			t.Errorf("%s: exit %d, printed %q %q; want 0 and nothing", q, code, stdout, stderr)
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("%s: no bundle: %v", q, err)
		}
	}
}

// TestHelpDoubleDash: the help lists every flag with two dashes, like
// 'assay'.
func TestHelpDoubleDash(t *testing.T) {
	_, _, stderr := run(t, "", "-h")
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "  -") && !strings.HasPrefix(line, "  --") {
			t.Errorf("single-dash flag in the help: %q", line)
		}
	}
	for _, f := range []string{"  --quiet", "  --out FILE", "  --keep-project-names"} {
		if !strings.Contains(stderr, f+"\n") {
			t.Errorf("help lacks %q", f)
		}
	}
}
