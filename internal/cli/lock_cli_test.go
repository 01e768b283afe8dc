package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/schemas"
)

// TestCheckLockExitCodes: 'assay check --lock' exits with the same bits
// as 'assay check --baseline' for the same changes.
func TestCheckLockExitCodes(t *testing.T) {
	dir := t.TempDir()
	v1 := writeFile(t, dir, "v1.json", capV1)
	lockPath := filepath.Join(dir, "assay.lock")
	if code, _, errs := runCLI(t, "lock", "--surface", v1, "-o", lockPath); code != 0 {
		t.Fatalf("lock: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(lockPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := schemas.ValidateStrict(data); err != nil {
		t.Fatalf("the lock does not validate: %v", err)
	}
	cases := append(exitCases(), exitCase{"server renamed", strings.Replace(capV1, `"name":"files"`, `"name":"fi1es"`, 1), 1})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cur := writeFile(t, dir, "cur.json", c.new)
			code, out, errs := runCLI(t, "check", "--lock", lockPath, "--surface", cur, "--format", "json")
			if code != c.want {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, c.want, out, errs)
			}
			var f struct {
				Kind     string `json:"kind"`
				Findings []struct{ ID string }
			}
			if err := json.Unmarshal([]byte(out), &f); err != nil || f.Kind != "assay.findings/v1" {
				t.Fatalf("not findings JSON (%v):\n%s", err, out)
			}
			if err := schemas.ValidateStrict([]byte(out)); err != nil {
				t.Errorf("findings do not validate: %v", err)
			}
		})
	}
	if code, _, errs := runCLI(t, "check", "--surface", v1); code != ExitUsage || !strings.Contains(errs, "--baseline FILE or --lock FILE") {
		t.Errorf("no reference: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "check", "--lock", filepath.Join(dir, "none.lock"), "--surface", v1); code != ExitNoInput {
		t.Errorf("missing lock: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "lock", "--surface", v1, "-o", lockPath, "--migrate"); code != 0 {
		t.Errorf("migrate unchanged: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "lock", "--surface", v1, "-o", filepath.Join(dir, "new.lock"), "--migrate"); code != ExitUsage {
		t.Errorf("migrate without a lock: exit %d: %s", code, errs)
	}
}
