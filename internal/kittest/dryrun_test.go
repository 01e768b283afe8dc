package kittest

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fakeMachine is a home with one Claude Code config (a local server with
// a credential argument and a remote server with a header reference)
// and a project directory to run in. The local program exists on PATH.
func fakeMachine(t *testing.T) (root, home, proj string, env []string) {
	t.Helper()
	root = t.TempDir()
	home = filepath.Join(root, "home", "dana")
	proj = filepath.Join(root, "src", "shop")
	binDir := filepath.Join(root, "bin")
	writeFile(t, filepath.Join(binDir, "mcp-fake"), "#!/bin/sh\nexit 0\n")
	if err := os.Chmod(filepath.Join(binDir, "mcp-fake"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(home, ".claude.json"), `{"mcpServers": {
  "files": {"command": "mcp-fake", "args": ["--root", "`+home+`/docs", "--token", "hunter2hunter2"], "env": {"LOG_LEVEL": "debug"}},
  "remote": {"type": "http", "url": "https://mcp.example.com/mcp?tenant=acme", "headers": {"Authorization": "Bearer ${REMOTE_TOKEN}"}}
}}`)
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	env = []string{"HOME=" + home, "USER=dana", "PATH=" + binDir + string(os.PathListSeparator) + os.Getenv("PATH")}
	return root, home, proj, env
}

// snapshot lists every file under root with its size, to prove a run
// wrote nothing (or only what it should).
func snapshot(t *testing.T, root string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			out[p] = info.Size()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDryRunGolden: --dry-run prints the configs read, the servers it
// would start (program path, redacted arguments, variable and header
// names), the allowlist, and writes nothing.
func TestDryRunGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"dryrun-default", []string{"--dry-run"}},
		{"dryrun-connect", []string{"--dry-run", "--connect", "--anonymize", "pepper", "--out", "laptop.json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, _, proj, env := fakeMachine(t)
			before := snapshot(t, root)
			r := run(t, proj, env, bin.collect, c.args...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if d := cmp.Diff(before, snapshot(t, root)); d != "" {
				t.Errorf("--dry-run wrote files (-before +after):\n%s", d)
			}
			got := strings.ReplaceAll(r.stdout, root, "$ROOT")
			for _, secret := range []string{"hunter2", "tenant", "acme", "dana"} {
				if strings.Contains(got, secret) {
					t.Errorf("plan shows %q:\n%s", secret, got)
				}
			}
			golden := filepath.Join("testdata", c.name+".golden")
			if *update {
				writeFile(t, golden, got)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("dry-run plan differs from %s (-want +got):\n%s", golden, d)
			}
		})
	}
}
