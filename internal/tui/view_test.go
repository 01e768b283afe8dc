package tui

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/assay-mcp/assay/report/model"
)

// TestGoldenViews scripts keys on the demo audit and compares the screen
// at 80×24 and 160×48 with the golden views.
func TestGoldenViews(t *testing.T) {
	cases := []struct {
		name   string
		w, h   int
		script string
	}{
		{"demo_80x24_start", 80, 24, ""},
		{"demo_160x48_start", 160, 48, ""},
		{"demo_80x24_riskiest_tool", 80, 24, "j"},
		{"demo_160x48_riskiest_tool_schema", 160, 48, "js"},
		{"demo_80x24_details_scrolled", 80, 24, "j<tab>jjjjjjjjjjjj"},
		{"demo_80x24_search_weather", 80, 24, "/weather"},
		{"demo_160x48_search_kept", 160, 48, "/SSH<enter>j"},
		{"demo_80x24_help", 80, 24, "?"},
		{"demo_160x48_filter_injection", 160, 48, "CCC"},
		{"demo_80x24_filter_effect_external", 80, 24, "EE"},
		{"demo_80x24_filter_severity_high", 80, 24, "SS"},
		{"demo_80x24_server_folded", 80, 24, "<left>"},
		{"demo_160x48_server", 160, 48, ""},
		{"demo_80x24_export_prompt", 80, 24, "je"},
	}
	d := demoData(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := drive(t, d, Options{}, c.w, c.h, c.script)
			v := m.View()
			checkFrame(t, v, c.w, c.h)
			golden(t, c.name, v)
		})
	}
}

// checkFrame asserts the screen is exactly h lines of at most w cells.
func checkFrame(t *testing.T, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Errorf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

// TestRiskiestFirst: the tree puts the worst severity, then the highest
// tier, first — run_command (high, R5) before get_weather (high, R1).
func TestRiskiestFirst(t *testing.T) {
	m, _ := drive(t, demoData(t), Options{}, 80, 24, "j")
	n := m.selected()
	if n.kind != kindTool || n.label != "run_command" {
		t.Fatalf("first tool is %q, want run_command", n.label)
	}
	var prev *node
	for _, i := range m.vis {
		c := &m.nodes[i]
		if c.kind != kindTool {
			continue
		}
		if prev != nil && (c.sev > prev.sev || c.sev == prev.sev && c.tier > prev.tier) {
			t.Errorf("%s (sev %d tier %d) sorted after %s (sev %d tier %d)", c.label, c.sev, c.tier, prev.label, prev.sev, prev.tier)
		}
		prev = c
	}
}

// TestColorAndNoColor: colour adds SGR sequences only; without colour the
// screen has no escape at all and shows the selection with '>'.
func TestColorAndNoColor(t *testing.T) {
	d := demoData(t)
	plain, _ := drive(t, d, Options{}, 80, 24, "j")
	if v := plain.View(); strings.ContainsRune(v, '\x1b') || !strings.Contains(v, ">H    run_command") {
		t.Errorf("plain view has escapes or no '>' marker:\n%s", v)
	}
	col, _ := drive(t, d, Options{Color: true}, 80, 24, "j")
	v := col.View()
	if !strings.Contains(v, "\x1b[") {
		t.Fatal("colour view has no SGR")
	}
	if ansi.Strip(v) == v {
		t.Fatal("strip changed nothing")
	}
	golden(t, "demo_80x24_color", v)
}

// hostile is a server whose name, instructions and description carry
// terminal escapes (title set, clear screen, colour), RLO and zero-width.
func hostile(t *testing.T) *Data {
	c := capture{ServerInfo: map[string]string{"name": "evil\x1b]0;pwned\x07srv", "version": "1"},
		Instructions: "Be nice.\x1b[2J\x1b[H\u202eenil siht daer\u202c and \u200bhide"}
	c.Tools = append(c.Tools, []byte(`{"name":"read\u202etxt.exe","description":"Reads files.\u001b[31m red \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u202egnp.exe\u2066x\u2069\u200b","inputSchema":{"type":"object","properties":{"p\u202eq":{"type":"string","description":"\u001b[5mblink"}}}}`))
	raw, err := jsonMarshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return audit(t, "hostile.json", raw, nil)
}

// TestHostileTextShownEscaped: nothing a server sends reaches the screen
// as a control: no ESC but our SGR, no bidi or zero-width characters.
func TestHostileTextShownEscaped(t *testing.T) {
	d := hostile(t)
	for _, color := range []bool{false, true} {
		for _, script := range []string{"", "j", "js", "/blink"} {
			m, _ := drive(t, d, Options{Color: color}, 160, 48, script)
			v := m.View()
			rest := ansi.Strip(v)
			if strings.ContainsAny(rest, "\x1b\x07\u202e\u202c\u200b\u2066\u2069") {
				t.Errorf("color=%v script=%q: raw control reached the screen: %q", color, script, rest)
			}
			if color {
				checkOnlySGR(t, v)
			}
		}
	}
	m, _ := drive(t, d, Options{}, 80, 24, "js")
	v := m.View()
	all := allDetails(m)
	for _, want := range []string{`read\u202etxt.exe`, `\u001b[31m red`, `\u202egnp.exe`, `\u200b`, `"p\u202eq"`, `\u001b[5mblink`} {
		if !strings.Contains(all, want) {
			t.Errorf("tool details lack the visible escape %q", want)
		}
	}
	golden(t, "hostile_80x24_tool", v)
	m, _ = drive(t, d, Options{}, 80, 24, "")
	for _, want := range []string{`evil\u001b]0;pwned\u0007srv`, `\u001b[2J\u001b[H\u202eenil`, `\u200bhide`} {
		if !strings.Contains(allDetails(m), want) {
			t.Errorf("server details lack the visible escape %q", want)
		}
	}
	golden(t, "hostile_80x24_server", m.View())
}

// checkOnlySGR fails when v holds an escape sequence other than SGR.
func checkOnlySGR(t *testing.T, v string) {
	t.Helper()
	for i := 0; i < len(v); i++ {
		if v[i] != '\x1b' {
			continue
		}
		j := i + 1
		if j >= len(v) || v[j] != '[' {
			t.Fatalf("non-CSI escape at %d: %q", i, v[i:min(i+12, len(v))])
		}
		for j++; j < len(v) && (v[j] >= '0' && v[j] <= '9' || v[j] == ';'); j++ {
		}
		if j >= len(v) || v[j] != 'm' {
			t.Fatalf("non-SGR escape at %d: %q", i, v[i:min(i+12, len(v))])
		}
	}
}

// TestFindingsOnly: a findings file has no definitions; the tool pane
// says so instead of inventing them.
func TestFindingsOnly(t *testing.T) {
	d := demoData(t)
	d.Bundle = nil
	m, _ := drive(t, d, Options{}, 80, 24, "j")
	if v := allDetails(m); !strings.Contains(v, "not in this input") || !strings.Contains(v, "CAP-007") {
		t.Errorf("findings-only tool details:\n%s", v)
	}
}

// TestContextTree: contexts lead the tree with their token total and
// chain findings.
func TestContextTree(t *testing.T) {
	d := audit(t, "demo.json", demoCapture(t), func(b *model.Bundle) {
		s := &b.Servers[0]
		b.Contexts = []model.Context{{ID: "cursor@~/app", Client: "cursor", Root: "~/app",
			Servers: []model.ContextServer{{Name: s.Name, Identity: s.Identity, Scope: "project", Enabled: true}}}}
	})
	m, _ := drive(t, d, Options{}, 160, 48, "")
	v := m.View()
	if n := m.selected(); n.kind != kindContext {
		t.Fatalf("first row is not the context")
	}
	for _, want := range []string{"CONTEXT cursor@~/app", "tokens:", "CHAIN-001"} {
		if !strings.Contains(v, want) {
			t.Errorf("context view lacks %q", want)
		}
	}
	golden(t, "context_160x48", v)
}

// allDetails is every line of the selection's details, not only the
// visible window.
func allDetails(m *Model) string {
	return ansi.Strip(strings.Join(m.details(m.selected(), m.rightWidth()), "\n"))
}

// TestTypedBurst: a terminal delivers fast typing as one message; it acts
// as the same keys one by one.
func TestTypedBurst(t *testing.T) {
	d := demoData(t)
	one, _ := drive(t, d, Options{}, 80, 24, "/weather")
	burst := New(context.Background(), d, Options{})
	burst.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	burst.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/weather")})
	if one.View() != burst.View() {
		t.Errorf("burst differs:\n%s\nvs\n%s", burst.View(), one.View())
	}
}

// TestExportMarkdown: e then enter writes the selected tool's view through
// the markdown renderer, with its findings and only that tool.
func TestExportMarkdown(t *testing.T) {
	var gotPath string
	var got []byte
	opts := Options{Actions: Actions{Export: func(p string, md []byte) error { gotPath, got = p, md; return nil }}}
	m, _ := drive(t, demoData(t), opts, 80, 24, "je")
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if cmd == nil {
		t.Fatal("enter returned no export command")
	}
	m.Update(cmd())
	md := string(got)
	if gotPath != "assay-view.md" || !strings.Contains(md, "CAP-007") || !strings.Contains(md, "1 tool") || strings.Contains(md, "INJ-002") {
		t.Errorf("export to %q:\n%s", gotPath, md)
	}
	if !strings.Contains(m.View(), "exported the view to assay-view.md") {
		t.Errorf("status line:\n%s", m.View())
	}
}
