package proxy_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// rawClient talks line by line to a process, as a client would.
type rawClient struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *buffer
}

// startRaw starts argv with env added; stderr is the process's stderr
// (nil: a buffer the test can read).
func startRaw(t *testing.T, argv []string, env []string, stderr *os.File) *rawClient {
	t.Helper()
	c := &rawClient{t: t, cmd: exec.Command(argv[0], argv[1:]...), stderr: &buffer{}}
	c.cmd.Env = append(os.Environ(), env...)
	if stderr != nil {
		c.cmd.Stderr = stderr
	} else {
		c.cmd.Stderr = c.stderr
	}
	var err error
	if c.in, err = c.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.out = bufio.NewReaderSize(out, 1<<20)
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.cmd.Process.Kill(); _ = c.cmd.Wait() })
	return c
}

func (c *rawClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// readLine reads one line within d.
func (c *rawClient) readLine(d time.Duration) string {
	c.t.Helper()
	type res struct {
		s   string
		err error
	}
	ch := make(chan res, 1)
	go func() { s, err := c.out.ReadString('\n'); ch <- res{s, err} }()
	select {
	case r := <-ch:
		if r.err != nil {
			c.t.Fatalf("read: %v (got %q)\nstderr: %s", r.err, r.s, c.stderr)
		}
		return strings.TrimSuffix(r.s, "\n")
	case <-time.After(d):
		c.t.Fatalf("no line within %v: a message was blocked\nstderr: %s", d, c.stderr)
	}
	return ""
}

// roundTrips sends n requests one at a time and asserts each answer
// arrives within the deadline. The first may also wait for two programs
// to start on a loaded machine; after that, 5 s per message is generous.
func (c *rawClient) roundTrips(n int) {
	c.t.Helper()
	for i := range n {
		d := testenv.D(5 * time.Second)
		if i == 0 {
			d = testenv.D(30 * time.Second)
		}
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i))
		if got := c.readLine(d); !strings.HasPrefix(got, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,`, i)) {
			c.t.Fatalf("answer %d: %.80q", i, got)
		}
	}
}

// exit closes stdin and returns the exit code.
func (c *rawClient) exit() int {
	c.t.Helper()
	c.in.Close()
	return c.wait()
}

func (c *rawClient) wait() int {
	c.t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				return -int(ws.Signal())
			}
			return ee.ExitCode()
		}
		if err != nil {
			c.t.Fatal(err)
		}
		return 0
	case <-time.After(testenv.D(20 * time.Second)):
		c.t.Fatalf("the proxy did not exit\nstderr: %s", c.stderr)
	}
	return 0
}

func posixOnly(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "pipes, signals and exit statuses of POSIX processes")
	}
}

// TestCorruptLockNeverBlocks: a corrupt lock and an unwritable journal
// are reported once; every message still goes through.
func TestCorruptLockNeverBlocks(t *testing.T) {
	posixOnly(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "assay.lock")
	os.WriteFile(bad, []byte(`{"kind":"assay.lock/v1","servers":[{"identity":`), 0o644)
	c := startRaw(t, proxyArgs(t, []string{"--lock", bad, "--record", dir}, self(t), "echo-server"), nil, nil)
	c.roundTrips(200)
	if code := c.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"assay.lock: not a lock: malformed JSON", "comparing within this session only", "assay: journal"} {
		if !strings.Contains(c.stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, c.stderr)
		}
	}
}

// TestClosedStderr: the proxy's stderr is a pipe nobody reads any more
// (writes fail) or a pipe nobody reads at all (writes block); the server
// logs on every request; every message still goes through and the
// proxy exits with the server's code, not of SIGPIPE.
func TestClosedStderr(t *testing.T) {
	posixOnly(t)
	for _, mode := range []string{"closed", "full"} {
		t.Run(mode, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			if mode == "closed" {
				r.Close()
			} else {
				t.Cleanup(func() { r.Close() })
			}
			c := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), []string{"ECHO_STDERR=65536", "ECHO_EXIT=3"}, w)
			w.Close()
			c.roundTrips(300) // 19 MB of server log against a 64 KB pipe and a 1,024-line queue
			if code := c.exit(); code != 3 {
				t.Errorf("exit %d, want the server's 3", code)
			}
		})
	}
}

// TestNonJSONLines: 1,000 lines that are not JSON in each direction are
// forwarded unchanged and never hold up the messages after them.
func TestNonJSONLines(t *testing.T) {
	posixOnly(t)
	c := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), []string{"ECHO_NOISE=1000"}, nil)
	for i := range 1000 {
		c.send(fmt.Sprintf("client noise %d {not json", i))
	}
	d := testenv.D(30 * time.Second) // the first line waits for two programs to start
	for i := range 1000 {
		if got, want := c.readLine(d), fmt.Sprintf("log line %d: starting up, not JSON at all", i); got != want {
			t.Fatalf("line %d: %q, want %q", i, got, want)
		}
	}
	c.roundTrips(100)
	if code := c.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if n := strings.Count(c.stderr.String(), "note: a line that is not JSON-RPC"); n != 2 {
		t.Errorf("want one note per direction, got %d:\n%.500s", n, c.stderr)
	}
	if !strings.Contains(c.stderr.String(), "2000 lines that are not JSON-RPC forwarded") {
		t.Errorf("the summary does not count the 2,000 lines:\n%s", c.stderr)
	}
	if n := strings.Count(c.stderr.String(), "server: stderr line "); n != 1000 {
		t.Errorf("%d of 1000 server stderr lines relayed", n)
	}
}

// TestExitAndSignals: the end of stdin, the server's exit code, SIGTERM,
// SIGINT and a server killed by a signal all pass through.
func TestExitAndSignals(t *testing.T) {
	posixOnly(t)
	t.Run("eof and exit code", func(t *testing.T) {
		c := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), []string{"ECHO_EXIT=7"}, nil)
		c.roundTrips(3)
		if code := c.exit(); code != 7 {
			t.Errorf("exit %d, want 7", code)
		}
	})
	t.Run("SIGTERM", func(t *testing.T) {
		c := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), []string{"ECHO_TERM_CODE=42"}, nil)
		c.roundTrips(3)
		_ = c.cmd.Process.Signal(syscall.SIGTERM)
		if code := c.wait(); code != 42 {
			t.Errorf("exit %d, want the server's 42", code)
		}
	})
	t.Run("SIGINT", func(t *testing.T) {
		c := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), nil, nil)
		c.roundTrips(3)
		_ = c.cmd.Process.Signal(syscall.SIGINT)
		if code := c.wait(); code != 128+int(syscall.SIGINT) {
			t.Errorf("exit %d, want %d (the server ended by SIGINT)", code, 128+int(syscall.SIGINT))
		}
	})
	t.Run("server killed", func(t *testing.T) {
		c := startRaw(t, proxyArgs(t, nil, self(t), "echo-server"), nil, nil)
		c.roundTrips(3)
		c.send(`{"jsonrpc":"2.0","id":"x","method":"die"}`)
		if code := c.wait(); code != 128+int(syscall.SIGKILL) {
			t.Errorf("exit %d, want %d", code, 128+int(syscall.SIGKILL))
		}
	})
	t.Run("cannot start", func(t *testing.T) {
		c := startRaw(t, proxyArgs(t, nil, filepath.Join(t.TempDir(), "no-such-server")), nil, nil)
		if code := c.exit(); code != 69 {
			t.Errorf("exit %d, want 69", code)
		}
		if !strings.Contains(c.stderr.String(), "assay: cannot start the server") {
			t.Errorf("stderr: %s", c.stderr)
		}
	})
}
