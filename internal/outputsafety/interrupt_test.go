package outputsafety

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// startedLine is printed once the consent plan is shown, just before the
// local server starts.
const startedLine = "Each gets a fresh temporary HOME"

// interrupted starts prog with a server that sleeps, waits until the
// server is being started, sends sig and returns the exit code and how
// long the run took after the signal.
func interrupted(t *testing.T, sig syscall.Signal, prog string, args ...string) (int, time.Duration, string) {
	t.Helper()
	ctx := testenv.Context(t, time.Minute)
	cmd := exec.CommandContext(ctx, prog, args...)
	var errb syncBuffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(errb.String(), startedLine) {
		if ctx.Err() != nil {
			t.Fatalf("the run never started its server: %s", errb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(testenv.D(300 * time.Millisecond)) // the server is running now
	start := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("did not exit after %v", sig)
	}
	return cmd.ProcessState.ExitCode(), time.Since(start), errb.String()
}

var signals = []struct {
	sig  syscall.Signal
	code int
}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}}

// SIGINT, SIGTERM and SIGHUP mid-run: every previous output of 'assay
// scan' is byte-identical, the exit code is 128+N, no temp file is left,
// and the sleeping server did not hold the run for its 60 s.
func TestScanInterrupted(t *testing.T) {
	for _, s := range signals {
		t.Run(s.sig.String(), func(t *testing.T) {
			dir := workDir(t)
			outs := map[string]string{}
			var args []string
			for _, flag := range []string{"-o", "--findings", "--bundle", "--html"} {
				p := filepath.Join(dir, strings.TrimLeft(flag, "-")+".out")
				writePrev(t, p, 0o644)
				outs[flag] = p
				args = append(args, flag, p)
			}
			code, took, stderr := interrupted(t, s.sig, bin.assay, append([]string{"scan", "--server", "sh -c 'sleep 60'", "--yes", "--format", "json"}, args...)...)
			if code != s.code {
				t.Errorf("exit %d, want %d: %s", code, s.code, stderr)
			}
			if took > testenv.D(20*time.Second) {
				t.Errorf("took %v after the signal", took)
			}
			for _, p := range outs {
				intact(t, p, prev)
			}
			noTemps(t, dir)
		})
	}
}

// The same for assay-collect's bundle.
func TestCollectInterrupted(t *testing.T) {
	for _, s := range signals {
		t.Run(s.sig.String(), func(t *testing.T) {
			dir := workDir(t)
			out := filepath.Join(dir, "bundle.json")
			writePrev(t, out, 0o644)
			code, took, stderr := interrupted(t, s.sig, bin.collect, "--server", "sh -c 'sleep 60'", "--yes", "--out", out)
			if code != s.code {
				t.Errorf("exit %d, want %d: %s", code, s.code, stderr)
			}
			if took > testenv.D(20*time.Second) {
				t.Errorf("took %v after the signal", took)
			}
			intact(t, out, prev)
			noTemps(t, dir)
		})
	}
}

// A declined consent prompt collects nothing, writes nothing and exits
// 69 (server unavailable: the user declined to start it), not 70.
func TestDeclinedConsent(t *testing.T) {
	dir := workDir(t)
	out := filepath.Join(dir, "out.json")
	writePrev(t, out, 0o644)
	for _, c := range [][]string{
		{bin.assay, "scan", "--server", "sh -c 'sleep 60'", "--findings", out},
		{bin.collect, "--server", "sh -c 'sleep 60'", "--out", out},
	} {
		r := run(t, nil, strings.NewReader("n\n"), c[0], c[1:]...)
		if r.code != 69 || !strings.Contains(r.stderr, "consent") {
			t.Errorf("%s: exit %d, want 69: %s", filepath.Base(c[0]), r.code, r.stderr)
		}
	}
	intact(t, out, prev)
}

// A lost stdout (ENOSPC on /dev/full) is exit 74, never 0, for every
// command that prints its result.
func TestStdoutFull(t *testing.T) {
	dir := workDir(t)
	bundle := filepath.Join(dir, "b.json")
	if r := run(t, nil, nil, bin.assay, "scan", "--surface", bin.surface, "--bundle", bundle, "-o", "/dev/null"); r.code != 0 {
		t.Fatalf("making a bundle: exit %d: %s", r.code, r.stderr)
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Fatalf("/dev/full: %v", err)
	}
	defer full.Close()
	for _, c := range [][]string{
		{bin.assay, "scan", "--surface", bin.surface},
		{bin.assay, "scan", "--surface", bin.surface, "--format", "json", "-o", "-"},
		{bin.assay, "verify", bundle},
		{bin.assay, "diff", bundle, bundle},
		{bin.assay, "version"},
		{bin.assay, "scan", "--surface", bin.surface, "-o", "/dev/full"},
		{bin.collect, "--dry-run"},
		{bin.collect, "--version"},
	} {
		ctx := testenv.Context(t, time.Minute)
		cmd := exec.CommandContext(ctx, c[0], c[1:]...)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &errb
		cmd.Run()
		if got := cmd.ProcessState.ExitCode(); got != 74 || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%s %v > /dev/full: exit %d, want 74: %s", filepath.Base(c[0]), c[1:], got, errb.String())
		}
	}
}

// The proxy is exempt from the interruption exit: it relays SIGTERM to its
// server and exits with the server's own code (docs/proxy.md).
func TestProxyKeepsServerExitOnSignal(t *testing.T) {
	ctx := testenv.Context(t, time.Minute)
	cmd := exec.CommandContext(ctx, bin.assay, "proxy", "--", "sh", "-c", `trap "exit 42" TERM; echo ready >&2; while :; do sleep 0.1; done`)
	var errb syncBuffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(errb.String(), "server: ready") {
		if ctx.Err() != nil {
			t.Fatalf("the proxied server never started: %s", errb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if got := cmd.ProcessState.ExitCode(); got != 42 {
		t.Fatalf("proxy exit %d, want the server's 42: %s", got, errb.String())
	}
	if strings.Contains(errb.String(), "no output was written") {
		t.Errorf("the proxy printed the CLI's interruption note: %s", errb.String())
	}
}
