package outputsafety

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/assay-mcp/assay/internal/testenv"
)

// nobody is uid/gid 65534: root ignores permissions, so the read-only
// cases that matter to users run again as an ordinary user.
var nobody = &syscall.Credential{Uid: 65534, Gid: 65534}

func TestReadOnlyUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		testenv.Skip(t, "root", "re-running as uid 65534 needs root")
	}
	if r := run(t, nobody, nil, bin.assay, "version"); r.code != 0 {
		testenv.Skip(t, "root", "cannot run the binary as uid 65534: "+r.stderr)
	}
	dir := workDir(t)
	// A file nobody may not write, in a directory nobody may write:
	// access(2) refuses it before any rename could replace it.
	rootFile := filepath.Join(dir, "roots.json")
	writePrev(t, rootFile, 0o644)
	// A directory nobody may not write, holding nobody's own file.
	roDir := filepath.Join(dir, "ro")
	if err := os.Mkdir(roDir, 0o755); err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(roDir, "own.json")
	writePrev(t, own, 0o644)
	if err := os.Chown(own, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ flag, path, msg string }{
		{"--findings", rootFile, "not writable"},
		{"-o", own, "permission denied"},
		{"--bundle", filepath.Join(roDir, "new.json"), "permission denied"},
	} {
		r := scanTo(t, nobody, c.flag, c.path)
		if r.code != 74 || !strings.Contains(r.stderr, c.msg) {
			t.Errorf("as nobody, %s %s: exit %d, want 74 with %q: %s", c.flag, c.path, r.code, c.msg, r.stderr)
		}
	}
	intact(t, rootFile, prev)
	intact(t, own, prev)
	if _, err := os.Lstat(filepath.Join(roDir, "new.json")); err == nil {
		t.Error("a file was created in the read-only directory")
	}
	noTemps(t, dir)
	noTemps(t, roDir)
	// And the ordinary case still works unprivileged.
	mine := filepath.Join(dir, "mine.json")
	if r := scanTo(t, nobody, "--findings", mine); r.code != 0 {
		t.Errorf("as nobody into a writable directory: exit %d: %s", r.code, r.stderr)
	}
}
