package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Version is set at build time with -ldflags "-X main.Version=...".
var Version = "0.1.0-dev"

// Exit codes, as for assay (sysexits.h values for errors).
const (
	exitOK          = 0
	exitUsage       = 64
	exitUnavailable = 69
	exitIO          = 74
)

// getenv resolves --header references; tests replace it.
var getenv = os.Getenv

type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ", ") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

const usage = `Usage: assay-collect --server CMD|URL [--server ...] [flags]

Lists the tools, prompts and resources of MCP servers and writes them to
one bundle file. Nothing is ever called. Before starting a local server,
assay-collect shows the program, its arguments (secrets hidden) and the
names of the variables it passes, and asks for consent unless --yes.

Examples:
  assay-collect --server "npx -y @modelcontextprotocol/server-memory@2026.8.31"
  assay-collect --server "npx -y @modelcontextprotocol/server-github" --env GITHUB_TOKEN
  assay-collect --server https://mcp.example.com/mcp --header 'Authorization: Bearer ${TOKEN}'

Flags:
`

// Run is the whole program; main only exits with its result.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("assay-collect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var servers, headers, envs repeated
	fs.Var(&servers, "server", "a server to collect: a command line (stdio) or an http(s) URL; repeatable")
	fs.Var(&headers, "header", "an HTTP header for URL servers, value from an env var: 'Authorization: Bearer ${TOKEN}'; repeatable")
	fs.Var(&envs, "env", "pass this environment variable (by name) to command-line servers; repeatable")
	yes := fs.Bool("yes", false, "start local servers without asking")
	timeout := fs.Duration("timeout", collectkit.DefaultTimeout, "time limit per server")
	parallel := fs.Int("parallel", 4, "servers collected at the same time")
	out := fs.String("bundle", "assay-bundle.json", "bundle file to write")
	encoding := fs.String("encoding", "", "tokenizer for token counts (default o200k_base)")
	label := fs.String("label", "", "a label for this machine recorded in the bundle (the host name is never recorded)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	version := fs.Bool("version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if *version {
		fmt.Fprintf(stdout, "assay-collect %s\n", Version)
		return exitOK
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "assay-collect: unexpected argument %q (use --server)\n", fs.Arg(0))
		return exitUsage
	}
	if len(servers) == 0 {
		fmt.Fprintln(stderr, "assay-collect: no --server given")
		fs.Usage()
		return exitUsage
	}
	if *timeout <= 0 || *parallel <= 0 {
		fmt.Fprintln(stderr, "assay-collect: --timeout and --parallel must be positive")
		return exitUsage
	}
	var targets []collectkit.Target
	for _, s := range servers {
		var h []string
		if isURL(s) {
			h = headers
		}
		t, err := collectkit.ParseServerFlag(s, h, getenv)
		if err == nil && t.Transport == "stdio" {
			t, err = collectkit.PassEnv(t, envs, getenv)
		}
		if err != nil {
			fmt.Fprintf(stderr, "assay-collect: %v\n", err)
			return exitUsage
		}
		targets = append(targets, t)
	}
	got, err := collectkit.Collect(ctx, targets, &collectkit.Options{
		Timeout:  *timeout,
		Parallel: *parallel,
		Yes:      *yes,
		In:       stdin,
		Stderr:   stderr,
		Progress: !*quiet && collectkit.IsTerminal(stderr),
		Client:   mcp.Implementation{Name: "assay-collect", Version: Version},
	})
	if err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitUsage
	}
	b := collectkit.NewBundle(model.Generator{Name: "assay-collect", Version: Version}, *label, got)
	if err := collectkit.CountTokens(b, *encoding); err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitUsage
	}
	if err := collectkit.WriteBundle(*out, b); err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitIO
	}
	reached := summarize(stderr, got)
	fmt.Fprintf(stderr, "wrote %s\n", *out)
	if reached == 0 {
		return exitUnavailable
	}
	return exitOK
}

// summarize prints one line per server and returns how many answered.
func summarize(w io.Writer, servers []model.Server) int {
	reached := 0
	for _, s := range servers {
		line := fmt.Sprintf("%s: %d tools, %d prompts, %d resources", s.Name, len(s.Tools), len(s.Prompts), len(s.Resources))
		if s.ProtocolVersion != "" {
			reached++
			line += " (protocol " + s.ProtocolVersion + ")"
		}
		if len(s.Errors) > 0 {
			codes := make([]string, len(s.Errors))
			for i, e := range s.Errors {
				codes[i] = e.Code
			}
			line += "; problems: " + strings.Join(codes, ", ") + " — " + s.Errors[0].Message
		}
		fmt.Fprintln(w, line)
	}
	return reached
}

func isURL(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "sse+http")
}
