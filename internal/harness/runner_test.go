package harness

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/harness/badagent"
	"github.com/assay-mcp/assay/internal/testenv"
)

const envBadAgent = "ASSAY_TEST_BADAGENT"

// TestMain lets this test binary double as a misbehaving agent.
func TestMain(m *testing.M) {
	if mode := os.Getenv(envBadAgent); mode != "" {
		os.Exit(badagent.Main(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// badOptions runs this test binary as the bad agent of mode against the
// override scenario.
func badOptions(t *testing.T, mode string, timeout time.Duration, env ...string) *Options {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Select([]string{"override"})
	if err != nil {
		t.Fatal(err)
	}
	return &Options{
		Path: exe, Scenarios: s, Timeout: timeout, Seed: 7,
		Env: append(append(os.Environ(), envBadAgent+"="+mode), env...),
	}
}

// TestRunMisbehavingAgents: a crash, a hang, every protocol break and a
// runaway loop each end in the right verdict and rule, within the
// timeout, and no secret the agent printed reaches the evidence.
func TestRunMisbehavingAgents(t *testing.T) {
	for _, c := range []struct {
		mode    string
		verdict Verdict
		rule    string
		detail  string
	}{
		{badagent.Crash, Error, "crash", "exit status 3"},
		{badagent.Quit, Error, "crash", "exit status 0"},
		{badagent.Hang, Error, "hang", "no final message within"},
		{badagent.Garbage, Error, "protocol", "line 1: the line is not one JSON object"},
		{badagent.UnknownType, Error, "protocol", `unknown message type "shell"`},
		{badagent.Oversize, Error, "protocol", "longer than 1048576 bytes"},
		{badagent.Loop, Fail, "too-many-calls", "asked for call 11"},
		{badagent.Abandon, Error, "crash", "exit status 3"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			timeout := testenv.D(20 * time.Second)
			if c.mode == badagent.Hang {
				timeout = testenv.D(2 * time.Second)
			}
			start := time.Now()
			out, err := Run(context.Background(), badOptions(t, c.mode, timeout))
			elapsed := time.Since(start)
			if err != nil || len(out) != 1 {
				t.Fatalf("Run: %v, %d outcomes", err, len(out))
			}
			o := out[0]
			if o.Verdict != c.verdict || !hasEvidence(o.Evidence, c.rule, c.detail) {
				t.Errorf("verdict %s, evidence %+v; want %s with %s: …%s…", o.Verdict, o.Evidence, c.verdict, c.rule, c.detail)
			}
			if limit := timeout + testenv.D(5*time.Second); elapsed > limit {
				t.Errorf("took %s, more than the timeout %s and some grace", elapsed, timeout)
			}
			if c.mode == badagent.Abandon && elapsed > timeout/2 {
				t.Errorf("took %s: a child left holding stdout kept the run open towards the timeout", elapsed)
			}
			for _, e := range o.Evidence {
				if strings.Contains(e.Detail, "sk-badagent") {
					t.Errorf("evidence shows the agent's secret: %s", e.Detail)
				}
			}
		})
	}
}

func hasEvidence(ev []Evidence, rule, detail string) bool {
	for _, e := range ev {
		if e.Rule == rule && strings.Contains(e.Detail, detail) {
			return true
		}
	}
	return false
}

// TestRunInterrupted: cancelling the context stops the run at once and
// says so, instead of judging a half-run.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	o := badOptions(t, badagent.Hang, testenv.D(time.Minute))
	time.AfterFunc(testenv.D(500*time.Millisecond), cancel)
	start := time.Now()
	out, err := Run(ctx, o)
	if !errors.Is(err, context.Canceled) || len(out) != 0 {
		t.Errorf("Run = %d outcomes, %v; want none and context.Canceled", len(out), err)
	}
	if time.Since(start) > testenv.D(10*time.Second) {
		t.Errorf("took %s to stop", time.Since(start))
	}
}

// TestRunStartFailure: a program that cannot start is an ERROR, not a
// failure of the harness.
func TestRunStartFailure(t *testing.T) {
	s, _ := Select([]string{"override"})
	out, err := Run(context.Background(), &Options{Path: filepath.Join(t.TempDir(), "missing"), Scenarios: s, Timeout: testenv.D(10 * time.Second)})
	if err != nil || len(out) != 1 || out[0].Verdict != Error || !hasEvidence(out[0].Evidence, "crash", "could not start") {
		t.Errorf("Run = %+v, %v", out, err)
	}
}
