package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestParseFormats(t *testing.T) {
	cases := []struct {
		name   string
		format Format
		data   string
		path   []string
		line   int
	}{
		{"json", FormatJSON, "{\n \"mcpServers\": {\n  \"a\": {\"command\": \"x\"}\n }\n}", []string{"mcpServers", "a"}, 3},
		{"jsonc", FormatJSON, "{\n // c\n \"servers\": {\n  /* b */ \"a\": {\"command\": \"x\",},\n },\n}", []string{"servers", "a"}, 4},
		{"bom", FormatJSON, "\xef\xbb\xbf{\n\"mcpServers\": {\"a\": {}}}", []string{"mcpServers", "a"}, 2},
		{"toml", FormatTOML, "x = 1\n\n[mcp_servers.a]\ncommand = \"x\"\n", []string{"mcp_servers", "a"}, 3},
		{"toml quoted", FormatTOML, "[mcp_servers.\"a.b\"]\ncommand = \"x\"\n", []string{"mcp_servers", "a.b"}, 1},
		{"toml env only", FormatTOML, "[mcp_servers.a.env]\nK = \"v\"\n", []string{"mcp_servers", "a"}, 1},
		{"yaml", FormatYAML, "name: x\nmcpServers:\n  - name: a\n    command: npx\n  - name: b\n", []string{"mcpServers", "1"}, 5},
		{"yaml bom", FormatYAML, "\xef\xbb\xbfmcpServers:\n  - name: a\n", []string{"mcpServers", "0"}, 2},
	}
	for _, c := range cases {
		doc, err := parse([]byte(c.data), c.format)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := doc.Line(c.path...); got != c.line {
			t.Errorf("%s: line %d, want %d", c.name, got, c.line)
		}
	}
	for _, bad := range []struct {
		f    Format
		data string
	}{{FormatJSON, "{"}, {FormatTOML, "[x"}, {FormatYAML, "a: [b"}} {
		if _, err := parse([]byte(bad.data), bad.f); err == nil {
			t.Errorf("%s: %q parsed", bad.f, bad.data)
		}
	}
}

func TestYAMLAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 9; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
	}
	start := time.Now()
	_, err := parse([]byte(b.String()), FormatYAML)
	if err == nil {
		t.Error("alias bomb accepted")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("alias bomb took %v", d)
	}
	// A few honest aliases still parse.
	if _, err := parse([]byte("base: &b {command: npx}\nmcpServers:\n  - <<: *b\n    name: a\n"), FormatYAML); err != nil {
		t.Errorf("small alias use rejected: %v", err)
	}
}

func TestParseErrorsHideText(t *testing.T) {
	inv, _ := discoverFixture(t, "cursor/linux", "linux")
	for _, e := range inv.Errors {
		if strings.Contains(e.Message, "CANARY") || strings.Contains(e.Message, "/tmp") {
			t.Errorf("error leaks: %s", e.Message)
		}
	}
	err := scrubParseErr(fmt.Errorf("line 3: unexpected \"ghp_CANARY\" here"))
	if strings.Contains(err.Error(), "CANARY") {
		t.Errorf("scrub kept quoted text: %v", err)
	}
}

func TestDeepNestingRejected(t *testing.T) {
	deep := strings.Repeat("[", 100000)
	for _, f := range []Format{FormatJSON, FormatTOML, FormatYAML} {
		if _, err := parse([]byte("{\"a\": "+deep), f); err == nil {
			t.Errorf("%s: deep nesting accepted", f)
		}
	}
	if _, err := parse([]byte(`{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}`), FormatJSON); err != nil {
		t.Errorf("brackets inside a string counted: %v", err)
	}
}
