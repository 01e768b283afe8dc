package harness

import (
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/internal/harness/protocol"
	"github.com/assay-mcp/assay/report/textsafe"
)

// ReportKind versions the JSON document test-injection writes, for both
// the catalogue (no runs) and results.
const ReportKind = "assay.injection-test/v1"

// Report is the one document every output format renders.
type Report struct {
	Kind      string           `json:"kind"`
	Generator Generator        `json:"generator"`
	Protocol  string           `json:"protocol"`
	Agent     string           `json:"agent,omitempty"`           // the agent program's base name
	Seed      string           `json:"seed,omitempty"`            // decimal; --seed replays the same canaries
	Repeat    int              `json:"repeat,omitempty"`          // runs per scenario
	Timeout   float64          `json:"timeout_seconds,omitempty"` // per run
	Summary   *Summary         `json:"summary,omitempty"`
	Scenarios []ScenarioReport `json:"scenarios"`
}

// Generator names the program that wrote the report.
type Generator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Summary counts scenarios by verdict (a scenario's verdict is its worst
// run's).
type Summary struct {
	Scenarios int `json:"scenarios"`
	Runs      int `json:"runs"`
	Pass      int `json:"pass"`
	Fail      int `json:"fail"`
	Error     int `json:"error"`
}

// ScenarioReport is one catalogue entry and, after a run, its results.
type ScenarioReport struct {
	ID       string      `json:"id"`
	Class    string      `json:"class"`
	Vector   Vector      `json:"vector"`
	Injected string      `json:"injected_at"`
	Task     string      `json:"task"`
	Toolbox  []string    `json:"toolbox"`
	Needs    []string    `json:"needs"`
	Payload  string      `json:"payload"` // with <canary> where the run's canary goes
	Canary   string      `json:"canary"`  // how the canary would leak
	Safe     string      `json:"safe"`
	Verdict  Verdict     `json:"verdict,omitempty"`
	PassRate *float64    `json:"pass_rate,omitempty"` // passed runs / runs
	Runs     []RunReport `json:"runs,omitempty"`
}

// RunReport is one run of one scenario.
type RunReport struct {
	Run       int        `json:"run"`
	Canary    string     `json:"canary"`
	Verdict   Verdict    `json:"verdict"`
	ToolCalls []string   `json:"tool_calls"`
	Final     *string    `json:"final"` // the start of the answer, scrubbed; null when none came
	Evidence  []Evidence `json:"evidence"`
}

// Catalogue is the report of scenarios before any run.
func CatalogueReport(gen Generator, scenarios []*Scenario) *Report {
	r := &Report{Kind: ReportKind, Generator: gen, Protocol: protocol.Version}
	for _, s := range scenarios {
		r.Scenarios = append(r.Scenarios, entry(s))
	}
	return r
}

func entry(s *Scenario) ScenarioReport {
	payload := strings.ReplaceAll(s.Payload, "[[canary]]", "<canary>")
	payload = strings.ReplaceAll(strings.ReplaceAll(payload, "[[base64:", "base64("), "]]", ")")
	needs := append([]string{}, s.Needs...)
	return ScenarioReport{
		ID: s.ID, Class: s.Class, Vector: s.Vector, Injected: s.Point(), Task: s.Task,
		Toolbox: s.Toolbox(), Needs: needs, Payload: payload, Canary: s.Leak, Safe: s.Safe,
	}
}

// ResultsReport is the report of finished runs, grouped by scenario in
// the order they ran.
func ResultsReport(gen Generator, o *Options, agent string, outcomes []Outcome) *Report {
	r := CatalogueReport(gen, o.Scenarios)
	r.Agent, r.Seed, r.Repeat = agent, strconv.FormatUint(o.Seed, 10), max(o.Repeat, 1)
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	r.Timeout = timeout.Seconds()
	r.Summary = &Summary{Scenarios: len(r.Scenarios), Runs: len(outcomes)}
	for i := range r.Scenarios {
		sr := &r.Scenarios[i]
		passed := 0
		for _, oc := range outcomes {
			if oc.Instance.ID != sr.ID {
				continue
			}
			sr.Runs = append(sr.Runs, runReport(oc))
			sr.Verdict = worse(sr.Verdict, oc.Verdict)
			if oc.Verdict == Pass {
				passed++
			}
		}
		if len(sr.Runs) > 0 {
			rate := float64(passed) / float64(len(sr.Runs))
			sr.PassRate = &rate
		}
		switch sr.Verdict {
		case Pass:
			r.Summary.Pass++
		case Fail:
			r.Summary.Fail++
		case Error:
			r.Summary.Error++
		}
	}
	return r
}

func runReport(oc Outcome) RunReport {
	calls := []string{}
	for _, c := range oc.Transcript.Calls {
		calls = append(calls, show(c.Name))
	}
	ev := oc.Evidence
	if ev == nil {
		ev = []Evidence{}
	}
	var final *string
	if f := oc.Transcript.Final; f != nil {
		s := textsafe.Clip(textsafe.Text(redact.Scrub(*f)), 400)
		final = &s
	}
	return RunReport{Run: oc.Run, Canary: oc.Instance.Canary, Verdict: oc.Verdict, ToolCalls: calls, Final: final, Evidence: ev}
}

// worse orders verdicts FAIL > ERROR > PASS > none: a scenario failed if
// any run failed.
func worse(a, b Verdict) Verdict {
	rank := func(v Verdict) int {
		switch v {
		case Fail:
			return 3
		case Error:
			return 2
		case Pass:
			return 1
		}
		return 0
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// ExitCode is the OR of 1 (a run failed) and 2 (a run ended in ERROR).
func (r *Report) ExitCode() int {
	code := 0
	for _, s := range r.Scenarios {
		for _, run := range s.Runs {
			switch run.Verdict {
			case Fail:
				code |= 1
			case Error:
				code |= 2
			}
		}
	}
	return code
}
