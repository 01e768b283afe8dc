package collectkit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Assay never invokes anything on a server. These are the JSON-RPC
// methods that would, and the go-sdk client methods that send them. This
// file is the only Go source allowed to name them.
var (
	invokeMethods = []string{"tools/call", "prompts/get", "resources/read"}
	invokeCalls   = map[string]bool{"CallTool": true, "GetPrompt": true, "ReadResource": true}
)

const thisFile = "neverinvoke_test.go"

// serverTests may invoke, and only these. `assay test-injection --serve`
// is the one place where Assay answers tools/call, prompts/get and
// resources/read: as the hostile server, never as a client. Answering is
// not invoking; the server's own code names none of these and is scanned
// like every other file. Its test, though, has to play the user's MCP
// client to prove that the answers and the log are right, so it calls
// them, against Assay's own server over in-memory transports only
// (TestServerTestsStayInProcess holds it to that).
var serverTests = map[string]bool{
	"internal/harness/serve/serve_test.go": true,
}

// TestNeverInvoke scans every Go file of the repository and fails on a
// string literal naming an invoking method or a call of an invoking SDK
// method, anywhere but in this file.
func TestNeverInvoke(t *testing.T) {
	root := repoRoot(t)
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", "vendor":
				return filepath.SkipDir
			}
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || (d.Name() == thisFile && filepath.Dir(path) == mustAbs(t, ".")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		rel, _ := filepath.Rel(root, path)
		if serverTests[filepath.ToSlash(rel)] {
			return nil
		}
		for _, v := range invocations(t, rel, src) {
			t.Errorf("%s: %s", rel, v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("scanned only %d Go files under %s; the walk is broken", files, root)
	}
}

// TestServerTestsStayInProcess keeps the exemption narrow: each exempt
// file exists, is a test, still invokes (else the exemption must go), and
// reaches no server but the in-memory one: no command, HTTP or SSE
// client transport.
func TestServerTestsStayInProcess(t *testing.T) {
	root := repoRoot(t)
	for rel := range serverTests {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil || !strings.HasSuffix(rel, "_test.go") {
			t.Errorf("%s: exempt but missing or not a test (%v)", rel, err)
			continue
		}
		if len(invocations(t, rel, src)) == 0 {
			t.Errorf("%s: invokes nothing any more; drop its exemption", rel)
		}
		if !strings.Contains(string(src), "mcp.NewInMemoryTransports()") {
			t.Errorf("%s: does not connect over in-memory transports", rel)
		}
		for _, c := range []string{"CommandTransport", "StreamableClientTransport", "SSEClientTransport", "IOTransport", "exec.Command"} {
			if strings.Contains(string(src), c) {
				t.Errorf("%s: uses %s; an exempt test may reach only Assay's own in-process server", rel, c)
			}
		}
	}
}

// TestNeverInvokeDetects proves the scanner fires on each forbidden form
// and stays quiet on harmless code, so TestNeverInvoke can fail.
func TestNeverInvokeDetects(t *testing.T) {
	bad := map[string]string{
		"method string":   `package p; const m = "tools/call"`,
		"raw string":      "package p; var m = `prompts/get`",
		"embedded string": `package p; var m = "{\"method\":\"resources/read\"}"`,
		"sdk call":        `package p; func f(cs X) { cs.CallTool(nil, nil) }`,
		"sdk prompt":      `package p; func f(cs X) { _, _ = cs.GetPrompt(nil, nil) }`,
		"sdk resource":    `package p; func f(cs X) { cs.ReadResource(ctx, p) }`,
	}
	for name, src := range bad {
		if len(invocations(t, name, []byte(src))) == 0 {
			t.Errorf("%s: not detected in %s", name, src)
		}
	}
	good := `package p
// A comment may say tools/call.
const m = "tools/list"
func f(cs X) { cs.ListTools(nil, nil); CallToolName := 1; _ = CallToolName }`
	if v := invocations(t, "good", []byte(good)); len(v) > 0 {
		t.Errorf("false positives: %v", v)
	}
}

// invocations lists the forbidden strings and calls in one Go file.
func invocations(t *testing.T, name string, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Errorf("parsing %s: %v", name, err)
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil {
				s = n.Value
			}
			for _, m := range invokeMethods {
				if strings.Contains(s, m) {
					out = append(out, fmt.Sprintf("%s: string names %q", fset.Position(n.Pos()), m))
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && invokeCalls[sel.Sel.Name] {
				out = append(out, fmt.Sprintf("%s: calls %s", fset.Position(n.Pos()), sel.Sel.Name))
			}
		}
		return true
	})
	return out
}

// repoRoot is the directory holding go.mod, above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir := mustAbs(t, ".")
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the package")
		}
		dir = parent
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
