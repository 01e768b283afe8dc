// Command assay-collect is the small collector a client runs on their own
// machine: it lists the tools, prompts and resources of MCP servers and
// writes one redacted bundle, safe to send, for analysis elsewhere. It
// never calls a tool. See 'assay-collect -h'.
package main

import (
	"context"
	"os"

	"github.com/assay-mcp/assay/collectkit/interrupt"
)

func main() {
	// On SIGINT, SIGTERM or SIGHUP, cancel collection so every started
	// server's process group is killed before exiting.
	ctx, stop := interrupt.Context(context.Background())
	code := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
