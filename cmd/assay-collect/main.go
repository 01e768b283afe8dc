// Command assay-collect is the small collector a client runs on their own
// machine: it lists the tools, prompts and resources of MCP servers and
// writes one redacted bundle, safe to send, for analysis elsewhere. It
// never calls a tool. See 'assay-collect -h'.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
