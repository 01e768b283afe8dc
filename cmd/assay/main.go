// Command assay assesses the surface MCP servers expose to an AI agent.
// See 'assay --help'.
package main

import (
	"context"
	"os"
	"os/signal"

	"golang.org/x/term"

	"github.com/assay-mcp/assay/internal/cli"
)

func main() {
	stopProfile := startProfile()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
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
