package pin

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/internal/testenv"
)

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// machine is a temporary home with a bin folder on PATH holding a fake
// node and npx, a project with a script and an installed npm package.
func machine(t *testing.T) (home, proj string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "fake programs are shell scripts")
	}
	root := t.TempDir()
	home = filepath.Join(root, "home", "alice")
	proj = filepath.Join(home, "src", "app")
	bin := filepath.Join(home, "bin")
	write(t, filepath.Join(bin, "node"), "#!/bin/sh\necho node v1\n", 0o755)
	write(t, filepath.Join(bin, "npx"), "#!/bin/sh\necho npx\n", 0o755)
	write(t, filepath.Join(proj, "server.js"), "console.log('server v1')\n", 0o644)
	write(t, filepath.Join(proj, "node_modules", "@acme", "mcp", "package.json"), `{"name":"@acme/mcp","version":"1.2.3","bin":{"mcp":"dist/cli.js"}}`, 0o644)
	write(t, filepath.Join(proj, "node_modules", "@acme", "mcp", "dist", "cli.js"), "#!/usr/bin/env node\nconsole.log('acme')\n", 0o644)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+"/usr/bin:/bin")
	return home, proj
}

func TestOfInterpreterScript(t *testing.T) {
	home, proj := machine(t)
	p, err := Of("node", []string{"--require", "./preload.js", "server.js", "--port", "3"}, &Options{Home: home, Dir: proj, Date: "2026-12-01"})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := FileSHA256(filepath.Join(proj, "server.js"))
	if p.Executable != "~/bin/node" || len(p.SHA256) != 64 || p.Entry != "~/src/app/server.js" || p.EntrySHA256 != want || p.Date != "2026-12-01" {
		t.Fatalf("pin %+v", p)
	}
	// The same program through another PATH entry is the same content.
	write(t, filepath.Join(proj, "server.js"), "console.log('server v2')\n", 0o644)
	q, _ := Of("node", []string{"server.js"}, &Options{Home: home, Dir: proj, Date: "2026-12-01"})
	if q.EntrySHA256 == p.EntrySHA256 || q.SHA256 != p.SHA256 {
		t.Fatalf("edited script not seen: %+v", q)
	}
}

func TestOfPackageRunner(t *testing.T) {
	home, proj := machine(t)
	o := &Options{Home: home, Dir: proj, Date: "2026-12-01"}
	p, err := Of("npx", []string{"-y", "@acme/mcp@1.2.3", "--stdio"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Package != "@acme/mcp@1.2.3" || p.Entry != "~/src/app/node_modules/@acme/mcp/dist/cli.js" || p.EntrySHA256 == "" {
		t.Fatalf("pin %+v", p)
	}
	p, _ = Of("npx", []string{"-y", "@acme/mcp@2.0.0"}, o)
	if p.Package != "@acme/mcp@2.0.0" || p.Entry != "" {
		t.Fatalf("an uninstalled version must not pin another one: %+v", p)
	}
	p, _ = Of("node", []string{"-e", "require('x')"}, o)
	if p.Entry != "" || p.Package != "" {
		t.Fatalf("inline code has no entry: %+v", p)
	}
}

func TestOfRefuses(t *testing.T) {
	home, proj := machine(t)
	if _, err := Of("no-such-program-xyz", nil, &Options{Home: home, Dir: proj}); err == nil {
		t.Fatal("a missing program was pinned")
	}
	write(t, filepath.Join(proj, "tool"), "#!/bin/sh\n", 0o755)
	t.Chdir(proj)
	t.Setenv("PATH", ".")
	if _, err := Of("tool", nil, &Options{Home: home, Dir: proj}); err == nil || !strings.Contains(err.Error(), "current directory") {
		t.Fatalf("a program in the current directory was pinned: %v", err)
	}
}

// Canaries planted in every secret place of a launch.
const (
	cToken  = "cnryTok5mQ8vX2"
	cKey    = "sk-cnryKey6nR7wL4pT9zB3"
	cEnvKey = "cnryEnvSecretZ9x4Lq8Wm3"
	cHeader = "cnryHeaderV4k8rQ2"
	cPass   = "cnryUrlPass2bQ"
	cQuery  = "cnryUrlQuery3cW9"
)

func target(token, key, envKey, header, pass, query, plain string) []collectkit.Target {
	return []collectkit.Target{
		{Name: "local", Transport: "stdio", Command: "/usr/bin/node", Args: []string{"/srv/app/server.js", "--token", token, "--api-key=" + key, "--dir", "/data/" + plain},
			Env: map[string]string{"API_KEY": envKey, "MODE": plain}},
		{Name: "remote", Transport: "http", URL: "https://bob:" + pass + "@mcp.example.com/v1/" + plain + "?key=" + query + "&region=eu",
			Headers: map[string]string{"Authorization": "Bearer " + header, "X-Region": plain}},
	}
}

func launches(ts []collectkit.Target) string {
	salt := []byte(strings.Repeat("s", 32))
	var out []byte
	for _, t := range ts {
		b, _ := json.Marshal(LaunchOf(t, salt))
		out = append(out, b...)
	}
	return string(out)
}

// TestLaunchHoldsNoSecret: no canary reaches a launch, and rotating every
// secret changes no byte; a non-secret value does change the HMACs.
func TestLaunchHoldsNoSecret(t *testing.T) {
	a := launches(target(cToken, cKey, cEnvKey, cHeader, cPass, cQuery, "plain1"))
	// "plain1" is allowed as a path's base name in the strict args only.
	for _, c := range []string{cToken, cKey, cEnvKey, cHeader, cPass, cQuery, "/srv/app", "/v1/"} {
		if strings.Contains(a, c) {
			t.Errorf("launch holds %q:\n%s", c, a)
		}
	}
	rotated := launches(target("cnryTok5mQ8vX3", "sk-cnryKey6nR7wL4pT9zB4", "cnryEnvSecretZ9x4Lq8Wm4", "cnryHeaderV4k8rQ3", "cnryUrlPass2bR", "cnryUrlQuery3cW8", "plain1"))
	if rotated != a {
		t.Errorf("rotating secrets changed the launch:\n%s\n%s", a, rotated)
	}
	if other := launches(target(cToken, cKey, cEnvKey, cHeader, cPass, cQuery, "plain2")); other == a {
		t.Error("a changed non-secret value left the launch unchanged")
	}
	var l struct {
		Args     []string `json:"args"`
		ArgsHMAC string   `json:"argsHmac"`
		Env      []string `json:"env"`
		Values   string   `json:"valuesHmac"`
	}
	_ = json.Unmarshal([]byte(a[:strings.Index(a, "}{")+1]), &l)
	if strings.Join(l.Args, " ") != "…/server.js --token <redacted> --api-key=<redacted> --dir …/plain1" {
		t.Errorf("strict args %q", l.Args)
	}
	if !strings.HasPrefix(l.ArgsHMAC, "hmac-sha256:") || !strings.HasPrefix(l.Values, "hmac-sha256:") || strings.Join(l.Env, ",") != "API_KEY,MODE" {
		t.Errorf("launch %+v", l)
	}
}
