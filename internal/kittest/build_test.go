package kittest

import (
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// kitTargets are the platforms `make kit` ships (mk/kit.mk KIT_TARGETS).
var kitTargets = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

// TestCollectorDependencies: the client runs a collector, not an
// analyser: no analysis core, no renderers, no browser, no CLI framework.
func TestCollectorDependencies(t *testing.T) {
	root, _ := repoRoot()
	cmd := exec.Command("go", "list", "-deps", "./cmd/assay-collect")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list returned %d packages; expected the collector's full set", len(deps))
	}
	for _, d := range deps {
		for _, banned := range []string{"/report/analyze", "/internal/htmlreport", "/internal/render", "tdewolff/minify", "chromedp", "spf13/cobra"} {
			if strings.Contains(d, banned) {
				t.Errorf("assay-collect depends on %s", d)
			}
		}
	}
}

// TestCrossCompile builds the collector for every kit platform, in
// parallel, with the kit's flags (outputs discarded). make test runs it;
// with a warm build cache it takes seconds.
func TestCrossCompile(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "short", "cross-compilation skipped with -short")
	}
	root, _ := repoRoot()
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]string, len(kitTargets))
	for i, target := range kitTargets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			goos, goarch, _ := strings.Cut(target, "/")
			out := filepath.Join(dir, goos+"-"+goarch)
			cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", "-s -w -buildid= -X main.Version=test", "-o", out, "./cmd/assay-collect")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
			if msg, err := cmd.CombinedOutput(); err != nil {
				errs[i] = target + ": " + err.Error() + "\n" + string(msg)
				return
			}
			if st, err := os.Stat(out); err != nil || st.Size() < 1<<20 {
				errs[i] = target + ": no binary written"
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
}
