package pdfprint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// fakeBrowser writes a shell script standing in for Chromium.
func fakeBrowser(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		testenv.Skip(t, "posix", "the fake browser is a shell script")
	}
	p := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFindNamesWhatIsMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv(EnvBrowser, "")
	_, err := Find("")
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "chromium, chromium-browser, google-chrome") {
		t.Fatalf("Find on an empty PATH = %v", err)
	}
	if _, err := Find(filepath.Join(t.TempDir(), "nope")); !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "--chromium") {
		t.Fatalf("Find of a missing program = %v", err)
	}
}

// TestFindReadsTheEnvironment: with no --chromium, $ASSAY_CHROMIUM wins
// over PATH, and a wrong one is named rather than silently skipped.
func TestFindReadsTheEnvironment(t *testing.T) {
	b := fakeBrowser(t, "exit 0\n")
	t.Setenv("PATH", t.TempDir())
	t.Setenv(EnvBrowser, b)
	if p, err := Find(""); err != nil || p != b {
		t.Fatalf("Find with %s=%s = %q, %v", EnvBrowser, b, p, err)
	}
	other := fakeBrowser(t, "exit 0\n")
	if p, err := Find(other); err != nil || p != other {
		t.Fatalf("--chromium must win over the environment: %q, %v", p, err)
	}
	t.Setenv(EnvBrowser, filepath.Join(t.TempDir(), "gone"))
	if _, err := Find(""); !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), EnvBrowser) {
		t.Fatalf("Find with a missing %s = %v", EnvBrowser, err)
	}
}

// TestPrintArguments: the browser gets the fixed flags, a fresh profile
// directory and the page as a file URL, and its PDF is returned.
func TestPrintArguments(t *testing.T) {
	log := filepath.Join(t.TempDir(), "args")
	b := fakeBrowser(t, `printf '%s\n' "$@" > `+log+`
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4 fake' > "${a#--print-to-pdf=}";; esac; done
`)
	pdf, err := Print(context.Background(), []byte("<!doctype html><p>x"), &Options{Browser: b, Timeout: testenv.D(10 * time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	if string(pdf) != "%PDF-1.4 fake" {
		t.Fatalf("pdf = %q", pdf)
	}
	raw, _ := os.ReadFile(log)
	args := string(raw)
	for _, f := range append(Flags, "--user-data-dir=", "--print-to-pdf=", "file://") {
		if !strings.Contains(args, f) {
			t.Errorf("browser arguments lack %s:\n%s", f, args)
		}
	}
}

func TestPrintDeadlineKills(t *testing.T) {
	b := fakeBrowser(t, "sleep 30 & sleep 30\n")
	start := time.Now()
	_, err := Print(context.Background(), []byte("x"), &Options{Browser: b, Timeout: 300 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "did not finish printing") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > testenv.D(10*time.Second) {
		t.Fatalf("Print returned after %s: the browser was not killed", d)
	}
}

func TestPrintNoPDF(t *testing.T) {
	b := fakeBrowser(t, "echo 'crashed \033[31mred' >&2\nexit 3\n")
	_, err := Print(context.Background(), []byte("x"), &Options{Browser: b, Timeout: testenv.D(10 * time.Second)})
	if err == nil || !strings.Contains(err.Error(), "crashed") || strings.Contains(err.Error(), "\033") {
		t.Fatalf("err = %v (want the browser's last line, escaped)", err)
	}
}
