package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// runner plays bubbletea's part for a test: it runs commands off the
// test's loop and hands their messages back, as the program would.
type runner struct{ msgs chan tea.Msg }

func (r *runner) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		switch msg := cmd().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				r.run(c)
			}
		default:
			r.msgs <- msg
		}
	}()
}

// TestTenThousandTools opens 10,000-tool bundles (one server, and 100
// servers × 100 tools) the way 'assay ui BUNDLE' does: from the file's
// bytes to the first usable frame (the tree with names, counts and token
// counts, details with description and schema) within 1 s, while the
// analysis runs in the background. Keys stay within 50 ms (99% of them
// while it runs, see below; every one after), installing the analysis
// holds them no longer than one key, and the selection and its row on
// the screen stay. A findings file of the same audit opens within 1 s too. Budgets
// scale with ASSAY_TEST_SCALE (testenv.D).
func TestTenThousandTools(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "short", "generates and analyses two 10,000-tool bundles")
	}
	shapes, err := synth.LoadShapes("../../testdata/surfaces")
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range []struct{ servers, tools int }{{1, 10000}, {100, 100}} {
		t.Run(fmt.Sprintf("%dx%d", sh.servers, sh.tools), func(t *testing.T) {
			data, err := json.Marshal(synth.Generate(shapes, synth.Options{Servers: sh.servers, Tools: sh.tools, Seed: 1}))
			if err != nil {
				t.Fatal(err)
			}
			tenThousand(t, fmt.Sprintf("%d×%d", sh.servers, sh.tools), data)
		})
	}
}

// timeKey is the time one key takes to handle and draw.
func timeKey(m *Model, k tea.Msg) time.Duration {
	s := time.Now()
	m.Update(k)
	_ = m.View()
	return time.Since(s)
}

func tenThousand(t *testing.T, shape string, bundleJSON []byte) {
	const w, h = 160, 48
	t0 := time.Now()
	in, err := model.Decode("bundle.json", bundleJSON)
	if err != nil {
		t.Fatal(err)
	}
	b := in.Bundle
	analyse := func(ctx context.Context, progress func(Progress)) (*Data, error) {
		f := analyze.Analyze(b, &analyze.Options{Version: "test", Observe: func(pass string) func() {
			for i, p := range analyze.Passes {
				if p == pass {
					progress(Progress{Done: i, Total: len(analyze.Passes), Step: pass})
				}
			}
			return nil
		}})
		return &Data{Bundle: b, Findings: f}, nil
	}
	m := New(context.Background(), &Data{Bundle: b, Findings: Skeleton(b), Pending: true}, Options{Color: true, Actions: Actions{Analyse: analyse}})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	v := m.View()
	first := time.Since(t0)
	if first > testenv.D(time.Second) {
		t.Errorf("first frame after %v, over 1 s", first)
	}
	if !strings.Contains(v, "10000 tools · findings pending") {
		t.Errorf("the header does not say the findings are pending:\n%q", strings.SplitN(v, "\n", 2)[0])
	}

	r := &runner{msgs: make(chan tea.Msg, 1024)}
	r.run(m.Init())
	// Before the analysis: a tool shows its definition and says its
	// findings are being analysed (never "none"); filters that need the
	// analysis say so.
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	v = ansi.Strip(m.View())
	for _, want := range []string{"TOOL ", "Description", "Input schema", "Findings: being analysed"} {
		if !strings.Contains(v, want) {
			t.Errorf("before the analysis the details lack %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "Findings: none") {
		t.Errorf("before the analysis the details claim no findings:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'S'}})
	if v = ansi.Strip(m.View()); !strings.Contains(v, "waits for the analysis") || m.filter.minSev != -1 {
		t.Errorf("S before the analysis neither waits nor says so:\n%s", v)
	}

	// Keys at a brisk typing pace while the analysis runs.
	script := keys(strings.Repeat("j", 25) + "<pgdown>" + strings.Repeat("k", 10) + "/get<esc>" + strings.Repeat("j", 5) + "<pgup>")
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(testenv.D(3 * time.Minute))
	var worst, total, arrival time.Duration
	var n int
	var lat []time.Duration
	start := time.Now()
	for done := false; !done; {
		select {
		case msg := <-r.msgs:
			if _, ok := msg.(analysisDoneMsg); !ok {
				_, cmd := m.Update(msg)
				r.run(cmd)
				continue
			}
			sel, row := m.selected().key, m.cur-m.top
			s := time.Now()
			_, cmd := m.Update(msg)
			_ = m.View()
			arrival = time.Since(s)
			r.run(cmd)
			if got := m.selected().key; got != sel {
				t.Errorf("the analysis moved the selection from %q to %q", sel, got)
			}
			if m.cur >= row && m.cur-m.top != row {
				t.Errorf("the analysis moved the selected row on the screen from %d to %d", row, m.cur-m.top)
			}
			done = true
		case <-tick.C:
			d := timeKey(m, script[n%len(script)])
			total += d
			worst = max(worst, d)
			lat = append(lat, d)
			n++
		case <-deadline:
			t.Fatalf("the analysis did not arrive within %v", testenv.D(3*time.Minute))
		}
	}
	analysis := time.Since(start)
	slices.Sort(lat)
	m.Update(tea.KeyMsg{Type: tea.KeyEsc}) // out of a search the script may be in
	if m.pending() || strings.Contains(m.View(), "findings pending") || !strings.Contains(ansi.Strip(m.View()), "S C E filter") {
		t.Errorf("after the analysis the view still waits:\n%s", ansi.Strip(m.View()))
	}
	if n == 0 {
		t.Fatal("no key was sent during the analysis")
	}
	p99 := lat[len(lat)*99/100]
	t.Logf("10,000 tools (%s): first frame %v; analysis done %v later; %d keys during it: mean %v p99 %v worst %v; installing it %v",
		shape, first, analysis, n, total/time.Duration(n), p99, worst, arrival)
	// Every key path is cheap (about 1 ms of CPU); what a key waits for
	// while the analysis keeps both cores busy is the scheduler, which on
	// a loaded machine gives a rare key a long wait whatever the key does.
	// So the budget holds for 99% of the keys (a slow path, such as a
	// search rebuilding its text, would show in far more than 1%); the
	// worst is logged.
	if p99 > testenv.D(50*time.Millisecond) {
		t.Errorf("1%% of the keys during the analysis took over %v, over 50 ms", p99)
	}
	if arrival > testenv.D(50*time.Millisecond) {
		t.Errorf("installing the analysis held the keys for %v, over 50 ms", arrival)
	}

	// Scrolling the analysed tree. As above, the budget holds for 99% of
	// the keys: on a loaded machine a garbage collection or the scheduler
	// can hold any one key, and a slow key path would show in far more.
	worst, total = 0, 0
	const keysN = 600
	lat = lat[:0]
	for i := 0; i < keysN; i++ {
		k := tea.KeyMsg{Type: tea.KeyDown}
		if i%50 == 49 {
			k = tea.KeyMsg{Type: tea.KeyPgDown}
		}
		d := timeKey(m, k)
		total += d
		worst = max(worst, d)
		lat = append(lat, d)
	}
	slices.Sort(lat)
	p99 = lat[len(lat)*99/100]
	t.Logf("10,000 tools (%s): analysed, per key mean %v p99 %v worst %v", shape, total/keysN, p99, worst)
	if p99 > testenv.D(50*time.Millisecond) {
		t.Errorf("1%% of the keys on the analysed tree took over %v, over 50 ms", p99)
	}

	// The same audit as a findings file: no analysis, opens analysed.
	fj, err := json.Marshal(m.data.Findings)
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	fin, err := model.Decode("findings.json", fj)
	if err != nil {
		t.Fatal(err)
	}
	fm := New(context.Background(), &Data{Findings: fin.Findings}, Options{Color: true})
	fm.Update(tea.WindowSizeMsg{Width: w, Height: h})
	_ = fm.View()
	ff := time.Since(t1)
	t.Logf("10,000 tools (%s): findings file, first frame %v", shape, ff)
	if ff > testenv.D(time.Second) {
		t.Errorf("a findings file of 10,000 tools took %v to its first frame, over 1 s", ff)
	}
}
