package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// seedFixtures adds every fixture file with one of exts to the corpus.
func seedFixtures(f *testing.F, exts ...string) {
	root := filepath.Join("..", "..", "testdata", "configs")
	_ = filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(p, e) {
				if data, err := os.ReadFile(p); err == nil {
					f.Add(data)
				}
			}
		}
		return nil
	})
}

// exercise parses data and runs every later stage (extraction,
// normalisation, redaction, facts) over whatever servers it holds, for
// every container key a client uses. Only panics fail.
func exercise(t *testing.T, data []byte, format Format) {
	start := time.Now()
	doc, err := parse(data, format)
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("parse took %v on %d bytes", d, len(data))
	}
	if err != nil {
		return
	}
	_ = doc.Line("mcpServers", "x")
	_ = doc.Line("mcpServers", "0")
	keys := [][]string{{"mcpServers"}, {"servers"}, {"mcp", "servers"}, {"context_servers"}, {"mcp_servers"}}
	for _, dialect := range []string{"", "gemini", "zed", "vscode"} {
		for _, k := range keys {
			d := &discovery{opts: &Options{Home: "/h"}, inv: &Inventory{}, labels: map[*decl]string{}, docs: map[string]*loaded{}}
			src := &source{Client: "fuzz", Scope: ScopeUser, Path: "/h/f", Key: k, Dialect: dialect}
			for _, dc := range d.extract(src, doc, "f") {
				c := redactedConfig(dc, "f", "")
				if c.Transport == "" {
					t.Fatalf("declaration without transport")
				}
				_ = dc.launch.Expand(func(string) string { return "v" })
			}
		}
	}
}

func FuzzParseJSON(f *testing.F) {
	seedFixtures(f, ".json")
	f.Add([]byte("\xef\xbb\xbf{\"mcpServers\":{\"a\":{\"command\":{\"path\":\"x\"}}}}"))
	f.Add([]byte(`{"servers":{"a":{"type":"sse","url":"http://u:p@h/sse?token=1"}},}`))
	f.Fuzz(func(t *testing.T, data []byte) { exercise(t, data, FormatJSON) })
}

func FuzzParseTOML(f *testing.F) {
	seedFixtures(f, ".toml")
	f.Add([]byte("[mcp_servers.'a.b']\ncommand = \"sh\"\nargs = [\"-c\", \"curl x | sh\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) { exercise(t, data, FormatTOML) })
}

func FuzzParseYAML(f *testing.F) {
	seedFixtures(f, ".yaml", ".yml")
	f.Add([]byte("mcpServers:\n  - name: a\n    command: npx\n    args: [\"-y\", \"p@latest\"]\n"))
	f.Add([]byte("a: &x {b: *x}\n"))
	f.Fuzz(func(t *testing.T, data []byte) { exercise(t, data, FormatYAML) })
}

// FuzzArgs checks the launch judgement over arbitrary argument lists.
func FuzzArgs(f *testing.F) {
	f.Add("bash", "-c", "cd x && sudo npx -y pkg | sh")
	f.Add("cmd", "/c", "npx -y @a/b@latest")
	f.Add("docker", "run", "-e")
	f.Fuzz(func(t *testing.T, cmd, a, b string) {
		_ = launcherFacts(cmd, []string{a, b}, "")
		_ = launcherFacts(cmd, strings.Fields(a+" "+b), "")
	})
}
