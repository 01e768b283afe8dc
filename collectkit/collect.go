// Package collectkit collects MCP server surfaces into bundles: config
// discovery, live connection with the go-sdk, raw capture, redaction and
// token counting. Native only; the analysis core never imports it.
package collectkit

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/collectkit/oauth"
	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Target is one server to contact. Launch data (Env, Headers) may hold
// secrets: it is used to start or reach the server and is never written
// to a bundle or printed.
type Target struct {
	Name      string
	Transport string // stdio, http, sse
	Command   string
	Args      []string
	Env       map[string]string
	URL       string
	Headers   map[string]string
	// Config is the redacted declaration recorded in the bundle.
	Config *model.ServerConfig
	// Dir is the working directory of a local server; empty means a
	// fresh temporary directory (its HOME).
	Dir string
}

// String hides launch data so a stray %v never prints a secret.
func (t Target) String() string { return "collectkit.Target{" + t.Name + " " + redact.Marker + "}" }

// GoString hides launch data.
func (t Target) GoString() string { return t.String() }

// Options tune collection. Nil means defaults.
type Options struct {
	// Timeout bounds, per server, the handshake and listings once the
	// server has started (an HTTP server: the whole collection); default
	// 30s. StartTimeout bounds how long a local server may take to start
	// (read its first request or write anything); default 60s, for a
	// first npx download.
	Timeout      time.Duration
	StartTimeout time.Duration
	Parallel     int       // workers; default 4
	Yes          bool      // skip the consent prompt
	Quiet        bool      // with Yes, do not print the plan either
	In           io.Reader // consent answers
	Stderr       io.Writer // plan, prompt and progress
	Progress     bool      // one line per server on Stderr
	// Limits bound what one server may make Assay read; zero fields take
	// live.DefaultLimits.
	Limits live.Limits
	// Client is how Assay names itself in the handshake.
	Client mcp.Implementation
	// NoAuthProbe skips the unauthenticated authorization probe of
	// remote servers (see authprobe.go).
	NoAuthProbe bool
	// HTTPTransport carries the authorization probe; nil is
	// http.DefaultTransport. Tests route fixed host names through it.
	HTTPTransport http.RoundTripper
	// AsClients lists every server again under these client identities
	// (--as-client); the core reports a surface that differs (INJ-016).
	AsClients []mcp.Implementation
	// OAuth, when set, logs in to every remote server that asks for an
	// OAuth login (401) before collecting it (--oauth); the token is used
	// for that server's requests only. Nil sends no credential but the
	// configured headers.
	OAuth *oauth.Session
	// OnStderr, when set, gets the last lines a failed local server
	// wrote on stderr, scrubbed of secrets, home and user name, keyed by
	// server identity: for local findings, never for a bundle.
	OnStderr func(identity, tail string)
}

// DefaultTimeout is the per-server time limit when Options.Timeout is 0.
const DefaultTimeout = 30 * time.Second

// DefaultStartTimeout is how long a local server may take to start when
// Options.StartTimeout is 0.
const DefaultStartTimeout = live.DefaultStartTimeout

func (o *Options) withDefaults() Options {
	var d Options
	if o != nil {
		d = *o
	}
	if d.Timeout <= 0 {
		d.Timeout = DefaultTimeout
	}
	if d.StartTimeout <= 0 {
		d.StartTimeout = live.DefaultStartTimeout
	}
	if d.Parallel <= 0 {
		d.Parallel = 4
	}
	if d.Stderr == nil {
		d.Stderr = io.Discard
	}
	if d.Client.Name == "" {
		d.Client = mcp.Implementation{Name: "assay", Version: "dev"}
	}
	return d
}

// Collect contacts every target and returns one server surface per target,
// in target order. A server that fails yields a Server with Errors; the
// error return is only for refusal (consent denied) or misuse.
//
// Local servers are started only after the plan (program, redacted
// arguments, env var names) was printed and the operator agreed, or
// Options.Yes is set. Servers run in a bounded worker pool, each under
// the per-server timeout.
func Collect(ctx context.Context, targets []Target, opts *Options) ([]model.Server, error) {
	o := opts.withDefaults()
	plans := make([]plan, len(targets))
	for i, t := range targets {
		plans[i] = makePlan(t)
	}
	if err := confirm(targets, plans, &o); err != nil {
		return nil, err
	}
	tokens, err := logins(ctx, targets, plans, &o)
	if err != nil {
		return nil, err
	}
	out := make([]model.Server, len(targets))
	prog := &progress{w: o.Stderr, on: o.Progress, total: len(targets)}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(o.Parallel, max(len(targets), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = collectOne(ctx, targets[i], plans[i], &o, prog, i, tokens[i])
			}
		}()
	}
	for i := range targets {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out, nil
}

// collectOne contacts one target under the per-server timeout.
func collectOne(ctx context.Context, t Target, p plan, o *Options, prog *progress, i int, tok login) model.Server {
	s := serverShell(t)
	if p.refused != nil {
		s.Errors = append(s.Errors, *p.refused)
		prog.line(i, s.Name, "skipped: "+p.refused.Message)
		return s
	}
	if tok.err != nil {
		s.Errors = append(s.Errors, *tok.err)
		prog.failure(s.Name, s.Errors, "", false)
		return s
	}
	prog.line(i, s.Name, "starting")
	start := time.Now()
	// A local server is bounded stage by stage inside live (a restart
	// may run the stages twice); this is only the backstop.
	limit := o.Timeout
	if t.Transport == "stdio" {
		limit = 2*(o.StartTimeout+o.Timeout) + 10*time.Second
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	posture := startAuthProbe(sctx, t, o)
	headers := map[string][]string{}
	for k, v := range t.Headers {
		headers[httpHeaderKey(k)] = []string{v}
	}
	spec := live.Spec{
		Transport:    t.Transport,
		Path:         p.path,
		Args:         t.Args,
		Env:          t.Env,
		Dir:          t.Dir,
		URL:          t.URL,
		Headers:      headers,
		Limits:       o.Limits,
		Client:       o.Client,
		StartTimeout: o.StartTimeout,
		Timeout:      o.Timeout,
		Token:        tok.source,
	}
	res := live.Run(sctx, spec)
	fill(&s, res)
	if len(o.AsClients) > 0 && res.Connected {
		s.Clients = collectAs(sctx, spec, t, o.AsClients)
	}
	servedSafe(&s, t)
	s.Auth = posture()
	// The server's stderr is shown in progress lines: hide the values it
	// was started with, should it echo them, and local paths.
	res.Stderr = scrubLocal(redact.Scrub(res.Stderr, launchValues(t)...))
	prog.done(i, &s, res, time.Since(start))
	if res.Failed() {
		tail := lastLines(res.Stderr, stderrLines)
		prog.failure(s.Name, s.Errors, tail, t.Transport == "stdio")
		if o.OnStderr != nil && tail != "" {
			o.OnStderr(s.Identity, tail)
		}
	}
	return s
}

// launchValues are the env and header values a target was started with.
func launchValues(t Target) []string {
	var out []string
	for _, k := range sortedKeys(t.Env) {
		out = append(out, t.Env[k])
	}
	for _, k := range sortedKeys(t.Headers) {
		out = append(out, t.Headers[k])
	}
	return out
}

// serverShell is the identity part of a target's server entry.
func serverShell(t Target) model.Server {
	name := t.Name
	endpoint := endpointOf(t)
	if name == "" {
		name = endpoint
	}
	cfg := t.Config
	if cfg == nil {
		cfg = declaredConfig(t)
	}
	return model.Server{
		Name:      name,
		Identity:  model.Identity(name, t.Transport, endpoint),
		Transport: t.Transport,
		Endpoint:  endpoint,
		Source:    "live",
		Tools:     []json.RawMessage{},
		Config:    cfg,
	}
}

// fill copies a live result into the server entry. Only the surface as
// served and named errors are copied: nothing of the launch data.
func fill(s *model.Server, r *live.Result) {
	s.Transport = r.Transport
	s.ProtocolVersion = r.ProtocolVersion
	s.ServerInfo = r.ServerInfo
	s.Capabilities = r.Capabilities
	s.Instructions = r.Instructions
	if r.Tools != nil {
		s.Tools = r.Tools
	}
	s.Prompts = r.Prompts
	s.Resources = r.Resources
	s.ResourceTemplates = r.ResourceTemplates
	s.ListCache = r.ListCache
	for _, e := range r.Errors {
		e.Message = scrubLocal(e.Message)
		s.Errors = append(s.Errors, e)
	}
}

// endpointOf is the command basename or the URL host: what pairs a server
// across scans without recording a path.
func endpointOf(t Target) string {
	if t.Transport == "stdio" {
		b := redact.Base(t.Command)
		return strings.TrimSuffix(strings.TrimSuffix(b, ".exe"), ".cmd")
	}
	return redact.URLHost(t.URL)
}

// scrubLocal replaces the operator's home directory and user name in a
// message, should a lower layer have quoted one.
func scrubLocal(msg string) string {
	if home, err := os.UserHomeDir(); err == nil && len(home) > 1 {
		msg = strings.ReplaceAll(msg, home, "~")
	}
	if u := os.Getenv("USER"); len(u) > 2 {
		msg = strings.ReplaceAll(msg, u, "<user>")
	}
	return msg
}

func httpHeaderKey(k string) string {
	return strings.TrimSpace(k)
}

// declaredConfig is the redacted declaration of a target given on the
// command line rather than read from a client config.
func declaredConfig(t Target) *model.ServerConfig {
	c := &model.ServerConfig{Client: "cli", Scope: "cli", Transport: t.Transport}
	if t.Transport == "stdio" {
		c.Command = endpointOf(t)
		c.Args = shownArgs(t.Args)
	} else {
		c.URLHost = redact.URLHost(t.URL)
	}
	c.EnvNames = sortedKeys(t.Env)
	c.HeaderNames = sortedKeys(t.Headers)
	c.Auth = "none"
	if len(c.HeaderNames) > 0 {
		c.Auth = "env_ref"
	}
	return c
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
