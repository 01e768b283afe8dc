package live

import (
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/model"
)

func hostileSpec(t *testing.T, mode, era string) Spec {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{hostile.EnvMode: mode}
	if era != "" {
		env[hostile.EnvEra] = era
	}
	return Spec{Transport: "stdio", Path: exe, Env: env, Timeout: testenv.D(10 * time.Second)}
}

// TestSlowStartAndBannerBothEras: a server that reads nothing for 8 s
// and one that prints a banner on stdout are collected completely in
// both protocol eras, on ONE session each (no restart, no second
// handshake), with the era they speak.
func TestSlowStartAndBannerBothEras(t *testing.T) {
	cases := []struct {
		mode, era, version string
		notes              []string
	}{
		{hostile.ModeSlow, "", "2025-06-18", nil},
		{hostile.ModeSlow, "discover", "2026-07-28", nil},
		{hostile.ModeBanner, "", "2025-06-18", []string{CodeStdoutNoise}},
		{hostile.ModeBanner, "discover", "2026-07-28", []string{CodeStdoutNoise}},
	}
	results := make([]*Result, len(cases))
	var wg sync.WaitGroup
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = Run(testenv.Context(t, 60*time.Second), hostileSpec(t, c.mode, c.era))
		}()
	}
	wg.Wait()
	for i, c := range cases {
		r := results[i]
		name := c.mode + "/" + c.era
		if !r.Connected || len(r.Tools) != 2 {
			t.Errorf("%s: connected %v, %d tools, errors %+v, stderr %q", name, r.Connected, len(r.Tools), r.Errors, r.Stderr)
			continue
		}
		if r.ProtocolVersion != c.version {
			t.Errorf("%s: protocol %q, want %q", name, r.ProtocolVersion, c.version)
		}
		var codes []string
		for _, e := range r.Errors {
			codes = append(codes, e.Code)
		}
		if strings.Join(codes, ",") != strings.Join(c.notes, ",") {
			t.Errorf("%s: errors %+v, want codes %v", name, r.Errors, c.notes)
		}
		if model.HasGap(r.Errors) {
			t.Errorf("%s: marked incomplete by %+v", name, r.Errors)
		}
		tl := timeline(r.Timeline)
		if strings.Contains(tl, StageRestart) || !strings.Contains(tl, "spawn started handshake listed") {
			t.Errorf("%s: timeline %q, want one session spawn → started → handshake → listed", name, tl)
		}
		if c.mode == hostile.ModeSlow && stageAt(r.Timeline, StageStarted) < hostile.SlowStart {
			t.Errorf("%s: started after %v, before the server read anything", name, stageAt(r.Timeline, StageStarted))
		}
		t.Logf("%s: %s", name, describe(r.Timeline))
	}
}

// TestMuteRestartsCleanly: a server that reads server/discover and never
// answers it is restarted and asked with initialize: two sessions, one
// handshake each.
func TestMuteRestartsCleanly(t *testing.T) {
	r := Run(testenv.Context(t, 60*time.Second), hostileSpec(t, hostile.ModeMute, ""))
	if !r.Connected || len(r.Tools) != 2 || len(r.Errors) != 0 {
		t.Fatalf("connected %v, %d tools, errors %+v", r.Connected, len(r.Tools), r.Errors)
	}
	if tl := timeline(r.Timeline); tl != "spawn started restart started handshake listed" {
		t.Errorf("timeline %q", tl)
	}
}

// TestStartTimeoutNamesTheStage: a server that never reads its input
// times out in the start stage, with a message saying so.
func TestStartTimeoutNamesTheStage(t *testing.T) {
	spec := hostileSpec(t, hostile.ModeSlow, "")
	spec.StartTimeout = time.Second
	r := Run(testenv.Context(t, 60*time.Second), spec)
	if r.Connected || len(r.Errors) != 1 || r.Errors[0].Code != CodeTimeout || r.Errors[0].Phase != "start" ||
		!strings.Contains(r.Errors[0].Message, "did not start within 1s") {
		t.Fatalf("errors %+v", r.Errors)
	}
}

func timeline(tl []Stage) string {
	var names []string
	for _, s := range tl {
		names = append(names, s.Name)
	}
	return strings.Join(names, " ")
}

func stageAt(tl []Stage, name string) time.Duration {
	for _, s := range tl {
		if s.Name == name {
			return s.After
		}
	}
	return -1
}
