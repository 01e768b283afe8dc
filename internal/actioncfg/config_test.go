package actioncfg

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseExample(t *testing.T) {
	data, err := os.ReadFile("testdata/assay.toml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Parse("assay.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		File: "assay.toml", FailOn: []string{"escalation", "injection"}, BaselineDir: ".assay", Timeout: 45 * time.Second,
		Servers: []Server{
			{Name: "memory", Target: "npx -y @modelcontextprotocol/server-memory@2026.8.31", Env: []string{"MEMORY_FILE_PATH"},
				Timeout: 45 * time.Second, Baseline: ".assay/memory.json", Line: 6},
			{Name: "docs", Target: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer ${DOCS_MCP_TOKEN}"},
				Timeout: 2 * time.Minute, Baseline: "ci/baselines/docs.json", Line: 11},
		},
	}
	if d := cmp.Diff(want, cfg); d != "" {
		t.Errorf("Parse (-want +got):\n%s", d)
	}
	if got := cfg.Servers[1].EnvRefs(); !slices.Equal(got, []string{"DOCS_MCP_TOKEN"}) {
		t.Errorf("EnvRefs = %v", got)
	}
}

func TestParseDefaults(t *testing.T) {
	cfg, err := Parse("a.toml", []byte("[[server]]\nname = \"m\"\ntarget = \"srv\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := cfg.Servers[0]
	if !slices.Equal(cfg.FailOn, DefaultFailOn) || s.Timeout != 30*time.Second || s.Baseline != ".assay/m.json" || s.Line != 1 {
		t.Errorf("defaults: failOn=%v timeout=%v baseline=%q line=%d", cfg.FailOn, s.Timeout, s.Baseline, s.Line)
	}
}

// Each bad config is rejected with a message naming the problem.
func TestParseRejects(t *testing.T) {
	srv := "[[server]]\nname = \"m\"\ntarget = \"x\"\n"
	cases := []struct{ name, toml, want string }{
		{"not toml", "[[server]\n", "a.toml"},
		{"no servers", "timeout = \"5s\"\n", "no [[server]] entries"},
		{"unknown key", srv + "tiemout = \"5s\"\n", "unknown keys: server.tiemout"},
		{"missing name", "[[server]]\ntarget = \"x\"\n", "name is required"},
		{"bad name", "[[server]]\nname = \"../etc\"\ntarget = \"x\"\n", "use letters, digits"},
		{"duplicate name", srv + srv, "declared twice"},
		{"missing target", "[[server]]\nname = \"m\"\n", "target is required"},
		{"env with value", srv + "env = [\"TOKEN=abc\"]\n", "not a variable name"},
		{"literal secret header", "[[server]]\nname = \"m\"\ntarget = \"https://h/mcp\"\nheaders = { Authorization = \"Bearer ghp_abc\" }\n", "never commit a secret"},
		{"header on stdio", srv + "headers = { X = \"${T}\" }\n", "http(s) targets only"},
		{"bad header name", "[[server]]\nname = \"m\"\ntarget = \"https://h\"\nheaders = { \"X Y\" = \"${T}\" }\n", "not a valid HTTP header name"},
		{"bad timeout", srv + "timeout = \"soon\"\n", "not a duration"},
		{"negative timeout", "timeout = \"-1s\"\n" + srv, "between 0 and 1h"},
		{"bad fail-on", "fail-on = [\"everything\"]\n" + srv, "unknown category \"everything\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("a.toml", []byte(c.toml))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
}

func TestExplicitEmptyFailOn(t *testing.T) {
	cfg, err := Parse("a.toml", []byte("fail-on = []\n[[server]]\nname = \"m\"\ntarget = \"srv\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.FailOn) != 0 {
		t.Errorf("fail-on = [] gave %v, want nothing", cfg.FailOn)
	}
}

func TestServerLinesGiveUpOnMismatch(t *testing.T) {
	// A header-looking line inside a multi-line string must not shift
	// lines: with a mismatch no line is claimed.
	data := "[[server]]\nname = \"a\"\ntarget = \"\"\"\n[[server]]\n\"\"\"\n"
	if got := serverLines([]byte(data), 1); got[0] != 0 {
		t.Errorf("line %d claimed despite ambiguity", got[0])
	}
	if got := serverLines([]byte("x = 1\n[[server]]\n"), 1); got[0] != 2 {
		t.Errorf("line = %d, want 2", got[0])
	}
}

func TestParseFailOn(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"none", nil},
		{"injection", []string{"injection"}},
		{"injection, escalation", []string{"escalation", "injection"}},
		{"PROMPT removal", []string{"prompt", "removal"}},
		{"all", []string{"escalation", "prompt", "removal", "injection", "incomplete"}},
	}
	for _, c := range cases {
		got, err := ParseFailOn(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseFailOn(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := ParseFailOn("injection,bogus"); err == nil {
		t.Error("accepted an unknown category")
	}
}

func TestFailing(t *testing.T) {
	fo := []string{"escalation", "injection"}
	cases := []struct {
		code int
		want []string
	}{
		{0, nil}, {2, nil}, {4 | 16, nil}, {1, []string{"escalation"}}, {8 | 2, []string{"injection"}}, {31, fo},
	}
	for _, c := range cases {
		if got := Failing(c.code, fo); !slices.Equal(got, c.want) {
			t.Errorf("Failing(%d) = %v, want %v", c.code, got, c.want)
		}
	}
}

func TestOutputs(t *testing.T) {
	got := FormatOutputs(Outputs(8|2, map[string]string{"sarif": "out/assay.sarif"}))
	want := "escalation=false\nprompt=true\nremoval=false\ninjection=true\nincomplete=false\ncode=10\nsarif=out/assay.sarif\n"
	if got != want {
		t.Errorf("outputs:\n%s\nwant:\n%s", got, want)
	}
	multi := FormatOutputs([][2]string{{"x", "a\nASSAY_EOF\nb"}})
	if multi != "x<<ASSAY_EOF_\na\nASSAY_EOF\nb\nASSAY_EOF_\n" {
		t.Errorf("multi-line output: %q", multi)
	}
}

func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"npx -y pkg@1", []string{"npx", "-y", "pkg@1"}},
		{`node "my server.js" --flag`, []string{"node", "my server.js", "--flag"}},
		{`sh -c 'echo $HOME; ls'`, []string{"sh", "-c", "echo $HOME; ls"}},
		{`a\ b "q\"x" ''`, []string{"a b", `q"x`, ""}},
		{"  spaced   out  ", []string{"spaced", "out"}},
	}
	for _, c := range cases {
		got, err := SplitCommand(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{`"open`, `'open`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) accepted", bad)
		}
	}
}
