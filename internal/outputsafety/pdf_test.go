//go:build linux

package outputsafety

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// 'assay report --pdf' interrupted while the browser prints (a stand-in
// browser that only sleeps): exit 128+N, the previous PDF and HTML are
// byte-identical, no temp file is left, and the browser was killed.
func TestReportPDFInterrupted(t *testing.T) {
	for _, s := range signals {
		t.Run(s.sig.String(), func(t *testing.T) {
			dir := workDir(t)
			pidFile := filepath.Join(dir, "browser.pid")
			browser := filepath.Join(dir, "chromium")
			script := "#!/bin/sh\necho $$ > " + pidFile + ".tmp && mv " + pidFile + ".tmp " + pidFile + "\nexec sleep 60\n"
			if err := os.WriteFile(browser, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			pdf, page := filepath.Join(dir, "r.pdf"), filepath.Join(dir, "r.html")
			writePrev(t, pdf, 0o644)
			writePrev(t, page, 0o644)
			ctx := testenv.Context(t, time.Minute)
			cmd := exec.CommandContext(ctx, bin.assay, "report", bin.surface, "-o", page, "--pdf", pdf, "--chromium", browser)
			var errb syncBuffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var pid int
			for pid == 0 {
				if ctx.Err() != nil {
					t.Fatalf("the browser never started: %s", errb.String())
				}
				if b, err := os.ReadFile(pidFile); err == nil {
					pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
				}
				time.Sleep(20 * time.Millisecond)
			}
			start := time.Now()
			if err := cmd.Process.Signal(s.sig); err != nil {
				t.Fatal(err)
			}
			cmd.Wait()
			if ctx.Err() != nil {
				t.Fatalf("did not exit after %v", s.sig)
			}
			if code := cmd.ProcessState.ExitCode(); code != s.code {
				t.Errorf("exit %d, want %d: %s", code, s.code, errb.String())
			}
			if took := time.Since(start); took > testenv.D(20*time.Second) {
				t.Errorf("took %v after the signal", took)
			}
			intact(t, pdf, prev)
			intact(t, page, prev)
			noTemps(t, dir)
			if running(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Error("the browser is still running after the interrupted run")
			}
		})
	}
}
