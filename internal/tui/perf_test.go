package tui

import (
	"context"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/analyze"
)

// TestTenThousandTools measures the first frame (model built from an
// analysed 10,000-tool bundle, then View) and the time per scrolling key
// (Update + View). Analysis is timed apart: it is the scan's cost, not the
// interface's.
func TestTenThousandTools(t *testing.T) {
	shapes, err := synth.LoadShapes("../../testdata/surfaces")
	if err != nil {
		t.Fatal(err)
	}
	b := synth.Generate(shapes, synth.Options{Servers: 20, Tools: 500, Seed: 1})
	t0 := time.Now()
	f := analyze.Analyze(b, &analyze.Options{Version: "test"})
	analysis := time.Since(t0)
	if f.Summary.Tools != 10000 {
		t.Fatalf("want 10000 tools, got %d", f.Summary.Tools)
	}
	t1 := time.Now()
	m := New(context.Background(), &Data{Bundle: b, Findings: f}, Options{Color: true})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	_ = m.View()
	first := time.Since(t1)
	var worst, total time.Duration
	const n = 600
	for i := 0; i < n; i++ {
		k := tea.KeyMsg{Type: tea.KeyDown}
		if i%50 == 49 {
			k = tea.KeyMsg{Type: tea.KeyPgDown}
		}
		s := time.Now()
		m.Update(k)
		_ = m.View()
		d := time.Since(s)
		total += d
		worst = max(worst, d)
	}
	t.Logf("10,000 tools: analysis %v, first frame %v, per key mean %v worst %v", analysis, first, total/n, worst)
	if first > testenv.D(time.Second) {
		t.Errorf("first frame took %v, over 1 s", first)
	}
	if worst > testenv.D(50*time.Millisecond) {
		t.Errorf("a key took %v, over 50 ms", worst)
	}
}
