// Package cli implements the assay command line. main only calls Run and
// exits with its result; everything here is testable in-process.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/collectkit/interrupt"
	"github.com/assay-mcp/assay/collectkit/outfile"
)

// Version is set at build time with -ldflags "-X .../internal/cli.Version=...".
var Version = "0.1.0-dev"

// env is the process environment as the CLI sees it; tests replace it.
type env struct {
	// ctx is the run's context: writers refuse once it is done.
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// isTerminal reports whether stdout / stderr are terminals.
	stdoutTTY, stderrTTY bool
	// width is the terminal width for tables (0 = default).
	width int
	// wrote lists the output files written, for the interruption note.
	wrote []string
	// relay is set by commands whose stdout is a peer's stream, not a
	// result (the proxy): a peer that hangs up is the normal end of the
	// session, and the exit code is the server's, so a failed write to
	// stdout is not turned into exit 74.
	relay bool
	// openBrowser and hasBrowser: see Options.
	openBrowser func(ctx context.Context, url string) error
	hasBrowser  func() bool
}

// Options let the caller describe the terminal and environment; nil
// means "not a terminal" and an empty environment lookup.
type Options struct {
	Getenv    func(string) string
	StdoutTTY bool
	StderrTTY bool
	// Width is the terminal's width in columns (0 = default 100).
	Width int
	// OpenBrowser and HasBrowser replace the system browser of the OAuth
	// login (--oauth); nil for the real one. Tests script the user.
	OpenBrowser func(ctx context.Context, url string) error
	HasBrowser  func() bool
}

// commands is every subcommand, in one table: a newcomer finds each
// command's constructor here, next to the file that holds it. (Cobra
// lists them alphabetically in help; this order is only the table's.)
var commands = []func(*env) *cobra.Command{
	newActionCmd,        // action.go: __action, the GitHub Action's entry point
	newApproveCmd,       // approve.go
	newBaselineCmd,      // baseline.go
	newCheckCmd,         // check.go
	newCompletionCmd,    // completion.go
	newDemoCmd,          // demo.go
	newDemoServerCmd,    // demo.go: the built-in risky demo server
	newDiffCmd,          // diff.go
	newKeygenCmd,        // keys.go
	newSignCmd,          // keys.go
	newLockCmd,          // lock.go
	newProxyCmd,         // proxy.go
	newReportCmd,        // report.go
	newVersionCmd,       // root.go
	newRulesCmd,         // rules.go
	newScanCmd,          // scan.go
	newSynthCmd,         // synth.go: __synth, generated inputs for benchmarks
	newTestInjectionCmd, // testinjection.go
	newVerifyCmd,        // verify.go
	newViewerCmd,        // viewer.go
	newUICmd,            // ui.go
}

// Run executes the assay CLI and returns the process exit code.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return RunWith(ctx, args, stdin, stdout, stderr, nil)
}

// RunWith is Run with explicit terminal and environment options.
func RunWith(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, opts *Options) int {
	out := &outfile.Stdout{W: stdout}
	e := &env{ctx: ctx, stdin: stdin, stdout: out, stderr: stderr, getenv: func(string) string { return "" }}
	if opts != nil {
		if opts.Getenv != nil {
			e.getenv = opts.Getenv
		}
		e.stdoutTTY, e.stderrTTY, e.width = opts.StdoutTTY, opts.StderrTTY, opts.Width
		e.openBrowser, e.hasBrowser = opts.OpenBrowser, opts.HasBrowser
	}
	root := newRoot(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(out)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if sig, ok := interrupt.Cause(ctx); ok && !e.relay {
		// The proxy relays signals to its server and exits with the
		// server's code, so it is exempt.
		// An interrupted run never reports success, whatever the command
		// returned: no output is written after the signal (env.writeFile).
		if len(e.wrote) == 0 {
			fmt.Fprintf(stderr, "assay: %s; no output was written or replaced\n", sig)
		} else {
			fmt.Fprintf(stderr, "assay: %s; only %s had been written (complete) before it; nothing else was written or replaced\n", sig, strings.Join(e.wrote, ", "))
		}
		return interrupt.ExitCode(sig.Sig)
	}
	var se silentExit
	if out.Err != nil && !e.relay && (err == nil || errors.As(err, &se)) {
		// The result printed to stdout was lost: never a success.
		fmt.Fprintf(stderr, "assay: %v: %v\n", errStdout, out.Err)
		return ExitIOErr
	}
	if err == nil {
		return ExitOK
	}
	if errors.As(err, &se) {
		return se.code
	}
	code := exitCode(err)
	if code == ExitSoftware && isCobraUsage(err) {
		code = ExitUsage
	}
	fmt.Fprintf(stderr, "assay: %s\n", err)
	if code == ExitUsage {
		fmt.Fprintln(stderr, "Run 'assay --help' for usage.")
	}
	return code
}

func isCobraUsage(err error) bool {
	m := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "required flag"} {
		if strings.Contains(m, p) {
			return true
		}
	}
	return false
}

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "assay",
		Short: "Assess the surface MCP servers expose to an AI agent",
		Long: `Assay assesses what every MCP server an agent is wired to can do, what its
definitions cost in tokens, which strings try to steer the model, and what
changed since the last approved scan. It never calls a tool.

Exit codes: 0 ok; 1 findings at or above --fail-on (scan); diff/check OR the
bits 1 escalation, 2 prompt, 4 removal, 8 injection, 16 incomplete,
32 signature (a stored bundle lacks the signature its baseline expects);
64 usage, 65 bad input data, 66 input missing, 69 server unavailable (or
you declined to start it), 70 internal error, 74 I/O error (an output or
stdout could not be written, or the target was refused); 130/143/129
interrupted by SIGINT/SIGTERM/SIGHUP: no output written or replaced.
Outputs: '-' is stdout; /dev/null and FIFOs are written through;
see docs/outputs.md.`,
		Example: `  assay demo                                  # scan the built-in risky demo server
  assay scan                                  # discover this machine's client configs
  assay scan --surface tools.json             # analyse a stored tools/list result
  assay scan --server "npx -y @modelcontextprotocol/server-memory@2026.8.31" --connect --yes
  assay diff old-bundle.json new-bundle.json  # what changed, with CI exit bits
  assay lock .cursor/mcp.json --connect --yes # text-free lock with command pins; check --lock later
  assay proxy --lock assay.lock -- npx -y @modelcontextprotocol/server-memory@2026.8.31`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &ExitError{Code: ExitUsage, Err: err}
	})
	for _, f := range commands {
		root.AddCommand(f(e))
	}
	registerFlagCompletions(root) // completion.go
	return root
}

func newVersionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version and ruleset",
		Example: `  assay version`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintf(e.stdout, "assay %s (ruleset %s)\n", Version, rulesetVersion())
			return nil
		},
	}
}
