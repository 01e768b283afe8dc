package repocheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// forbidden are imports the analysis core must never pull in, directly or
// transitively: it runs as WebAssembly in a page that must not touch the
// network, and it must stay deterministic.
var forbidden = []string{
	"os/exec",
	"net",
	"net/http",
	"crypto/tls",
	"github.com/modelcontextprotocol/go-sdk",
	"github.com/pkoukk/tiktoken-go",
	"github.com/pkoukk/tiktoken-go-loader",
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// native lists the packages under report/ that are native by design: the
// HTML page writer uses the minifier, which links net/http.
var native = map[string]bool{
	"github.com/assay-mcp/assay/internal/htmlreport": true,
}

// TestPureCore runs GOOS=js GOARCH=wasm go list -deps over the core and
// the wasm entry point and fails on any forbidden package.
func TestPureCore(t *testing.T) {
	root := repoRoot(t)
	list := exec.Command("go", "list", "./report/...", "./wasm")
	list.Dir = root
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	all, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(all)) {
		if !native[p] {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) < 10 {
		t.Fatalf("only %d core packages found: %v", len(pkgs), pkgs)
	}
	args := append([]string{"list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}"}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path := strings.Fields(line)[0]
		for _, f := range forbidden {
			// Every net/... package is out, even the parsers (net/url,
			// net/netip): the design card's rule is "no net".
			if path == f || strings.HasPrefix(path, f+"/") {
				t.Errorf("the pure core depends on %s", path)
			}
		}
	}
}

// TestNoClockOrOSInCore greps the pure packages' non-test sources for the
// wall clock and the os package: analysis must be a function of its input.
func TestNoClockOrOSInCore(t *testing.T) {
	root := repoRoot(t)
	err := filepath.Walk(filepath.Join(root, "report"), func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() {
			if filepath.Base(p) == "html" || filepath.Base(p) == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := string(src)
		for _, bad := range []string{"time.Now(", "\"os\"", "\"syscall\""} {
			if strings.Contains(s, bad) {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s uses %s; the core must be pure", rel, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
