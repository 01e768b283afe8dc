package proxy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/cli"
	"github.com/assay-mcp/assay/internal/proxy"
	"github.com/assay-mcp/assay/internal/rugpull"
)

// The test binary is also every program these tests start, chosen by its
// first argument (before the testing flags are parsed):
//
//	assay-cli ARGS...       the assay command line (the proxy under test)
//	rugpull-server          internal/rugpull over stdio
//	echo-server             answers every request with a result (see echo)
//	tee DIR CMD ARGS...     runs CMD, recording its stdin and stdout in DIR
func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "assay-cli":
			os.Exit(cli.RunWith(context.Background(), os.Args[2:], os.Stdin, os.Stdout, os.Stderr, &cli.Options{Getenv: os.Getenv}))
		case rugpull.Arg:
			if err := rugpull.Serve(context.Background()); err != nil {
				fmt.Fprintln(os.Stderr, "rugpull:", err)
				os.Exit(1)
			}
			os.Exit(0)
		case "echo-server":
			os.Exit(echo(os.Stdin, os.Stdout, os.Stderr))
		case "tee":
			os.Exit(tee(os.Args[2], os.Args[3:]))
		}
	}
	os.Exit(m.Run())
}

// echo answers each JSON-RPC request line with a result carrying the
// same id, padded to ECHO_SIZE bytes (tools/list with the tools of the
// capture ECHO_TOOLS when set; flood with many lines, see flood); other
// lines are ignored. With
// ECHO_NOISE=N it first writes N lines that are not JSON to stdout and
// to stderr; with ECHO_STDERR=N it writes N bytes of log per request to
// stderr. On SIGTERM it exits ECHO_TERM_CODE; at the end of its input it
// exits ECHO_EXIT; a request for method "die" kills it with SIGKILL.
func echo(in io.Reader, out, errw io.Writer) int {
	size, _ := strconv.Atoi(os.Getenv("ECHO_SIZE"))
	noise, _ := strconv.Atoi(os.Getenv("ECHO_NOISE"))
	logBytes, _ := strconv.Atoi(os.Getenv("ECHO_STDERR"))
	if code, err := strconv.Atoi(os.Getenv("ECHO_TERM_CODE")); err == nil {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGTERM)
		go func() { <-ch; os.Exit(code) }()
	}
	w := bufio.NewWriter(out)
	for i := range noise {
		fmt.Fprintf(w, "log line %d: starting up, not JSON at all\n", i)
		fmt.Fprintf(errw, "stderr line %d\n", i)
	}
	w.Flush()
	pad := strings.Repeat("x", max(0, size-60))
	tools := toolsOf(os.Getenv("ECHO_TOOLS"))
	logLine := strings.Repeat("l", max(0, logBytes-1)) + "\n"
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if !bytes.Contains(sc.Bytes(), []byte(`"id"`)) {
			continue // a notification or noise: nothing to answer
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(sc.Bytes(), &m) != nil || len(m.ID) == 0 || m.Method == "" {
			continue
		}
		switch m.Method {
		case "die":
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				_ = p.Kill()
			}
		case "flood":
			flood(w, sc.Bytes())
			continue
		case "tools/list":
			if tools != "" {
				fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":%s}}`+"\n", m.ID, tools)
				w.Flush()
				continue
			}
		}
		if logBytes > 0 {
			io.WriteString(errw, logLine)
		}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"pad":"%s"}}`+"\n", m.ID, pad)
		w.Flush()
	}
	code, _ := strconv.Atoi(os.Getenv("ECHO_EXIT"))
	return code
}

// flood answers {"method":"flood","params":{"n":N,"size":S}} with N
// result lines of S bytes each, as fast as the pipe takes them.
func flood(w *bufio.Writer, req []byte) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Params struct{ N, Size int }
	}
	_ = json.Unmarshal(req, &m)
	line := []byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"pad":"%s"}}`+"\n", m.ID, strings.Repeat("y", max(0, m.Params.Size-50-len(m.ID)))))
	for range m.Params.N {
		w.Write(line)
	}
	w.Flush()
}

// toolsOf reads the tools array of a capture, compact ("" if none).
func toolsOf(path string) string {
	if path == "" {
		return ""
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var c struct {
		Tools json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(data, &c) != nil {
		return ""
	}
	var b bytes.Buffer
	_ = json.Compact(&b, c.Tools)
	return b.String()
}

// tee runs cmd with its stdin and stdout copied to DIR/stdin and
// DIR/stdout, byte for byte: what the server really received and sent.
func tee(dir string, cmd []string) int {
	in, _ := os.Create(dir + "/stdin")
	out, _ := os.Create(dir + "/stdout")
	c := exec.Command(cmd[0], cmd[1:]...)
	c.Stdin = io.TeeReader(os.Stdin, in)
	c.Stdout = io.MultiWriter(os.Stdout, out)
	c.Stderr = os.Stderr
	err := c.Run()
	in.Close()
	out.Close()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return 1
	}
	return 0
}

// self is this test binary.
func self(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// proxyArgs is the command line of the proxy under test in front of srv.
func proxyArgs(t *testing.T, flags []string, srv ...string) []string {
	return append(append(append([]string{self(t), "assay-cli", "proxy"}, flags...), "--"), srv...)
}

// buffer is a goroutine-safe bytes.Buffer.
type buffer = proxy.SyncBuffer

// waitFor polls until cond holds or the deadline passes.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
