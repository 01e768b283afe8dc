package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/hygiene"
	"github.com/assay-mcp/assay/report/model"
)

// allFixtures merges every client's fixture into one fake machine with
// two project roots; each OS layout picks its own files.
var allFixtures = []string{
	"claude-code/linux", "claude-desktop/darwin", "claude-desktop/windows", "claude-desktop/linux",
	"cursor/linux", "vscode/darwin", "vscode/windows", "windsurf/linux", "gemini-cli/linux",
	"codex/linux", "zed/linux", "zed/windows", "continue/linux", "copilot-cli/linux",
	"cline/windows", "roo/darwin",
}

// bundleOf builds the bundle the collector would write from an inventory
// (no live surfaces), and the findings hygiene derives from it.
func bundleOf(inv *Inventory) (*model.Bundle, *model.Findings) {
	b := &model.Bundle{Kind: model.BundleKind, Contexts: inv.Contexts, Errors: inv.Errors}
	f := &model.Findings{Kind: model.FindingsKind, Contexts: inv.Contexts}
	for _, e := range inv.Servers {
		b.Servers = append(b.Servers, model.Server{Name: e.Name, Identity: e.Identity, Transport: e.Transport, Endpoint: e.Endpoint, Source: "config", Config: e.Config, Tools: []json.RawMessage{}})
		f.Servers = append(f.Servers, model.ServerReport{Name: e.Name, Identity: e.Identity, Transport: e.Transport, Config: e.Config})
	}
	hygiene.Apply(b, f)
	return b, f
}

// TestNoSecretInAnyOutput discovers the whole fake machine under every OS
// layout and asserts that no canary value, user name or absolute path
// reaches anything this package outputs: bundle, findings, errors, plan,
// and even a %+v of the inventory (launch data formats as a marker).
func TestNoSecretInAnyOutput(t *testing.T) {
	root := fixtureRoot(t, allFixtures...)
	canaries := 0
	_ = filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			data, _ := os.ReadFile(p)
			canaries += strings.Count(string(data), "CANARY")
		}
		return nil
	})
	if canaries < 25 {
		t.Fatalf("fixtures hold only %d canaries; the test would prove little", canaries)
	}
	secretsFound := 0
	for _, goos := range []string{"linux", "darwin", "windows"} {
		inv, err := Discover(fixtureOptions(root, goos))
		if err != nil {
			t.Fatal(err)
		}
		b, f := bundleOf(inv)
		bj, _ := json.Marshal(b)
		fj, _ := json.Marshal(f)
		ij, _ := json.Marshal(inv)
		out := string(bj) + string(fj) + string(ij) + inv.PlanText(true) + fmt.Sprintf("%+v %v", inv, inv.Servers)
		for _, bad := range []string{"CANARY", "alice", root, filepath.ToSlash(root), "hook.js", "libhook", "hacks", "mcp?api_key", "/mcp/"} {
			if strings.Contains(out, bad) {
				i := strings.Index(out, bad)
				t.Errorf("%s: output contains %q near %q", goos, bad, out[max(0, i-80):min(len(out), i+40)])
			}
		}
		for _, fd := range f.Findings {
			if fd.ID == "AUTH-001" {
				secretsFound++
			}
		}
	}
	if secretsFound < 20 {
		t.Errorf("only %d literal-secret findings across layouts; detection regressed", secretsFound)
	}
}

// TestEverySecretShapeDetected checks each planted shape by location.
func TestEverySecretShapeDetected(t *testing.T) {
	inv, _ := discoverFixture(t, "claude-desktop/linux", "linux")
	got := map[string]string{}
	for _, e := range inv.Servers {
		for _, d := range declsOf(e) {
			for _, f := range d.Facts {
				got[e.Name+" "+f.Location+" "+f.Kind] = f.Detail
			}
		}
	}
	want := map[string]string{
		"maps env.GOOGLE_MAPS_API_KEY literal_secret":            "AIza prefix",
		"gitlab env.GITLAB_PERSONAL_ACCESS_TOKEN literal_secret": "glpat- prefix",
		"openai env.OPENAI_API_KEY literal_secret":               "sk- prefix",
		"session env.SESSION literal_secret":                     "eyJ JWT",
		"ssh env.SSH_KEY literal_secret":                         "private key block",
		"bridge args[2] literal_secret":                          "high-entropy value under credential-like name in URL query parameter api_key",
		"bare args[1] literal_secret":                            "high-entropy bare token",
		"hooked env.PYTHONSTARTUP code_loading_env":              "PYTHONSTARTUP changes what python loads at start, literal value",
		"hooked env.DYLD_INSERT_LIBRARIES code_loading_env":      "DYLD_INSERT_LIBRARIES changes what loader loads at start, literal value",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: detail %q, want %q", k, got[k], v)
		}
	}
	for k := range got {
		if strings.HasPrefix(k, "gitlab env.GITLAB_API_URL") {
			t.Errorf("non-secret URL flagged: %s", k)
		}
	}
}

func TestLaunchNeverPrints(t *testing.T) {
	inv, _ := discoverFixture(t, "claude-code/linux", "linux")
	for _, e := range inv.Servers {
		s := fmt.Sprintf("%v %+v %#v %s", e, e, e.Launch, e.Launch)
		j, _ := json.Marshal(e)
		if strings.Contains(s+string(j), "CANARY") {
			t.Fatalf("launch data printed for %s", e.Identity)
		}
	}
	// The live data is there for connecting.
	for _, e := range inv.Servers {
		if e.Identity == "github@stdio:npx" {
			x := e.Launch.Expand(func(string) string { return "" })
			if !strings.HasPrefix(x.Env["GITHUB_PERSONAL_ACCESS_TOKEN"], "ghp_CANARY") {
				t.Error("launch lost the configured env value")
			}
		}
	}
}

func TestExpand(t *testing.T) {
	l := &Launch{Command: "node", Args: []string{"${workspaceFolder}/x.js", "--k=${env:K}"}, Env: map[string]string{"A": "$A_SRC", "B": "%B_SRC%"},
		URL: "https://${HOST}/mcp", Headers: map[string]string{"Authorization": "Bearer ${input:tok}"}, BearerEnv: "TOKEN", Root: "/p"}
	env := map[string]string{"K": "kv", "A_SRC": "av", "B_SRC": "bv", "HOST": "h.example", "TOKEN": "tv"}
	x := l.Expand(func(k string) string { return env[k] })
	if x.Args[0] != "/p/x.js" || x.Args[1] != "--k=kv" || x.Env["A"] != "av" || x.Env["B"] != "bv" || x.URL != "https://h.example/mcp" {
		t.Errorf("Expand = %q %q %q", x.Args, x.Env, x.URL)
	}
	if x.Headers["Authorization"] != "Bearer tv" {
		t.Errorf("bearer env not applied: %q", x.Headers["Authorization"])
	}
	if l.Args[0] != "${workspaceFolder}/x.js" {
		t.Error("Expand modified the original")
	}
}

func TestDeterministic(t *testing.T) {
	root := fixtureRoot(t, allFixtures...)
	var first string
	for i := 0; i < 3; i++ {
		inv, err := Discover(fixtureOptions(root, "darwin"))
		if err != nil {
			t.Fatal(err)
		}
		b, f := bundleOf(inv)
		bj, _ := json.Marshal(b)
		fj, _ := json.Marshal(f)
		s := string(bj) + string(fj) + inv.PlanText(true)
		if i == 0 {
			first = s
		} else if s != first {
			t.Fatal("discovery output differs between runs")
		}
	}
}

// TestScrubStderr shows the collector's path for a failing server: the
// launch's own literal values are scrubbed from whatever it printed,
// including values no pattern would recognise.
func TestScrubStderr(t *testing.T) {
	root := fixtureRoot(t, allFixtures...)
	for _, goos := range []string{"linux", "darwin", "windows"} {
		inv, err := Discover(fixtureOptions(root, goos))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range inv.Servers {
			l := e.Launch.Expand(func(string) string { return "" })
			var echo []string
			for _, v := range l.Env {
				echo = append(echo, "env says "+v)
			}
			for _, v := range l.Headers {
				echo = append(echo, "header says "+v)
			}
			echo = append(echo, "argv: "+strings.Join(l.Args, " "))
			stderr := strings.Join(echo, "\n")
			out := redact.Scrub(stderr, e.Launch.Secrets()...)
			if strings.Contains(out, "CANARY") {
				t.Errorf("%s %s: scrubbed stderr still holds a canary: %q", goos, e.Identity, out)
			}
		}
	}
}
