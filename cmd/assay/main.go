// Command assay assesses the surface MCP servers expose to an AI agent.
// See 'assay --help'.
package main

import (
	"context"
	"os"

	"golang.org/x/term"

	"github.com/assay-mcp/assay/collectkit/interrupt"
	"github.com/assay-mcp/assay/internal/cli"
)

func main() {
	stopProfile := startProfile()
	// SIGINT, SIGTERM and SIGHUP cancel the run with the signal as cause;
	// cli.RunWith then exits 130, 143 or 129 without replacing any output.
	ctx, stop := interrupt.Context(context.Background())
	width := 0
	if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
		width = w
	}
	code := cli.RunWith(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, &cli.Options{
		Getenv:    os.Getenv,
		StdoutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		StderrTTY: term.IsTerminal(int(os.Stderr.Fd())),
		Width:     width,
	})
	stop()
	stopProfile()
	os.Exit(code)
}
