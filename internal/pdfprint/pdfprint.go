// Package pdfprint prints a self-contained report page to PDF with a
// headless Chromium found on the machine. It is optional: nothing else in
// Assay needs a browser, and without one the caller gets ErrNoBrowser
// naming what was looked for.
//
// The browser runs with a fresh profile in a temporary directory, no
// network services (background networking, component updates, sync all
// off), in a process group of its own that is killed when the deadline
// passes or the run is interrupted. The page is the file Assay wrote, so
// it makes no request of its own (its CSP forbids every fetch).
package pdfprint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-mcp/assay/internal/procgroup"
	"github.com/assay-mcp/assay/report/textsafe"
)

// Candidates are the program names looked up on PATH, in order.
var Candidates = []string{"chromium", "chromium-browser", "google-chrome"}

// ErrNoBrowser means no headless Chromium was found.
var ErrNoBrowser = errors.New("no headless Chromium found")

// EnvBrowser names the environment variable that points at the browser
// when --chromium is not given (the browser tests read the same one).
const EnvBrowser = "ASSAY_CHROMIUM"

// Find returns the browser to run: explicit when given (it must exist and
// be executable), else $ASSAY_CHROMIUM when set, else the first of
// Candidates on PATH.
func Find(explicit string) (string, error) {
	if explicit == "" && os.Getenv(EnvBrowser) != "" {
		env := os.Getenv(EnvBrowser)
		p, err := exec.LookPath(env)
		if err != nil {
			return "", fmt.Errorf("%w: %s=%s: %v", ErrNoBrowser, EnvBrowser, env, unwrap(err))
		}
		return p, nil
	}
	if explicit != "" {
		p, err := exec.LookPath(explicit)
		if err != nil {
			return "", fmt.Errorf("%w: --chromium %s: %v", ErrNoBrowser, explicit, unwrap(err))
		}
		return p, nil
	}
	for _, name := range Candidates {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: none of %s is on PATH; install Chromium (Debian: apt-get install chromium) or pass --chromium PATH, or open the HTML page and print it from the browser", ErrNoBrowser, strings.Join(Candidates, ", "))
}

// Options for Print.
type Options struct {
	// Browser is the program Find returned.
	Browser string
	// Timeout bounds the whole print; 0 means one minute.
	Timeout time.Duration
}

// Flags are the browser's command-line switches before the output and
// the page: headless, no sandbox (it runs as the user, on a file Assay
// wrote), nothing that talks to the network on its own, and no header or
// footer of the browser's own (the page numbers itself with CSS).
var Flags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--no-pdf-header-footer", "--print-to-pdf-no-header",
}

// Print renders page (a self-contained HTML document) to PDF bytes.
func Print(ctx context.Context, page []byte, opts *Options) ([]byte, error) {
	if opts == nil || opts.Browser == "" {
		return nil, ErrNoBrowser
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = time.Minute
	}
	dir, err := os.MkdirTemp("", "assay-pdf-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "report.html")
	out := filepath.Join(dir, "report.pdf")
	if err := os.WriteFile(in, page, 0o600); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	args := append(append([]string{}, Flags...),
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--print-to-pdf="+out,
		"file://"+filepath.ToSlash(in))
	cmd := exec.Command(opts.Browser, args...)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	var tail procgroup.Tail
	tail.Max = 2048
	cmd.Stdout, cmd.Stderr = &tail, &tail
	if err := procgroup.Start(cmd); err != nil {
		return nil, fmt.Errorf("starting %s: %v", opts.Browser, unwrap(err))
	}
	done := make(chan error, 1)
	go func() { done <- procgroup.Wait(cmd) }()
	// Kill the group, then sweep helpers that left it (double forks are
	// re-parented to this process, see procgroup).
	defer procgroup.ReapIfIdle()
	select {
	case err = <-done:
		procgroup.Kill(cmd) // helpers the browser left behind
	case <-ctx.Done():
		procgroup.Kill(cmd)
		<-done
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("%s did not finish printing within %s (raise --timeout)", filepath.Base(opts.Browser), timeout)
		}
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("%s failed (%v): %s", filepath.Base(opts.Browser), err, lastLine(tail.String()))
	}
	pdf, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		return nil, fmt.Errorf("%s wrote no PDF: %s", filepath.Base(opts.Browser), lastLine(tail.String()))
	}
	return pdf, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if s == "" {
		return "no message"
	}
	return textsafe.Clip(textsafe.Line(s), 300)
}

func unwrap(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}
