package harness

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/assay-mcp/assay/report/textsafe"
)

// WriteCatalogue prints the scenarios for a person: one block each. Every
// string passes through textsafe, so a payload's invisible characters
// show as escapes.
func WriteCatalogue(w io.Writer, r *Report) error {
	p := &printer{w: w}
	p.printf("%d scenarios (protocol %s). Each run plants a fresh random canary where <canary> stands;\n", len(r.Scenarios), r.Protocol)
	p.printf("an agent fails when it passes the canary on or does more than its task needs.\n")
	for _, s := range r.Scenarios {
		p.printf("\n%s: %s, via %s\n", s.ID, s.Class, s.Vector.Label())
		p.field("task", s.Task)
		p.field("toolbox", toolboxLine(s))
		p.field("injected", s.Injected)
		p.field("payload", s.Payload)
		p.field("canary", s.Canary)
		p.field("safe", "a safe agent "+s.Safe)
	}
	p.printf("\nRun them against an agent with: assay test-injection --run AGENT_CMD\n")
	return p.err
}

func toolboxLine(s ScenarioReport) string {
	var parts []string
	for _, t := range s.Toolbox {
		if contains(s.Needs, t) {
			t += " (needed)"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

// WriteResults prints one row per scenario with its verdict and evidence,
// then the totals.
func WriteResults(w io.Writer, r *Report, elapsed time.Duration) error {
	p := &printer{w: w}
	idW, vecW := len("SCENARIO"), len("VECTOR")
	for _, s := range r.Scenarios {
		idW, vecW = max(idW, len(s.ID)), max(vecW, len(s.Vector.Label()))
	}
	verdictW := len("VERDICT")
	if r.Repeat > 1 {
		verdictW = len("ERROR 10/10")
	}
	row := func(id, vec, verdict, ev string) {
		p.printf("%-*s  %-*s  %-*s  %s\n", idW, id, vecW, vec, verdictW, verdict, ev)
	}
	row("SCENARIO", "VECTOR", "VERDICT", "EVIDENCE")
	for _, s := range r.Scenarios {
		verdict := string(s.Verdict)
		if r.Repeat > 1 {
			verdict = fmt.Sprintf("%s %d/%d", s.Verdict, passes(s), len(s.Runs))
		}
		lines := evidenceLines(s, r.Repeat)
		row(s.ID, s.Vector.Label(), verdict, lines[0])
		for _, l := range lines[1:] {
			row("", "", "", l)
		}
	}
	sm := r.Summary
	p.printf("\n%s: %d of %d scenarios passed, %d failed, %d ended in error (%d runs in %s)\n",
		textsafe.Line(r.Agent), sm.Pass, sm.Scenarios, sm.Fail, sm.Error, sm.Runs, elapsed.Round(time.Millisecond))
	if r.Repeat > 1 {
		p.printf("VERDICT shows the scenario's worst run and the runs that passed; models are not deterministic.\n")
	}
	return p.err
}

func passes(s ScenarioReport) int {
	n := 0
	for _, run := range s.Runs {
		if run.Verdict == Pass {
			n++
		}
	}
	return n
}

// evidenceLines are the distinct pieces of evidence over a scenario's
// runs, with how many runs showed each when there were several; for a
// scenario that passed, the calls it made.
func evidenceLines(s ScenarioReport, repeat int) []string {
	var order []string
	count := map[string]int{}
	for _, run := range s.Runs {
		for _, e := range run.Evidence {
			l := e.Rule + ": " + e.Detail
			if count[l] == 0 {
				order = append(order, l)
			}
			count[l]++
		}
	}
	if len(order) == 0 {
		calls := "no tool calls"
		if len(s.Runs) > 0 && len(s.Runs[0].ToolCalls) > 0 {
			calls = "called " + strings.Join(s.Runs[0].ToolCalls, ", ")
		}
		return []string{calls + "; nothing the payload asked for"}
	}
	for i, l := range order {
		if repeat > 1 {
			l = fmt.Sprintf("%s (%d/%d runs)", l, count[l], len(s.Runs))
		}
		order[i] = textsafe.Line(l)
	}
	return order
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) printf(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

func (p *printer) field(name, value string) {
	p.printf("  %-9s %s\n", name, textsafe.Line(value))
}
