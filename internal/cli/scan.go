package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/cost"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/policy"
)

// scanFlags are the flags shared by scan, baseline and check: everything
// that decides which surfaces are collected and how they are analysed.
type scanFlags struct {
	servers  []string
	headers  []string
	surfaces []string
	clients  []string
	projects []string
	connect  bool
	yes      bool
	// keepNames labels project roots by folder name (--keep-project-names).
	keepNames bool
	timeout   time.Duration
	start     time.Duration
	parallel  int
	encoding  string
	window    int
	price     float64
	rules     string
	// advisories are OSV files or directories (--advisories).
	advisories []string
	// asClients are extra client identities (--as-client NAME/VERSION).
	asClients []string
	asIDs     []mcp.Implementation
	// oauth are the OAuth login flags (oauthflags.go).
	oauth collectkit.OAuthFlags
	// tails are failed servers' last stderr lines by identity, for the
	// local findings only (see scan_stderr.go).
	tails tails
	// observed are the --surface files read, with their signatures checked
	// on the bytes read: baseline records their signers, check and approve
	// compare them with the baseline's.
	observed []baseline.Observed
	// deferObserve keeps the files' bytes in deferred instead of checking
	// their signatures while reading: 'assay ui' needs them only for a
	// baseline, off its loop (observeDeferred).
	deferObserve bool
	deferred     []deferredInput
}

type deferredInput struct {
	name string
	data []byte
}

// observeDeferred checks the signatures of the files read with
// deferObserve, once.
func (s *scanFlags) observeDeferred() {
	for _, d := range s.deferred {
		s.observed = append(s.observed, baseline.ObserveDecoded(d.name, d.data))
	}
	s.deferred = nil
}

func (s *scanFlags) register(cmd *cobra.Command) {
	s.registerCollect(cmd)
	f := cmd.Flags()
	f.StringVar(&s.encoding, "encoding", "o200k_base", "token encoding: o200k_base or cl100k_base")
	f.IntVar(&s.window, "window", 200000, "context window in tokens for window-share findings")
	f.Float64Var(&s.price, "price-per-mtok", 0, "price per million input tokens; enables cost per conversation (never guessed)")
	f.StringVar(&s.rules, "rules", "", "rules file (YAML or JSON): extra keywords, exceptions, disabled rules, reviewed overrides")
	f.StringArrayVar(&s.advisories, "advisories", nil, advisoriesHelp)
}

// registerCollect registers only the flags that decide which surfaces are
// collected (lock uses them without the analysis flags).
func (s *scanFlags) registerCollect(cmd *cobra.Command) {
	s.encoding, s.window = "o200k_base", 200000
	f := cmd.Flags()
	f.StringArrayVar(&s.servers, "server", nil, "scan a server: a command line (stdio) or an http(s) URL; repeatable; starts or contacts it after consent (a command runs in a fresh temporary HOME, which is also its working directory: name files in it by absolute path)")
	f.StringArrayVar(&s.headers, "header", nil, "HTTP header for --server URLs, value from env only: 'Authorization: Bearer ${TOKEN}'")
	f.StringArrayVar(&s.surfaces, "surface", nil, "analyse a stored surface: tools/list result, one server's capture, or an Assay bundle; repeatable")
	f.StringArrayVar(&s.clients, "client", nil, "only discover configs of this client (claude-code, cursor, vscode, ...); repeatable")
	f.StringArrayVar(&s.projects, "project", nil, "project root whose project-scoped configs to read; repeatable (default: the current directory)")
	f.BoolVar(&s.connect, "connect", false, "start/contact configured servers to list their tools (asks for consent unless --yes)")
	f.BoolVar(&s.yes, "yes", false, "do not ask before starting or contacting servers")
	f.BoolVar(&s.keepNames, "keep-project-names", false, "name project roots by their folder name instead of a project-XXXXXX label")
	f.DurationVar(&s.timeout, "timeout", 30*time.Second, "per server: time limit for the handshake and the listings once the server has started (a URL: the whole collection)")
	f.DurationVar(&s.start, "start-timeout", 60*time.Second, "per local server: time limit to start, i.e. read its first request or write anything (covers a first npx download)")
	f.IntVar(&s.parallel, "parallel", 4, "servers collected at once")
	f.StringArrayVar(&s.asClients, "as-client", nil, "also list each server as this client, NAME/VERSION (e.g. claude-code/2.1.0); a surface that differs is INJ-016; repeatable")
	registerOAuth(cmd, &s.oauth)
}

func (s *scanFlags) validate() error {
	if s.encoding != "o200k_base" && s.encoding != "cl100k_base" {
		return usageErr("--encoding %q: want o200k_base or cl100k_base", s.encoding)
	}
	if s.window <= 0 {
		return usageErr("--window must be positive")
	}
	if s.timeout <= 0 {
		return usageErr("--timeout must be positive")
	}
	if s.start <= 0 {
		return usageErr("--start-timeout must be positive")
	}
	if s.parallel < 1 {
		return usageErr("--parallel must be at least 1")
	}
	if s.price < 0 {
		return usageErr("--price-per-mtok must not be negative")
	}
	if len(s.headers) > 0 && len(s.servers) == 0 {
		return usageErr("--header applies to --server URLs; no --server given")
	}
	if err := s.oauth.Check(len(s.servers), s.connect, s.headers); err != nil {
		return usageErr("%v", err)
	}
	s.asIDs = nil
	for _, c := range s.asClients {
		id, err := collectkit.ParseClientIdentity(c)
		if err != nil {
			return usageErr("%v", err)
		}
		s.asIDs = append(s.asIDs, id)
	}
	return nil
}

// outFlags are where and how results are written.
type outFlags struct {
	format   string
	output   string
	findings string
	bundle   string
	html     string
	failOn   string
}

func (o *outFlags) register(cmd *cobra.Command, withFailOn bool) {
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "table", "stdout format: "+strings.Join(render.Formats, ", "))
	f.StringVarP(&o.output, "output", "o", "", "write the --format output to FILE instead of stdout")
	f.StringVar(&o.findings, "findings", "", "also write findings JSON to FILE")
	f.StringVar(&o.bundle, "bundle", "", "also write the collected bundle to FILE")
	f.StringVar(&o.html, "html", "", "also write the self-contained HTML report to FILE")
	if withFailOn {
		f.StringVar(&o.failOn, "fail-on", "none", "exit 1 when a finding is at or above: critical, high, medium, low, info, none")
	}
}

func (o *outFlags) validate() error {
	if err := oneStdout(map[string]bool{"the report (--output)": o.output == "" || o.output == "-", "--findings": o.findings == "-", "--bundle": o.bundle == "-", "--html": o.html == "-"}); err != nil {
		return err
	}
	if !render.Valid(o.format) {
		return usageErr("--format %q: want one of %s", o.format, strings.Join(render.Formats, ", "))
	}
	if o.failOn != "" && o.failOn != "none" && model.SeverityRank(o.failOn) < 0 {
		return usageErr("--fail-on %q: want critical, high, medium, low, info or none", o.failOn)
	}
	return nil
}

func newScanCmd(e *env) *cobra.Command {
	var sf scanFlags
	var of outFlags
	cmd := &cobra.Command{
		Use:   "scan [CONFIG...]",
		Short: "Collect and analyse MCP server surfaces",
		Long: `Scan collects the surface of MCP servers and analyses it: capabilities of
every tool, token cost, injection attempts, config hygiene, and beyond the
servers: known-vulnerable and look-alike packages (OSV advisories, built in
and --advisories), agent settings that change trust (auto-approval, hooks,
endpoint overrides), instruction files and skills (AGENTS.md, CLAUDE.md,
rules, SKILL.md, scanned as text the model reads) and MCP Apps (ui://
resources: CSP origins as egress, device permissions).

Formats: table (terminal), json (findings), sarif (code scanning, tagged
with the OWASP MCP Top 10), markdown, cyclonedx (a CycloneDX 1.6 AI bill of
materials: packages as components with purls, servers and tools as
services, advisories as vulnerabilities).

What is scanned:
  no arguments        the MCP configs of every known client on this machine
                      (user scope and the project roots of --project / the
                      current directory); servers are listed, not started,
                      unless --connect is given
  CONFIG...           these config files (format detected)
  --server CMD|URL    this server, started (stdio) or contacted (HTTP)
  --surface FILE      a stored surface: tools/list result, capture or bundle

Before starting any local server, Assay prints the program, its redacted
arguments and the names of the environment variables it passes, and asks
for consent unless --yes. It never calls a tool, reads a resource or gets
a prompt.

Each local server runs through one timeline: spawn, started (it read its
first request or wrote a byte; --start-timeout, default 60s, covers a
first npx download), handshake (server/discover, or initialize for older
servers), lists; --timeout (default 30s) bounds the handshake and lists
once it has started. A server that started but leaves server/discover
unanswered for 5s is restarted and asked with initialize. Findings JSON keeps server names and config locations (labels
such as ~/.cursor/mcp.json, never absolute paths or secret values), by
design, plus URL hosts, program names and project folder names; nothing
else of the machine. To share without those names, collect with
'assay-collect --anonymize SALT' and scan that bundle (--surface).

OAuth (--oauth): a remote server that answers 401 is logged in to before
it is collected, one server at a time. Assay reads the server's resource
metadata (RFC 9728) and its authorization server's metadata (RFC 8414),
registers itself (Client ID Metadata Document, --oauth-client-id, or
dynamic registration), opens your browser for the authorization code
flow with PKCE S256 and waits for the redirect on 127.0.0.1 (a random
port; the state and the RFC 9207 issuer are checked). With no browser
(an SSH session) or --oauth-device it uses the device flow (RFC 8628)
where offered: open the URL shown on any device and enter the code. The
user step may take ten times --timeout; Ctrl-C cancels. The token goes
to that server only, stays in memory and never reaches a bundle,
finding or message; --oauth-cache FILE keeps it (mode 0600) for the
next run. A token the server rejects is collection error auth_rejected
(exit 69 when no server could be collected). See docs/remote.md.`,
		Example: `  assay scan --surface tools.json
  assay scan --server "npx -y @modelcontextprotocol/server-memory@2026.8.31" --yes --bundle b.json
  assay scan --server "uvx my-server" --start-timeout 3m --timeout 1m   # slow first start
  assay scan --server https://mcp.example.com/mcp --header 'Authorization: Bearer ${TOKEN}'
  assay scan --server https://mcp.example.com/mcp --oauth              # browser login
  assay scan --server https://mcp.example.com/mcp --oauth-device --oauth-cache ~/.assay-oauth.json
  assay scan --server https://mcp.example.com/mcp --as-client claude-code/2.1.0 --as-client cursor/1.7.0
  assay scan --connect --format json --fail-on high > findings.json
  assay scan ~/.cursor/mcp.json --format sarif -o assay.sarif
  assay scan --advisories osv-npm/ --fail-on high     # your osv.dev export too
  assay scan --project ~/src/app --format cyclonedx -o aibom.cdx.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sf.validate(); err != nil {
				return err
			}
			if err := of.validate(); err != nil {
				return err
			}
			b, err := buildBundle(cmd.Context(), e, &sf, args)
			if err != nil {
				return err
			}
			f, err := analyzeBundle(b, &sf, e.stderr)
			if err != nil {
				return err
			}
			sf.tails.attach(f)
			if err := writeOutputs(e, &of, b, f); err != nil {
				return err
			}
			if err := unreachable(b); err != nil {
				return err
			}
			return failOn(of.failOn, f)
		},
	}
	sf.register(cmd)
	of.register(cmd, true)
	return cmd
}

// buildBundle collects everything the scan flags and config arguments name
// into one bundle.
func buildBundle(ctx context.Context, e *env, sf *scanFlags, configs []string) (*model.Bundle, error) {
	b, _, err := collectBundle(ctx, e, sf, configs)
	return b, err
}

// collectBundle is buildBundle that also returns the run's sources, whose
// launch data a lock records.
func collectBundle(ctx context.Context, e *env, sf *scanFlags, configs []string) (*model.Bundle, *collectkit.Sources, error) {
	return collectBundleWith(ctx, e, sf, configs, func(targets []collectkit.Target) ([]model.Server, error) {
		session, err := oauthSession(e, sf)
		if err != nil {
			return nil, err
		}
		return collectkit.Collect(ctx, targets, &collectkit.Options{
			OAuth:        session,
			Timeout:      sf.timeout,
			StartTimeout: sf.start,
			Parallel:     sf.parallel,
			Yes:          sf.yes,
			In:           e.stdin,
			Stderr:       e.stderr,
			Progress:     e.stderrTTY,
			Client:       mcp.Implementation{Name: "assay", Version: Version},
			OnStderr:     sf.keepStderr,
			AsClients:    sf.asIDs,
		})
	})
}

// collectBundleWith is collectBundle with the live collection step given:
// 'assay ui' refresh contacts only the servers confirmed at launch.
func collectBundleWith(ctx context.Context, e *env, sf *scanFlags, configs []string, collect func([]collectkit.Target) ([]model.Server, error)) (*model.Bundle, *collectkit.Sources, error) {
	var parts []*model.Bundle
	sf.observed, sf.deferred = nil, nil
	for _, p := range sf.surfaces {
		in, data, err := readInputData(p)
		if err != nil {
			return nil, nil, err
		}
		if sf.deferObserve {
			sf.deferred = append(sf.deferred, deferredInput{inputName(p), data})
		} else {
			sf.observed = append(sf.observed, baseline.ObserveDecoded(inputName(p), data))
		}
		if in.Bundle == nil {
			return nil, nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: is a findings file, not a surface; use 'assay report' or 'assay diff' for findings", p)}
		}
		parts = append(parts, in.Bundle)
	}
	src := &collectkit.Sources{Getenv: e.getenv}
	for _, spec := range sf.servers {
		t, err := parseServerSpec(spec, sf.headers, e.getenv)
		if err != nil {
			return nil, nil, err
		}
		src.Servers = append(src.Servers, t)
	}
	if len(configs) > 0 || (len(sf.surfaces) == 0 && len(sf.servers) == 0) {
		if err := discoverConfigs(src, sf, configs); err != nil {
			return nil, nil, err
		}
	}
	// Configured servers are contacted only with --connect; --server
	// ones always. Live surfaces replace the config-only entries of the
	// servers contacted and keep their config identity.
	var got []model.Server
	if targets := src.Targets(sf.connect); len(targets) > 0 {
		var err error
		got, err = collect(targets)
		if err != nil {
			return nil, nil, err
		}
	}
	parts = append(parts, &model.Bundle{Servers: src.Merge(src.Scrub(got)), Contexts: src.Contexts, Errors: src.Errors,
		Settings: src.Settings, Instructions: src.Instructions})
	b := model.Merge(parts...)
	b.Generator = model.Generator{Name: "assay", Version: Version}
	b.CreatedAt = time.Now().UTC().Format(time.RFC3339)
	if err := countTokens(b, sf.encoding); err != nil {
		return nil, nil, err
	}
	return b, src, nil
}

// analyzeBundle runs the analysis core with the scan flags' options.
func analyzeBundle(b *model.Bundle, sf *scanFlags, warn io.Writer) (*model.Findings, error) {
	opts, err := analysisOptions(sf)
	if err != nil {
		return nil, err
	}
	f := analyze.Analyze(b, opts)
	if warn != nil {
		for _, w := range policy.Unused(opts.Policy, f) {
			fmt.Fprintf(warn, "assay: warning: %s\n", w)
		}
	}
	return f, nil
}

// analysisOptions are the analysis options of the scan flags: the rules
// file and advisories read, so their errors come before any analysis.
func analysisOptions(sf *scanFlags) (*analyze.Options, error) {
	opts := &analyze.Options{
		Version: Version,
		Cost:    &cost.Options{Window: sf.window, PricePerMTok: sf.price, Encoding: sf.encoding},
	}
	if err := applyRulesFile(opts, sf.rules); err != nil {
		return nil, err
	}
	if err := loadAdvisories(opts, sf.advisories); err != nil {
		return nil, err
	}
	return opts, nil
}

// writeOutputs writes every requested file, then the --format output.
func writeOutputs(e *env, of *outFlags, b *model.Bundle, f *model.Findings) error {
	if of.bundle != "" {
		if err := e.writeBundle(of.bundle, b); err != nil {
			return err
		}
	}
	if of.findings != "" {
		if err := e.writeJSON(of.findings, f); err != nil {
			return err
		}
	}
	if of.html != "" {
		if err := writeHTML(e, of.html, []*model.Bundle{b}, f); err != nil {
			return err
		}
	}
	toStdout := of.output == "" || of.output == "-"
	ropts := &render.Options{Color: e.stdoutTTY && toStdout && e.getenv("NO_COLOR") == ""}
	if e.stdoutTTY && toStdout {
		ropts.Width = e.width
	}
	return e.renderTo(of.output, func(buf *bytes.Buffer) error { return render.Write(buf, of.format, f, ropts) })
}

// failOn returns the scan exit code for --fail-on.
func failOn(level string, f *model.Findings) error {
	if level == "" || level == "none" {
		return nil
	}
	min := model.SeverityRank(level)
	for _, fd := range f.Findings {
		if fd.Suppressed == "" && model.SeverityRank(fd.Severity) >= min {
			return silentExit{code: ExitFindings}
		}
	}
	return nil
}

var _ = os.Stdout

// unreachable is exit 69 when servers were to be contacted and none of
// them answered, and nothing else was scanned: the outputs are written
// (they name each failure), but the scan did not happen.
func unreachable(b *model.Bundle) error {
	live, answered := 0, 0
	var first string
	for _, s := range b.Servers {
		if s.Source != "live" {
			return nil
		}
		live++
		if s.ProtocolVersion != "" {
			answered++
		} else if first == "" && len(s.Errors) > 0 {
			first = s.Name + ": " + s.Errors[0].Code + ": " + s.Errors[0].Message
		}
	}
	if live == 0 || answered > 0 {
		return nil
	}
	return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("no server could be collected (%s)", first)}
}
