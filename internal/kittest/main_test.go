package kittest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// bin holds the two programs built once for every test.
var bin struct {
	collect, assay string
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "assay-kittest-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := func() int {
		defer os.RemoveAll(dir)
		root, err := repoRoot()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		exe := ""
		if runtime.GOOS == "windows" {
			exe = ".exe"
		}
		bin.collect = filepath.Join(dir, "assay-collect"+exe)
		bin.assay = filepath.Join(dir, "assay"+exe)
		for pkg, out := range map[string]string{"./cmd/assay-collect": bin.collect, "./cmd/assay": bin.assay} {
			cmd := exec.Command("go", "build", "-trimpath", "-o", out, pkg)
			cmd.Dir = root
			if msg, err := cmd.CombinedOutput(); err != nil {
				fmt.Fprintf(os.Stderr, "building %s: %v\n%s", pkg, err, msg)
				return 1
			}
		}
		return m.Run()
	}()
	os.Exit(code)
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("go.mod not found")
		}
		dir = parent
	}
}

// result is one program run.
type result struct {
	code           int
	stdout, stderr string
}

// run starts a built program in dir with exactly env (plus PATH when env
// has none), stdin empty.
func run(t *testing.T, dir string, env []string, prog string, args ...string) result {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	hasPath := false
	for _, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			hasPath = true
		}
	}
	if !hasPath {
		env = append(env, "PATH="+os.Getenv("PATH"))
	}
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", filepath.Base(prog), err)
	}
	return result{code, out.String(), errb.String()}
}

// assertAllowed is the allowlist walk: every key path of an emitted
// bundle must be in model.BundleAllowlist.
func assertAllowed(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("bundle not written: %v", err)
	}
	bad, err := model.Disallowed(data)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	if len(bad) > 0 {
		t.Errorf("%s holds paths outside model.BundleAllowlist: %v", filepath.Base(path), bad)
	}
	return data
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
