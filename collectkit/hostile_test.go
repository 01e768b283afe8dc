package collectkit

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// TestMain lets this test binary double as the hostile server.
func TestMain(m *testing.M) {
	hostile.MainIfRequested()
	os.Exit(m.Run())
}

func hostileTarget(t *testing.T, mode string, env map[string]string) Target {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := map[string]string{hostile.EnvMode: mode}
	for k, v := range env {
		e[k] = v
	}
	return Target{Name: "hostile-" + mode, Transport: "stdio", Command: exe, Env: e}
}

// TestHostileSuite runs every hostile mode in ONE Collect next to two
// well-behaved servers: each hostile server must end in bounded time
// with its named collection error, and the good servers must still be
// collected completely.
func TestHostileSuite(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "process-group checks are POSIX")
	}
	pidFile := filepath.Join(t.TempDir(), "orphan.pid")
	silentPID := filepath.Join(t.TempDir(), "silent.pid")
	cases := []hostileCase{
		{hostile.ModeOK, "", 2},
		{hostile.ModeEndless, live.CodePageCap, 20},
		{hostile.ModeRepeat, live.CodeRepeatedCursor, 2},
		{hostile.ModeMany, live.CodeItemCap, 500},
		{hostile.ModeHuge, live.CodeByteCap, 0},
		{hostile.ModeSilent, live.CodeTimeout, 0},
		{hostile.ModeCrash, live.CodeCrashed, 1},
		{hostile.ModeGarbage, live.CodeStdoutNoise, 2},
		{hostile.ModeBroken, live.CodeBadJSON, 0},
		{hostile.ModeSampling, live.CodeServerRequest, 1},
		{hostile.ModeOrphan, "", 2},
		{hostile.ModeUTF8, live.CodeInvalidUTF8, 1},
		{hostile.ModeOldProto, live.CodeProtocol, 0},
		{hostile.ModeSDKDrop, live.CodeSDKWarning, 2},
		{hostile.ModeMute, "", 2},
		{hostile.ModeRoots, live.CodeServerRequest, 1},
		{hostile.ModeOptional, live.CodeNotOffered, 2},
		{hostile.ModeBanner, live.CodeStdoutNoise, 2},
		{hostile.ModeDies, live.CodeCrashed, 0},
		{hostile.ModeSlow, "", 2},
		{hostile.ModeOK, "", 2},
	}
	var targets []Target
	for _, c := range cases {
		env := map[string]string{}
		switch c.mode {
		case hostile.ModeOrphan:
			env[hostile.EnvPIDFile] = pidFile
		case hostile.ModeSilent: // killed on timeout, with its child
			env[hostile.EnvPIDFile] = silentPID
		case hostile.ModeDies: // it echoes this value on stderr
			env["HOSTILE_TOKEN"] = hostile.DiesSecret
		}
		targets = append(targets, hostileTarget(t, c.mode, env))
	}
	var stderr bytes.Buffer
	tails := map[string]string{}
	peak, stopSampling := sampleHeap()
	start := time.Now()
	servers, err := Collect(context.Background(), targets, &Options{
		// Long enough for the flood modes on a loaded machine or under
		// -race; the silent server waits it out once.
		Timeout:  8 * time.Second,
		Parallel: 4,
		Yes:      true,
		Stderr:   &stderr,
		Progress: true,
		OnStderr: func(id, tail string) { tails[id] = tail },
		Limits:   live.Limits{MaxPages: 20, MaxItems: 500, MaxFrame: 8 << 20, MaxBytes: 16 << 20},
	})
	took := time.Since(start)
	stopSampling()
	if err != nil {
		t.Fatal(err)
	}
	// The 50 MB description and the 100,000 tools must not be held whole.
	if *peak > 256<<20 {
		t.Errorf("heap in use peaked at %d MiB; collection must stay bounded", *peak>>20)
	}
	t.Logf("hostile suite: %v, peak heap in use %d MiB", took, *peak>>20)
	// 21 servers, 4 workers; the silent one waits out its probe and its
	// 8 s timeout, the slow one its 8 s start.
	if took > 40*time.Second {
		t.Errorf("hostile suite took %v; every mode must end in bounded time", took)
	}
	for i, c := range cases {
		s := servers[i]
		codes := errorCodes(s.Errors)
		if c.code == "" && len(codes) > 0 {
			t.Errorf("%s: unexpected errors %v", c.mode, s.Errors)
		}
		if c.code != "" && !contains(codes, c.code) {
			t.Errorf("%s: errors %v, want code %q", c.mode, s.Errors, c.code)
		}
		if c.tools >= 0 && len(s.Tools) != c.tools {
			t.Errorf("%s: kept %d tools, want %d", c.mode, len(s.Tools), c.tools)
		}
		for _, e := range s.Errors {
			if e.Message == "" {
				t.Errorf("%s: error %q without a message", c.mode, e.Code)
			}
			if id := catalog.CollectionRule(e.Code); id == "" {
				t.Errorf("%s: code %q maps to no rule", c.mode, e.Code)
			}
		}
	}
	if !strings.Contains(stderr.String(), "hostile-silent: failed: timeout") {
		t.Errorf("progress lacks the timeout line:\n%s", stderr.String())
	}
	// Item and byte caps come from COL-002, not the generic COL-001.
	for _, code := range []string{live.CodePageCap, live.CodeItemCap, live.CodeByteCap, live.CodeRepeatedCursor} {
		if catalog.CollectionRule(code) != "COL-002" {
			t.Errorf("code %s maps to %s, want COL-002", code, catalog.CollectionRule(code))
		}
	}
	checkOrphanKilled(t, pidFile)
	checkOrphanKilled(t, silentPID)
	checkUTF8Repaired(t, servers[indexOf(cases, hostile.ModeUTF8)])
	checkNotes(t, servers[indexOf(cases, hostile.ModeRoots)], servers[indexOf(cases, hostile.ModeOptional)], servers[indexOf(cases, hostile.ModeGarbage)])
	dies := servers[indexOf(cases, hostile.ModeDies)]
	checkDies(t, dies, stderr.String(), tails[dies.Identity])
	if e := servers[indexOf(cases, hostile.ModeSDKDrop)].Errors; len(e) == 0 || !strings.Contains(e[0].Message, "dropped_by_sdk") {
		t.Errorf("the SDK warning does not name the dropped tool: %+v", e)
	}
	if v := servers[0].ProtocolVersion; v != "2025-06-18" {
		t.Errorf("negotiated %q with an initialize-only server, want 2025-06-18", v)
	}
}

func checkOrphanKilled(t *testing.T, pidFile string) {
	t.Helper()
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("orphan mode wrote no pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if !alive(pid) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = syscall.Kill(pid, syscall.SIGKILL)
	t.Errorf("the child process %d the server left behind is still running", pid)
}

// alive reports whether pid runs; a zombie waiting for its reaper counts
// as dead.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z'
	}
	return true
}

func checkUTF8Repaired(t *testing.T, s model.Server) {
	t.Helper()
	if len(s.Tools) != 1 {
		t.Fatalf("utf8 server: %d tools", len(s.Tools))
	}
	var tool struct{ Description string }
	if err := json.Unmarshal(s.Tools[0], &tool); err != nil {
		t.Fatal(err)
	}
	// bytes.ToValidUTF8 puts one U+FFFD per run of invalid bytes.
	if want := "caf\uFFFD and \uFFFD"; tool.Description != want {
		t.Errorf("description %q, want %q", tool.Description, want)
	}
}

// TestChildEnvironment checks that a local server sees only PATH, a fresh
// temporary HOME and the variables its target names, nothing else of the
// collector's environment.
func TestChildEnvironment(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "POSIX environment")
	}
	t.Setenv("ASSAY_TEST_SECRET", "must-not-leak")
	servers, err := Collect(context.Background(), []Target{hostileTarget(t, hostile.ModeEnv, map[string]string{"MY_TOKEN": "x"})}, &Options{Yes: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	s := servers[0]
	if len(s.Tools) != 1 {
		t.Fatalf("tools %d, errors %v", len(s.Tools), s.Errors)
	}
	var tool struct{ Description string }
	_ = json.Unmarshal(s.Tools[0], &tool)
	want := "names=" + strings.Join([]string{"ASSAY_HOSTILE_MODE", "HOME", "MY_TOKEN", "PATH"}, ",") + " fresh_home=true"
	if tool.Description != want {
		t.Errorf("server saw %q, want %q", tool.Description, want)
	}
	if got := s.Config.EnvNames; strings.Join(got, ",") != "ASSAY_HOSTILE_MODE,MY_TOKEN" {
		t.Errorf("config env names %v", got)
	}
}

func errorCodes(errs []model.CollectionError) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Code)
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestStartFailures: a program that is missing or exits at once yields a
// named error, not a hang.
func TestStartFailures(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "POSIX programs")
	}
	servers, err := Collect(context.Background(), []Target{
		{Name: "missing", Transport: "stdio", Command: "assay-no-such-program-xyz"},
		{Name: "exits", Transport: "stdio", Command: "false"},
	}, &Options{Yes: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"refused", live.CodeCrashed} {
		if got := errorCodes(servers[i].Errors); len(got) != 1 || got[0] != want {
			t.Errorf("%s: errors %+v, want %s", servers[i].Name, servers[i].Errors, want)
		}
	}
}

// sampleHeap records the largest HeapInuse seen until stop is called.
func sampleHeap() (peak *uint64, stop func()) {
	peak = new(uint64)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > *peak {
				*peak = ms.HeapInuse
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return peak, func() { close(done); <-finished }
}
