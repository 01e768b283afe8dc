package outputsafety

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// scanTo runs 'assay scan --surface S FLAG path' and returns the result.
func scanTo(t *testing.T, cred *syscall.Credential, flag, path string) result {
	t.Helper()
	return run(t, cred, nil, bin.assay, "scan", "--surface", bin.surface, "--format", "json", flag, path)
}

// Every output flag of scan writes /dev/null through: exit 0, and the
// device node is still a character device.
func TestDevNullStaysADevice(t *testing.T) {
	for _, flag := range []string{"-o", "--findings", "--bundle", "--html"} {
		r := scanTo(t, nil, flag, "/dev/null")
		if r.code != 0 {
			t.Errorf("%s /dev/null: exit %d: %s", flag, r.code, r.stderr)
		}
		fi, err := os.Lstat("/dev/null")
		if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%s: /dev/null is no longer a character device: %v %v", flag, fi.Mode(), err)
		}
	}
}

// A FIFO with a reader receives the whole output and stays a FIFO.
func TestFIFOIsWrittenThrough(t *testing.T) {
	dir := workDir(t)
	fifo := filepath.Join(dir, "out.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	r := scanTo(t, nil, "--findings", fifo)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if b := <-got; !strings.Contains(string(b), `"assay.findings/v1"`) {
		t.Errorf("reader got %d bytes, not the findings: %.80q", len(b), b)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", fi.Mode(), err)
	}
	noTemps(t, dir)
}

// A symbolic link is followed: its target gets the output, the link
// stays a link. A dangling link is refused (74).
func TestSymlink(t *testing.T) {
	dir := workDir(t)
	target, link := filepath.Join(dir, "real.json"), filepath.Join(dir, "link.json")
	writePrev(t, target, 0o644)
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	if r := scanTo(t, nil, "--findings", link); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); !strings.Contains(string(b), `"assay.findings/v1"`) {
		t.Errorf("the link's target was not written: %.60q", b)
	}
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink("nowhere/x.json", dangling); err != nil {
		t.Fatal(err)
	}
	if r := scanTo(t, nil, "--findings", dangling); r.code != 74 || !strings.Contains(r.stderr, "symbolic link") {
		t.Errorf("dangling link: exit %d, want 74 naming the link: %s", r.code, r.stderr)
	}
	noTemps(t, dir)
}

// A directory and a read-only file are refused with 74, as root too.
func TestRefusedTargets(t *testing.T) {
	dir := workDir(t)
	ro := filepath.Join(dir, "ro.json")
	writePrev(t, ro, 0o444)
	for _, c := range []struct{ flag, path, msg string }{
		{"-o", dir, "is a directory"},
		{"--bundle", dir, "is a directory"},
		{"--findings", ro, "read-only"},
		{"--html", ro, "read-only"},
	} {
		r := scanTo(t, nil, c.flag, c.path)
		if r.code != 74 || !strings.Contains(r.stderr, c.msg) || strings.Contains(r.stderr, "goroutine") {
			t.Errorf("%s %s: exit %d, want 74 with %q: %s", c.flag, c.path, r.code, c.msg, r.stderr)
		}
	}
	intact(t, ro, prev)
	noTemps(t, dir)
}

// '-o -' is stdout: the output is printed and no file named '-' appears;
// two outputs on stdout are a usage error.
func TestDashIsStdout(t *testing.T) {
	dir := workDir(t)
	r := run(t, nil, nil, bin.assay, "scan", "--surface", bin.surface, "--format", "json", "-o", "-")
	if r.code != 0 || !strings.Contains(r.stdout, `"assay.findings/v1"`) {
		t.Fatalf("exit %d, stdout %.60q: %s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Lstat("-"); err == nil {
		t.Error("a file named '-' was created")
	}
	if r := run(t, nil, nil, bin.assay, "scan", "--surface", bin.surface, "--findings", "-"); r.code != 64 {
		t.Errorf("--findings - with the table on stdout: exit %d, want 64: %s", r.code, r.stderr)
	}
	cfg := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(cfg, []byte(`{"mcpServers":{"a":{"command":"sh","args":["-c","exit 0"]}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, nil, nil, bin.collect, "--config", cfg, "--out", "-", "--quiet")
	if r.code != 0 || !strings.Contains(r.stdout, `"assay.bundle/v1"`) {
		t.Errorf("assay-collect --out -: exit %d, stdout %.60q: %s", r.code, r.stdout, r.stderr)
	}
	noTemps(t, dir)
}
