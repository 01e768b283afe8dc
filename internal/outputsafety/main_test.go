// Package outputsafety tests, end to end with the built binaries, that no
// output of assay or assay-collect is lost or swapped: devices and FIFOs
// are written through, directories and read-only paths refused with exit
// 74, an interrupted run keeps every previous file byte-identical and
// exits 130/143/129, and a lost stdout never exits 0 (docs/outputs.md).
package outputsafety

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/internal/testenv"
)

// bin holds the programs built once, in a directory any user can read
// (the unprivileged variants run them as uid 65534).
var bin struct {
	dir, assay, collect, surface string
}

func TestMain(m *testing.M) {
	hostile.MainIfRequested() // the process-tree tests start this binary as their server
	dir, err := os.MkdirTemp("", "assay-outputsafety-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := func() int {
		defer os.RemoveAll(dir)
		if err := os.Chmod(dir, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		bin.dir = dir
		bin.assay, bin.collect = filepath.Join(dir, "assay"), filepath.Join(dir, "assay-collect")
		for pkg, out := range map[string]string{"../../cmd/assay": bin.assay, "../../cmd/assay-collect": bin.collect} {
			if msg, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
				fmt.Fprintf(os.Stderr, "building %s: %v\n%s", pkg, err, msg)
				return 1
			}
		}
		data, err := os.ReadFile("../../testdata/surfaces/modelcontextprotocol__server-everything@2026.8.31.json")
		if err == nil {
			bin.surface = filepath.Join(dir, "surface.json")
			err = os.WriteFile(bin.surface, data, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return m.Run()
	}()
	os.Exit(code)
}

// result is one finished run.
type result struct {
	code           int
	stdout, stderr string
}

// run runs prog with args to completion under a scaled deadline; cred
// non-nil runs it as that user.
func run(t *testing.T, cred *syscall.Credential, stdin io.Reader, prog string, args ...string) result {
	t.Helper()
	ctx := testenv.Context(t, time.Minute)
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %v: did not finish in %v", filepath.Base(prog), args, testenv.D(time.Minute))
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("%s: %v", prog, err)
	}
	return result{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
}

// workDir is a fresh directory any user may write (chmod 0777), removed
// at the end.
func workDir(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp(bin.dir, "w-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o777); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// noTemps fails when a temporary file of the writer is left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", filepath.Join(dir, e.Name()))
		}
	}
}

// intact fails unless path still holds want byte for byte.
func intact(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("previous output gone: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s was replaced (%d bytes, want the previous %d)", path, len(got), len(want))
	}
}

var prev = []byte("previous output: must survive\n")

func writePrev(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, prev, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

var _ = context.Background
