package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/analyze"
)

// pendingDemo is the demo audit as 'assay ui' first shows it: the
// bundle's skeleton, with the analysis as the background action.
func pendingDemo(t *testing.T) (*Data, Actions) {
	t.Helper()
	full := demoData(t)
	d := &Data{Bundle: full.Bundle, Findings: Skeleton(full.Bundle), Pending: true, Source: full.Source}
	return d, Actions{Analyse: func(ctx context.Context, progress func(Progress)) (*Data, error) {
		progress(Progress{Done: 3, Total: len(analyze.Passes), Step: analyze.PassClassify})
		return full, nil
	}}
}

// finish runs the model's commands until the analysis has arrived, as
// the program would.
func finish(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	r := &runner{msgs: make(chan tea.Msg, 64)}
	r.run(cmd)
	deadline := time.After(testenv.D(2 * time.Minute))
	for {
		var msg tea.Msg
		select {
		case msg = <-r.msgs:
		case <-deadline:
			t.Fatalf("the analysis did not arrive within %v", testenv.D(2*time.Minute))
		}
		_, next := m.Update(msg)
		if _, ok := msg.(analysisDoneMsg); ok {
			return
		}
		if _, ok := msg.(progressMsg); ok {
			r.run(next) // the next step; spinner ticks are left to stop
		}
	}
}

// TestPendingViews: before the analysis arrives the tree and the
// definitions show, and every place that would show findings says they
// are being analysed (golden views at 80×24 and 160×48).
func TestPendingViews(t *testing.T) {
	for _, c := range []struct {
		name   string
		w, h   int
		script string
	}{
		{"pending_80x24_start", 80, 24, ""},
		{"pending_160x48_tool", 160, 48, "jj"},
		{"pending_80x24_filter_waits", 80, 24, "S"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, acts := pendingDemo(t)
			m := New(context.Background(), d, Options{Actions: acts})
			m.analysing = true // as Init leaves it, without running the action
			m.Update(progressMsg{p: Progress{Done: 3, Total: len(analyze.Passes), Step: analyze.PassClassify}, analysis: true})
			m.Update(tea.WindowSizeMsg{Width: c.w, Height: c.h})
			for _, k := range keys(c.script) {
				m.Update(k)
			}
			v := m.View()
			checkFrame(t, v, c.w, c.h)
			golden(t, c.name, v)
			if low := strings.ToLower(v); strings.Contains(low, "findings: none") || strings.Contains(low, "signals (0)") || strings.Contains(v, " 0 findings") {
				t.Errorf("a pending view claims there is nothing:\n%s", v)
			}
		})
	}
}

// TestAnalysisKeepsSelection: the analysis reorders the tree riskiest
// first, and the selected tool stays selected on the same screen row
// with its details scrolled as they were.
func TestAnalysisKeepsSelection(t *testing.T) {
	d, acts := pendingDemo(t)
	m := New(context.Background(), d, Options{Actions: acts})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 12})
	cmd := m.Init()
	for _, k := range keys("jjjj<tab>jj<tab>") {
		m.Update(k)
	}
	before := ansi.Strip(m.View())
	sel, dtop := m.selected().key, m.dtop
	if m.selected().kind != kindTool || dtop == 0 {
		t.Fatalf("the script should select a tool and scroll its details (kind %d, dtop %d)", m.selected().kind, dtop)
	}
	finish(t, m, cmd)
	if m.pending() {
		t.Fatal("still pending after the analysis arrived")
	}
	if got := m.selected().key; got != sel {
		t.Errorf("selection moved from %q to %q", sel, got)
	}
	// (Its row on the screen is checked on 10,000 tools, where the tree
	// is longer than the screen: TestTenThousandTools.)
	if m.dtop != dtop {
		t.Errorf("details scroll moved from %d to %d", dtop, m.dtop)
	}
	after := ansi.Strip(m.View())
	if before == after || strings.Contains(after, "being analysed") || !strings.Contains(after, "10 findings") {
		t.Errorf("the analysed view did not replace the pending one:\n%s", after)
	}
	// Riskiest first once analysed, as TestRiskiestFirst checks for an
	// audit analysed from the start.
	m.Update(tea.KeyMsg{Type: tea.KeyHome})
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	if n := m.selected(); n.label != "run_command" {
		t.Errorf("first tool after the analysis is %q, want run_command", n.label)
	}
}

// TestAnalysisFailure: a failed analysis is said where the findings
// would be, and the actions that need it say why they cannot run.
func TestAnalysisFailure(t *testing.T) {
	d, _ := pendingDemo(t)
	exported := false
	m := New(context.Background(), d, Options{Actions: Actions{
		Analyse: func(context.Context, func(Progress)) (*Data, error) { return nil, errors.New("disk on fire") },
		Export:  func(string, []byte) error { exported = true; return nil },
	}})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	finish(t, m, m.Init())
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "analysis failed: disk on fire") {
		t.Errorf("the failure is not shown:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'e'}})
	if v := ansi.Strip(m.View()); m.mode == modeExport || exported || !strings.Contains(v, "export needs the analysis, which failed") {
		t.Errorf("export ran or did not say why not:\n%s", v)
	}
}

// TestPendingActionsWait: export, approve and refresh need the analysis;
// while it runs they neither start nor stay silent.
func TestPendingActionsWait(t *testing.T) {
	d, acts := pendingDemo(t)
	d.Gate = &Gate{Kind: "baseline", Path: "assay-baseline.json"}
	ran := ""
	acts.Export = func(string, []byte) error { ran += "export "; return nil }
	acts.Approve = func(context.Context, Selection, string) (*Data, string, error) {
		ran += "approve "
		return nil, "", nil
	}
	acts.Refresh = func(context.Context, func(Progress)) (*Data, error) { ran += "refresh "; return nil, nil }
	m := New(context.Background(), d, Options{Actions: acts})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m.analysing = true // as Init leaves it, without running the action
	if v := ansi.Strip(m.View()); !strings.Contains(v, "compared after the analysis") {
		t.Errorf("the baseline status does not wait for the analysis:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	for _, k := range []string{"e", "a", "r"} {
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		if cmd != nil || m.mode != modeBrowse || !strings.Contains(m.status, "waits for the analysis") {
			t.Errorf("%s while analysing: cmd %v, mode %d, status %q", k, cmd != nil, m.mode, m.status)
		}
	}
	if ran != "" {
		t.Errorf("ran %s before the analysis", ran)
	}
}
