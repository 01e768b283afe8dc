package main

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/procgroup"
)

// TestRunCmdSurvivesOrphanSweep: the sweep that follows each server
// (procgroup.ReapIfIdle) must not take a command runCmd is running for
// another job for an adopted orphan and kill it.
func TestRunCmdSurvivesOrphanSweep(t *testing.T) {
	// A server started and ended through procgroup, as collection does:
	// this process is now a subreaper with nothing tracked.
	srv := exec.Command("true")
	if err := procgroup.Start(srv); err != nil {
		t.Fatal(err)
	}
	if err := procgroup.Wait(srv); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := runCmd(context.Background(), os.TempDir(), os.Environ(), 1<<10, "sleep", "1")
		done <- err
	}()
	time.Sleep(300 * time.Millisecond) // sleep is running
	procgroup.ReapIfIdle()
	if err := <-done; err != nil {
		t.Fatalf("runCmd's command was killed by the orphan sweep: %v", err)
	}
}
