package proxy_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/assay-mcp/assay/internal/cli"
	"github.com/assay-mcp/assay/internal/rugpull"
	"github.com/assay-mcp/assay/internal/testenv"
)

func copyFile(t *testing.T, src, dst string, extra []byte) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, append(data, extra...), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		t.Fatal(err)
	}
}

// runCLI runs the assay command line in-process.
func runCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.RunWith(testenv.Context(t, 60*time.Second), args, strings.NewReader(""), &out, &errb, &cli.Options{Getenv: os.Getenv})
	return code, out.String() + errb.String()
}

// reports lists "ID tool" for every finding the proxy reported, sorted.
// A report line is "assay: [severity] ID server/tool: ...".
func reports(stderr string) []string {
	findingLine := regexp.MustCompile(`(?m)^assay: \[(\w+)\] ([A-Z]+-\d{3}) (\S+?)(?:/(\S+))?: `)
	var out []string
	for _, m := range findingLine.FindAllStringSubmatch(stderr, -1) {
		out = append(out, strings.TrimSpace(m[2]+" "+m[4]))
	}
	sort.Strings(out)
	return out
}

// session is a go-sdk client talking to a server through the proxy.
type session struct {
	cmd     *exec.Cmd
	cs      *mcp.ClientSession
	stderr  *buffer
	changed chan struct{}
}

func startSession(t *testing.T, ctx context.Context, protocol string, argv []string) *session {
	t.Helper()
	s := &session{cmd: exec.Command(argv[0], argv[1:]...), stderr: &buffer{}, changed: make(chan struct{}, 8)}
	s.cmd.Stderr = s.stderr
	in, err := s.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.cmd.Process.Kill(); _ = s.cmd.Wait() })
	client := mcp.NewClient(&mcp.Implementation{Name: "proxy-test", Version: "1.0.0"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			select {
			case s.changed <- struct{}{}:
			default:
			}
		},
	})
	s.cs, err = client.Connect(ctx, &mcp.IOTransport{Reader: out, Writer: in}, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		t.Fatalf("connect through the proxy: %v\nstderr:\n%s", err, s.stderr)
	}
	return s
}

func (s *session) tools(t *testing.T, ctx context.Context) []string {
	t.Helper()
	res, err := s.cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v\nstderr:\n%s", err, s.stderr)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	sort.Strings(names)
	return names
}

// end closes the client and returns the proxy's exit code.
func (s *session) end(t *testing.T) int {
	t.Helper()
	_ = s.cs.Close()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(testenv.D(20 * time.Second)):
		t.Fatalf("the proxy did not exit after the client closed\nstderr:\n%s", s.stderr)
	}
	return -1
}

// TestRugPull: a server that, mid-session, rewrites a description, adds a
// tool, revokes a readOnlyHint and has its program swapped on disk is
// reported with exactly those four findings, in both protocol eras,
// against a lock, a baseline or only the session's first listing.
func TestRugPull(t *testing.T) {
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "renames a running program")
	}
	cases := []struct{ name, protocol, ref string }{
		{"lock/modern", "", "lock"},
		{"lock/legacy", "2025-11-25", "lock"},
		{"baseline/legacy", "2025-11-25", "baseline"},
		{"session/modern", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := testenv.Context(t, 90*time.Second)
			dir := t.TempDir()
			srv := filepath.Join(dir, "notes-server")
			copyFile(t, self(t), srv, nil)
			var flags []string
			switch c.ref {
			case "lock":
				if code, out := runCLI(t, "lock", "--server", srv+" "+rugpull.Arg, "--yes", "-o", filepath.Join(dir, "assay.lock")); code != 0 {
					t.Fatalf("assay lock: exit %d\n%s", code, out)
				}
				flags = []string{"--lock", filepath.Join(dir, "assay.lock")}
			case "baseline":
				if code, out := runCLI(t, "baseline", "--server", srv+" "+rugpull.Arg, "--yes", "--with-text", "--by", "test", "--note", "approved", "-o", filepath.Join(dir, "bl.json")); code != 0 {
					t.Fatalf("assay baseline: exit %d\n%s", code, out)
				}
				flags = []string{"--baseline", filepath.Join(dir, "bl.json")}
			}
			s := startSession(t, ctx, c.protocol, proxyArgs(t, flags, srv, rugpull.Arg))
			if got := s.tools(t, ctx); strings.Join(got, " ") != "count_notes list_projects read_notes" {
				t.Fatalf("first listing %v", got)
			}
			waitFor(t, testenv.D(20*time.Second), "the proxy to pin the server", func() bool { return strings.Contains(s.stderr.String(), "assay: watching") })
			copyFile(t, self(t), srv, []byte("swapped"))
			if _, err := s.cs.ListPrompts(ctx, nil); err != nil {
				t.Fatalf("prompts/list: %v", err)
			}
			select {
			case <-s.changed:
			case <-ctx.Done():
				t.Fatal("no notifications/tools/list_changed")
			}
			if got := s.tools(t, ctx); strings.Join(got, " ") != "archive_notes count_notes list_projects read_notes" {
				t.Fatalf("second listing %v", got)
			}
			if code := s.end(t); code != 0 {
				t.Errorf("proxy exit %d, want the server's 0", code)
			}
			want := []string{"DRIFT-002 " + rugpull.Flipped, "DRIFT-003 " + rugpull.Described, "DRIFT-009 " + rugpull.Added, "DRIFT-032"}
			if c.protocol != "" && c.ref != "" {
				// The reference was collected in the modern era: a legacy
				// session is a protocol change, reported at its handshake.
				want = append(want, "DRIFT-023")
				sort.Strings(want)
			}
			if got := reports(s.stderr.String()); strings.Join(got, ", ") != strings.Join(want, ", ") {
				t.Errorf("reports %q\nwant    %q\nstderr:\n%s", got, want, s.stderr)
			}
			if c.ref != "" && !strings.Contains(s.stderr.String(), "; comparing with "+filepath.Join(dir)) {
				t.Errorf("the proxy did not say what it compares with:\n%s", s.stderr)
			}
		})
	}
}
