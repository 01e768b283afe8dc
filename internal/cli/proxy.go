package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/internal/proxy"
)

func newProxyCmd(e *env) *cobra.Command {
	var o proxy.Options
	cmd := &cobra.Command{
		Use:   "proxy [--lock FILE | --baseline FILE] [--server-name N] [--record FILE] -- CMD [ARGS...]",
		Short: "Run a stdio MCP server behind a watching, fail-open proxy",
		Long: `Proxy goes in a client's MCP config in place of a stdio server's command. It
starts CMD ARGS, forwards every byte between the client and the server
unchanged, and reports on stderr (lines starting "assay:") when what the
server declares no longer matches the lock or baseline, or an earlier answer
in the same session:

  - its identity (initialize, server/discover, serverInfo in _meta) and, at
    start, its launch spec and command pin;
  - every complete tools/list, by the rules of 'assay check' (lock) or
    'assay diff' (baseline, earlier lists), plus injection findings and
    annotation contradictions;
  - notifications/tools/list_changed, which also re-hashes the pinned
    program and script: a file swapped during the session is reported.

It is fail-open: a missing or corrupt lock, an unwritable journal, a closed
stderr, a line that is not JSON or an internal error never stops or delays
a message. The server's stderr is relayed with a "server:" prefix. SIGINT,
SIGTERM, SIGHUP and the end of stdin pass through to the server, and the
proxy exits with the server's exit code (128 + the signal when one ended
it; 69 when it could not be started at all).

--record FILE appends one ASCII JSON line per message (time, direction,
kind, method, id, size, SHA-256) to FILE, readable by its owner only;
--record-bodies adds each message itself. The proxy never sends anything of
its own and never calls a tool. See docs/proxy.md for client configs.`,
		Example: `  assay proxy --lock assay.lock -- npx -y @modelcontextprotocol/server-memory@2026.8.31
  assay proxy --baseline assay-baseline.json --server-name memory --record session.jsonl -- node server.js

  # Claude Desktop / Cursor: "command": "assay",
  #   "args": ["proxy", "--lock", "/path/assay.lock", "--", "npx", "-y", "@modelcontextprotocol/server-memory@2026.8.31"]`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("proxy needs the server command after --: assay proxy [flags] -- CMD [ARGS...]")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Lock != "" && o.Baseline != "" {
				return usageErr("--lock and --baseline exclude each other")
			}
			if o.RecordBodies && o.Record == "" {
				return usageErr("--record-bodies needs --record FILE")
			}
			o.Command, o.Args = args[0], args[1:]
			e.relay = true
			o.Stdin, o.Stdout, o.Stderr = e.stdin, e.stdout, e.stderr
			o.Signals, o.Version = true, Version
			// An interrupt is the server's to handle: the proxy
			// forwards it and waits, so it must not cancel the run.
			code := proxy.Run(context.WithoutCancel(cmd.Context()), o)
			if code != 0 {
				return silentExit{code: code}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.SetInterspersed(false)
	f.StringVar(&o.Lock, "lock", "", "compare with this lock (written by 'assay lock')")
	f.StringVar(&o.Baseline, "baseline", "", "compare with this baseline (written by 'assay baseline')")
	f.StringVar(&o.ServerName, "server-name", "", "which server of the lock or baseline this is (default: the only one, or the one whose launch or serverInfo matches)")
	f.StringVar(&o.Record, "record", "", "append a journal of every message to FILE (mode 0600)")
	f.BoolVar(&o.RecordBodies, "record-bodies", false, "with --record: also journal each message's body")
	return cmd
}
