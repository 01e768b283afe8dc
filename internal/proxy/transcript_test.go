package proxy_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/internal/testenv"
)

// memoryServer is the installed @modelcontextprotocol/server-memory
// (scripts/install-npm-servers.sh) and node.
func memoryServer(t *testing.T) (node, entry string) {
	t.Helper()
	dir := os.Getenv("ASSAY_NPM_DIR")
	if dir == "" {
		dir = filepath.Join(testcorpus.Root(), ".cache", "npm-servers")
	}
	entry = filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-memory", "dist", "index.js")
	if _, err := os.Stat(entry); err != nil {
		testenv.Skip(t, "npm-servers", "server-memory is not installed; run scripts/install-npm-servers.sh")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Skip(t, "npm-servers", "node is not on PATH")
	}
	return node, entry
}

// recorder keeps every byte a client writes and reads.
type recorder struct {
	r        io.ReadCloser
	w        io.WriteCloser
	got, put buffer
}

func (c *recorder) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.got.Write(p[:n])
	return n, err
}

func (c *recorder) Write(p []byte) (int, error) {
	c.put.Write(p)
	return c.w.Write(p)
}

func (c *recorder) Close() error { return c.w.Close() }

type readCloser struct{ *recorder }

func (r readCloser) Close() error { return r.recorder.r.Close() }

// transcript runs one go-sdk client session against argv and returns what
// the client sent and received, and what the server (behind tee) got and
// answered, byte for byte.
func transcript(t *testing.T, argv []string, teeDir string) (sent, got, serverIn, serverOut []byte, stderr string) {
	t.Helper()
	ctx := testenv.Context(t, 60*time.Second)
	cmd := exec.Command(argv[0], argv[1:]...)
	var errb buffer
	cmd.Stderr = &errb
	cmd.Env = append(os.Environ(), "MEMORY_FILE_PATH="+filepath.Join(teeDir, "memory.jsonl"))
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{r: out, w: in}
	client := mcp.NewClient(&mcp.Implementation{Name: "transcript", Version: "1.0.0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: readCloser{rec}, Writer: rec}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, errb.String())
	}
	for _, step := range []func() error{
		func() error { _, err := cs.ListTools(ctx, nil); return err },
		func() error { _, err := cs.ListTools(ctx, &mcp.ListToolsParams{}); return err },
		func() error { return cs.Ping(ctx, nil) },
	} {
		if err := step(); err != nil {
			t.Fatalf("request failed: %v\n%s", err, errb.String())
		}
	}
	_, _ = cs.ListPrompts(ctx, nil) // not offered by this server: an error answer, also compared
	_ = cs.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		t.Fatal("the server did not exit at the end of its input")
	}
	serverIn, _ = os.ReadFile(filepath.Join(teeDir, "stdin"))
	serverOut, _ = os.ReadFile(filepath.Join(teeDir, "stdout"))
	return []byte(rec.put.String()), []byte(rec.got.String()), serverIn, serverOut, errb.String()
}

// TestTranscriptIdentical drives the real server-memory with the go-sdk
// client, directly and through the proxy: the server receives exactly the
// bytes the client sent, the client receives exactly the bytes the server
// wrote, and both transcripts are identical with and without the proxy.
func TestTranscriptIdentical(t *testing.T) {
	node, entry := memoryServer(t)
	direct := t.TempDir()
	proxied := t.TempDir()
	dSent, dGot, dIn, dOut, _ := transcript(t, []string{self(t), "tee", direct, node, entry}, direct)
	pSent, pGot, pIn, pOut, stderr := transcript(t, proxyArgs(t, []string{"--record", filepath.Join(proxied, "journal")}, self(t), "tee", proxied, node, entry), proxied)
	if len(dGot) < 1000 || !bytes.Contains(dGot, []byte(`"create_entities"`)) {
		t.Fatalf("the direct session did not list the memory tools:\n%.300s", dGot)
	}
	for _, c := range []struct {
		what string
		a, b []byte
	}{
		{"client sent (direct vs proxied)", dSent, pSent},
		{"client received (direct vs proxied)", dGot, pGot},
		{"server received vs client sent (proxied)", pSent, pIn},
		{"client received vs server wrote (proxied)", pOut, pGot},
		{"server received vs client sent (direct)", dSent, dIn},
		{"client received vs server wrote (direct)", dOut, dGot},
	} {
		if !bytes.Equal(c.a, c.b) {
			t.Errorf("%s differ: %d vs %d bytes", c.what, len(c.a), len(c.b))
		}
	}
	if !strings.Contains(stderr, "server: Knowledge Graph MCP Server running on stdio") {
		t.Errorf("server stderr not relayed with its prefix:\n%s", stderr)
	}
	// One journal line per message in each direction.
	journal, err := os.ReadFile(filepath.Join(proxied, "journal"))
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Count(pSent, []byte("\n")) + bytes.Count(pGot, []byte("\n"))
	if got := bytes.Count(journal, []byte("\n")); got != want {
		t.Errorf("journal has %d lines for %d messages", got, want)
	}
}
