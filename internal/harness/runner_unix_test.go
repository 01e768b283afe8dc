//go:build !windows

package harness

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/harness/badagent"
	"github.com/assay-mcp/assay/internal/testenv"
)

// TestRunKillsProcessGroup: a hanging agent's child, which holds the
// agent's stdout, is killed with it when the timeout passes.
func TestRunKillsProcessGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	o := badOptions(t, badagent.Hang, testenv.D(2*time.Second), badagent.EnvPIDFile+"="+pidFile)
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the hanging agent did not start its child: %v", err)
	}
	pid, err := strconv.Atoi(string(data))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(testenv.D(5 * time.Second))
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("child %d still runs after the run ended", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
