package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/anonymize"
	"github.com/assay-mcp/assay/collectkit/interrupt"
	"github.com/assay-mcp/assay/collectkit/outfile"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Version is set at build time with -ldflags "-X main.Version=...".
var Version = "0.1.0-dev"

// Exit codes, as for assay (sysexits.h values for errors).
const (
	exitOK          = 0
	exitUsage       = 64
	exitNoInput     = 66
	exitUnavailable = 69
	exitIO          = 74
)

// getenv resolves --header references; tests replace it.
var getenv = os.Getenv

type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ", ") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

const usage = `Usage: assay-collect [--dry-run] [--connect [--yes]] [--out FILE] [flags]
       assay-collect --server CMD|URL [--server ...] [flags]

Writes one bundle file describing the MCP servers of this machine, safe
to send: only the fields listed by --dry-run leave the machine (never
env or header values, full command lines, URL paths or queries, absolute
paths, user or host names). Nothing on a server is ever called.

Modes:
  (default)   read the MCP client configs of this user and of the current
              directory (and --project DIRs), the agent settings that
              change trust (keys only, never values), and the instruction
              files and skills the agents load (AGENTS.md, CLAUDE.md,
              rules, SKILL.md); start nothing
  --dry-run   print what would be read, started and written; write nothing
  --connect   also start/contact the configured servers to list their
              tools, prompts and resources, after showing the plan and
              asking for consent (--yes skips the question)
  --server    collect only the given servers (a command line or a URL)

Exit codes: 0 written; 64 usage; 66 key missing; 69 no server could be
reached, or you declined to start them; 74 the bundle or stdout could not
be written (or the target was refused: a directory, a read-only file);
130/143/129 interrupted by SIGINT/SIGTERM/SIGHUP, nothing written or
replaced. --out - writes the bundle to stdout; see docs/outputs.md.

Examples:
  assay-collect --dry-run
  assay-collect --connect --out laptop.json --label laptop
  assay-collect --connect --anonymize "$SALT" --sign consultant.key
  assay-collect --server "npx -y @modelcontextprotocol/server-memory@2026.8.31"
  assay-collect --server https://mcp.example.com/mcp --header 'Authorization: Bearer ${TOKEN}'
  assay-collect --server https://mcp.example.com/mcp --oauth     # log in in your browser

OAuth: --oauth logs in to a remote server that answers 401 (authorization
code + PKCE S256 in your browser, redirect to 127.0.0.1; --oauth-device or
no browser: the device flow, a code to enter on any device). The token is
sent to that server only and never written to the bundle; --oauth-cache
FILE keeps it (mode 0600) for the next run. See docs/remote.md.

Flags:
`

// Run is the whole program; main only exits with its result. A run ended
// by SIGINT, SIGTERM or SIGHUP exits 130, 143 or 129 and never writes or
// replaces the bundle.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outfile.Stdout{W: stdout}
	code := collect(ctx, args, stdin, out, stderr)
	if sig, ok := interrupt.Cause(ctx); ok {
		fmt.Fprintf(stderr, "assay-collect: %s; no bundle was written or replaced\n", sig)
		return interrupt.ExitCode(sig.Sig)
	}
	if out.Err != nil && code < exitUsage {
		// What was printed (the --dry-run plan, the version, a bundle
		// sent to '-') was lost: never a success.
		fmt.Fprintf(stderr, "assay-collect: writing stdout: %v\n", out.Err)
		return exitIO
	}
	return code
}

func collect(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("assay-collect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var servers, headers, envs repeated
	fs.Var(&servers, "server", "a server to collect: a command line (stdio) or an http(s) URL; repeatable (a command runs in a fresh temporary HOME, also its working directory: name files by absolute path)")
	fs.Var(&headers, "header", "an HTTP header for URL servers, value from an env var: 'Authorization: Bearer ${TOKEN}'; repeatable")
	fs.Var(&envs, "env", "pass this environment variable (by name) to command-line servers; repeatable")
	var projects, clients, configs, asClients repeated
	fs.Var(&asClients, "as-client", "also list each server as this client, `NAME/VERSION` (e.g. claude-code/2.1.0); repeatable")
	fs.Var(&projects, "project", "also read the MCP configs of this project directory; repeatable")
	fs.Var(&clients, "client", "read only this client's configs (claude-code, cursor, vscode, ...); repeatable")
	fs.Var(&configs, "config", "read this config file instead of discovering; repeatable")
	connect := fs.Bool("connect", false, "start/contact the configured servers to list their surfaces (asks first)")
	dryRun := fs.Bool("dry-run", false, "print the plan (configs read, servers started, fields written) and write nothing")
	salt := fs.String("anonymize", "", "replace server names, hosts, program and implementation names with labels derived from this `SALT` (tool text is kept)")
	signKey := fs.String("sign", "", "sign the bundle with this Ed25519 private `KEYFILE` (from 'assay keygen')")
	yes := fs.Bool("yes", false, "start local servers without asking")
	keepNames := fs.Bool("keep-project-names", false, "name project roots by their folder name instead of a project-XXXXXX label")
	timeout := fs.Duration("timeout", collectkit.DefaultTimeout, "per server: time limit for the handshake and listings once it has started")
	startTimeout := fs.Duration("start-timeout", collectkit.DefaultStartTimeout, "per local server: time limit to start (read its first request or write anything; covers a first npx download)")
	parallel := fs.Int("parallel", 4, "servers collected at the same time")
	out := fs.String("out", "assay-bundle.json", "bundle `FILE` to write")
	fs.StringVar(out, "bundle", "assay-bundle.json", "the same as --out")
	encoding := fs.String("encoding", "", "tokenizer for token counts (default o200k_base)")
	label := fs.String("label", "", "a label for this machine recorded in the bundle (the host name is never recorded)")
	var oauthf collectkit.OAuthFlags
	fs.BoolVar(&oauthf.On, "oauth", false, collectkit.OAuthHelp.On)
	fs.BoolVar(&oauthf.Device, "oauth-device", false, collectkit.OAuthHelp.Device)
	fs.StringVar(&oauthf.Cache, "oauth-cache", "", collectkit.OAuthHelp.Cache)
	fs.StringVar(&oauthf.ClientID, "oauth-client-id", "", collectkit.OAuthHelp.ClientID)
	quiet := fs.Bool("quiet", false, "print only errors: no progress, no summary, and with --yes no plan")
	version := fs.Bool("version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		printFlags(stderr, fs)
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
	if *timeout <= 0 || *parallel <= 0 || *startTimeout <= 0 {
		fmt.Fprintln(stderr, "assay-collect: --timeout, --start-timeout and --parallel must be positive")
		return exitUsage
	}
	if err := oauthf.Check(len(servers), *connect, headers); err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitUsage
	}
	var asIDs []mcp.Implementation
	for _, c := range asClients {
		id, err := collectkit.ParseClientIdentity(c)
		if err != nil {
			fmt.Fprintf(stderr, "assay-collect: %v\n", err)
			return exitUsage
		}
		asIDs = append(asIDs, id)
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
	src := &collectkit.Sources{Servers: targets, Getenv: getenv, KeepProjectNames: *keepNames}
	if len(servers) == 0 || len(projects)+len(clients)+len(configs) > 0 {
		if err := src.Discover(projects, clients, configs); err != nil {
			fmt.Fprintf(stderr, "assay-collect: %v\n", err)
			return exitUsage
		}
	}
	var key ed25519.PrivateKey
	if *signKey != "" {
		k, err := loadKey(*signKey)
		if err != nil {
			fmt.Fprintf(stderr, "assay-collect: %v\n", err)
			return exitNoInput
		}
		key = k
	}
	targets = src.Targets(*connect)
	if *dryRun {
		printPlan(stdout, src, targets, *out, *salt != "", key != nil)
		return exitOK
	}
	session, err := oauthf.Session(*timeout, stderr, "assay-collect "+Version)
	if err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitNoInput
	}
	got, err := collectkit.Collect(ctx, targets, &collectkit.Options{
		OAuth:        session,
		Timeout:      *timeout,
		StartTimeout: *startTimeout,
		Parallel:     *parallel,
		Yes:          *yes,
		Quiet:        *quiet,
		In:           stdin,
		Stderr:       stderr,
		Progress:     !*quiet && collectkit.IsTerminal(stderr),
		Client:       mcp.Implementation{Name: "assay-collect", Version: Version},
		AsClients:    asIDs,
	})
	if errors.Is(err, collectkit.ErrDeclined) {
		// The user said no at the consent prompt: nothing collected,
		// nothing written; the servers are unavailable to this run.
		fmt.Fprintf(stderr, "assay-collect: %v; %s was not written\n", err, *out)
		return exitUnavailable
	}
	if err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitUsage
	}
	got = src.Scrub(got)
	b := collectkit.NewBundle(model.Generator{Name: "assay-collect", Version: Version}, *label, src.Merge(got))
	b.Contexts, b.Errors = src.Contexts, src.Errors
	b.Settings, b.Instructions = src.Settings, src.Instructions
	if err := collectkit.CountTokens(b, *encoding); err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitUsage
	}
	if *salt != "" {
		anonymize.New(*salt).Bundle(b)
	}
	data, err := encode(b, key)
	if ctx.Err() != nil {
		return exitIO // Run reports the interruption; nothing is written
	}
	if err == nil {
		// outfile refuses once ctx is done, also between the temp file
		// and the rename; '-' sends the bundle to stdout.
		err = outfile.Write(ctx, *out, data, &outfile.Options{Stdout: stdout})
	}
	if err != nil {
		fmt.Fprintf(stderr, "assay-collect: %v\n", err)
		return exitIO
	}
	note := stderr
	if *quiet {
		note = io.Discard
	}
	reached := summarize(note, b.Servers)
	fmt.Fprintf(note, "wrote %s (%d servers", *out, len(b.Servers))
	if key != nil {
		fmt.Fprintf(note, ", signed by %s", signature.KeyID(key.Public().(ed25519.PublicKey)))
	}
	fmt.Fprintln(note, "); review it before sending: it is plain JSON")
	if len(targets) > 0 && reached == 0 {
		return exitUnavailable
	}
	return exitOK
}

// summarize prints one line per server and returns how many answered.
func summarize(w io.Writer, servers []model.Server) int {
	reached := 0
	for _, s := range servers {
		if s.Source == "config" {
			fmt.Fprintf(w, "%s: configured, not contacted (--connect lists its tools)\n", s.Name)
			continue
		}
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
