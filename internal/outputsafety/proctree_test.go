//go:build linux

package outputsafety

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/internal/testenv"
)

// treeModes are the hostile servers of the process-tree test and the
// number of lines each logs: one that ignores SIGTERM, one that forks a
// child into its group, one whose grandchild double-forked into a
// session of its own.
var treeModes = map[string]int{hostile.ModeNoTerm: 1, hostile.ModeFork: 2, hostile.ModeDoubleFork: 2}

// SIGINT, SIGTERM and SIGHUP during 'assay scan --connect' and during
// assay-collect, with the three process-tree servers at once: the run
// exits 128+N, and afterwards no process of the run (server, child,
// double-forked grandchild) and no temporary HOME remains.
func TestSignalKillsProcessTree(t *testing.T) {
	for _, prog := range []string{"assay", "assay-collect"} {
		for _, s := range signals {
			t.Run(prog+"/"+s.sig.String(), func(t *testing.T) {
				dir := workDir(t)
				tmp := filepath.Join(dir, "tmp")
				if err := os.Mkdir(tmp, 0o700); err != nil {
					t.Fatal(err)
				}
				args, logs := treeServers(t, dir, treeModes)
				args = append(args, "--yes", "--timeout", "2m")
				if prog == "assay" {
					args = append([]string{"scan", "--connect", "--format", "json", "-o", filepath.Join(dir, "out.json")}, args...)
				} else {
					args = append(args, "--out", filepath.Join(dir, "bundle.json"))
				}
				path := bin.assay
				if prog == "assay-collect" {
					path = bin.collect
				}
				code, stderr := signalTree(t, []syscall.Signal{s.sig}, path, tmp, logs, args)
				if code != s.code {
					t.Errorf("exit %d, want %d: %s", code, s.code, stderr)
				}
				noSurvivors(t, logs)
				if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
					t.Errorf("left in TMPDIR after %v: %v", s.sig, ents)
				}
			})
		}
	}
}

// A second signal exits at once, without waiting for the servers' grace,
// and still kills every process tree and removes every temporary HOME.
func TestSecondSignalKillsProcessTree(t *testing.T) {
	dir := workDir(t)
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	args, logs := treeServers(t, dir, treeModes)
	code, stderr := signalTree(t, []syscall.Signal{syscall.SIGTERM, syscall.SIGTERM}, bin.collect, tmp, logs, append(args, "--yes", "--out", filepath.Join(dir, "b.json")))
	if code != 143 {
		t.Errorf("exit %d, want 143: %s", code, stderr)
	}
	noSurvivors(t, logs)
	if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
		t.Errorf("left in TMPDIR after two signals: %v", ents)
	}
}

// SIGKILL of the collector cannot be handled: the server it started still
// dies, by its parent-death signal (the best-effort part, a grandchild or
// the temporary HOME surviving, is in docs/collection.md).
func TestSigkillTakesServer(t *testing.T) {
	dir := workDir(t)
	only := map[string]int{hostile.ModeNoTerm: 1}
	args, logs := treeServers(t, dir, only)
	signalTree(t, []syscall.Signal{syscall.SIGKILL}, bin.collect, t.TempDir(), logs, append(args, "--yes", "--out", filepath.Join(dir, "b.json")))
	noSurvivors(t, logs)
}

// treeServers is one --server per mode, each logging to its own file in dir.
func treeServers(t *testing.T, dir string, modes map[string]int) (args []string, logs map[string]string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logs = map[string]string{}
	for mode := range modes {
		logs[mode] = filepath.Join(dir, mode+".pids")
		args = append(args, "--server", "env "+hostile.EnvMode+"="+mode+" "+hostile.EnvPIDLog+"="+logs[mode]+" "+exe)
	}
	return args, logs
}

// signalTree runs prog with TMPDIR=tmp until every server logged its
// process tree, sends sigs and returns the exit code and stderr.
func signalTree(t *testing.T, sigs []syscall.Signal, prog, tmp string, logs map[string]string, args []string) (int, string) {
	t.Helper()
	ctx := testenv.Context(t, time.Minute)
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var errb syncBuffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for mode := range logs {
		for len(pids(logs[mode])) < treeModes[mode] {
			if ctx.Err() != nil {
				t.Fatalf("%s never logged its process tree: %s", mode, errb.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	for i, sig := range sigs {
		if i > 0 {
			time.Sleep(100 * time.Millisecond) // two of a kind pending coalesce
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
	}
	cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("did not exit after %v: %s", sigs, errb.String())
	}
	return cmd.ProcessState.ExitCode(), errb.String()
}

// pids reads the pids a process-tree server logged.
func pids(log string) []int {
	data, _ := os.ReadFile(log)
	var out []int
	for _, line := range strings.Split(string(data), "\n") {
		if _, p, ok := strings.Cut(line, " "); ok {
			if n, err := strconv.Atoi(p); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// noSurvivors fails when a logged process, or any process whose
// environment names one of the logs (the double fork's middle process
// too), still runs shortly after the collector exited.
func noSurvivors(t *testing.T, logs map[string]string) {
	t.Helper()
	deadline := time.Now().Add(testenv.D(3 * time.Second))
	for {
		left := survivors(logs)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, p := range left {
				_ = syscall.Kill(p, syscall.SIGKILL)
			}
			t.Errorf("processes of the run still running: %v", left)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func survivors(logs map[string]string) []int {
	var marks [][]byte
	for _, l := range logs {
		marks = append(marks, []byte(hostile.EnvPIDLog+"="+l+"\x00"))
	}
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() || !running(pid) {
			continue
		}
		env, _ := os.ReadFile("/proc/" + e.Name() + "/environ")
		for _, m := range marks {
			if bytes.Contains(env, m) {
				out = append(out, pid)
				break
			}
		}
	}
	for _, l := range logs {
		for _, p := range pids(l) {
			if running(p) && !containsInt(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// running reports whether pid runs; a zombie counts as gone.
func running(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
