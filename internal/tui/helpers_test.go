package tui

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/assay-mcp/assay/collectkit/tokens"
	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

var update = flag.Bool("update", false, "rewrite the golden views in testdata/")

// capture is one server's surface as 'assay scan --surface' reads it.
type capture struct {
	ServerInfo   map[string]string `json:"serverInfo"`
	Instructions string            `json:"instructions,omitempty"`
	Tools        []json.RawMessage `json:"tools"`
}

// demoCapture is the in-repo demo server's surface, built from the same
// definitions the server serves.
func demoCapture(t testing.TB) []byte {
	t.Helper()
	c := capture{ServerInfo: map[string]string{"name": demoserver.Name, "version": demoserver.Version}, Instructions: demoserver.Instructions}
	for _, tool := range demoserver.Tools() {
		raw, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		c.Tools = append(c.Tools, raw)
	}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// audit decodes a surface, counts its tokens and analyses it, like
// 'assay scan --surface'.
func audit(t testing.TB, name string, data []byte, edit func(*model.Bundle)) *Data {
	t.Helper()
	in, err := model.Decode(name, data)
	if err != nil {
		t.Fatal(err)
	}
	b := in.Bundle
	if edit != nil {
		edit(b)
	}
	if err := tokens.CountBundle(b, "o200k_base"); err != nil {
		t.Fatal(err)
	}
	return &Data{Bundle: b, Findings: analyze.Analyze(b, &analyze.Options{Version: "test"}), Source: name}
}

func demoData(t testing.TB) *Data { return audit(t, "demo.json", demoCapture(t), nil) }

// keys turns a script into key messages: names in angle brackets
// (<down>, <tab>, <enter>, <esc>, <ctrl+c>) and runes for the rest.
func keys(script string) []tea.Msg {
	named := map[string]tea.KeyType{"down": tea.KeyDown, "up": tea.KeyUp, "tab": tea.KeyTab, "enter": tea.KeyEnter,
		"esc": tea.KeyEsc, "ctrl+c": tea.KeyCtrlC, "pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "left": tea.KeyLeft,
		"right": tea.KeyRight, "end": tea.KeyEnd, "home": tea.KeyHome, "backspace": tea.KeyBackspace}
	var out []tea.Msg
	for script != "" {
		if strings.HasPrefix(script, "<") {
			end := strings.Index(script, ">")
			out = append(out, tea.KeyMsg{Type: named[script[1:end]]})
			script = script[end+1:]
			continue
		}
		r := []rune(script)[0]
		out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		script = script[len(string(r)):]
	}
	return out
}

// drive builds a model at w×h and feeds it the script; it returns the
// model and the last command returned.
func drive(t testing.TB, d *Data, opts Options, w, h int, script string) (*Model, tea.Cmd) {
	t.Helper()
	m := New(context.Background(), d, opts)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	var cmd tea.Cmd
	for _, k := range keys(script) {
		_, cmd = m.Update(k)
	}
	return m, cmd
}

// golden compares got with testdata/NAME.golden (-update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden view; got:\n%s\nwant:\n%s", name, got, want)
	}
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
