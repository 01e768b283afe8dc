package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/oauth2"
)

// Spec says how to reach one server. Env and Headers may hold secrets:
// they are used to start or reach the server and never appear in a
// [Result].
type Spec struct {
	// Transport is stdio, http (Streamable HTTP with a fallback to the
	// legacy HTTP+SSE transport) or sse (legacy only).
	Transport string
	// Path is the resolved program of a local server; Args its arguments.
	Path string
	Args []string
	// Env is the complete set of variables the server gets besides PATH
	// and a fresh HOME.
	Env map[string]string
	// Dir is the working directory; empty means the temporary HOME.
	Dir string
	// URL and Headers reach a remote server.
	URL     string
	Headers http.Header
	// Token, when set, authorizes every HTTP request (an OAuth login,
	// collectkit/oauth); it overrides an Authorization header.
	Token  oauth2.TokenSource
	Limits Limits
	// Client names Assay in the handshake.
	Client mcp.Implementation
	// ProtocolVersion is the version offered in the handshake. Empty
	// offers the SDK's latest, which probes with server/discover before
	// falling back to initialize; an initialize-era version such as
	// "2025-11-25" skips the probe, for servers that exit on a method
	// they do not know.
	ProtocolVersion string
	// StartTimeout bounds how long a local server may take to start
	// (read its first request or write anything); 0 means
	// [DefaultStartTimeout]. Timeout bounds the handshake and listings
	// once it has started; 0 leaves them to ctx.
	StartTimeout time.Duration
	Timeout      time.Duration
}

// Result is one server's surface as served, plus what went wrong.
type Result struct {
	// Transport is the transport actually used (sse after a fallback).
	Transport         string
	ProtocolVersion   string
	ServerInfo        json.RawMessage
	Capabilities      json.RawMessage
	Instructions      *string
	Tools             []json.RawMessage
	Prompts           []json.RawMessage
	Resources         []json.RawMessage
	ResourceTemplates []json.RawMessage
	// ListCache are the cache hints of the list results (first pages).
	ListCache []model.ListCache
	Errors    []model.CollectionError
	// Stderr is the tail of a local server's stderr, for the operator's
	// eyes only; it may hold paths and must never be written to a bundle.
	Stderr string
	// Connected is true when the handshake succeeded.
	Connected bool
	// Timeline is when each stage was reached, from spawn (local
	// servers only).
	Timeline []Stage
	spawned  time.Time
}

// Failed reports whether the server could not be listed at all.
func (r *Result) Failed() bool { return !r.Connected }

// Run collects one server. The caller bounds it with ctx (the per-server
// timeout). Run never returns an error: every problem is a named
// collection error in the result.
func Run(ctx context.Context, spec Spec) *Result {
	lim := spec.Limits.withDefaults()
	switch spec.Transport {
	case "stdio":
		return runStdio(ctx, spec, lim)
	case "http":
		return runHTTP(ctx, spec, lim, false)
	case "sse":
		return runHTTP(ctx, spec, lim, true)
	}
	return &Result{Transport: spec.Transport, Errors: []model.CollectionError{{
		Code: CodeStartFailed, Message: fmt.Sprintf("unknown transport %q", spec.Transport)}}}
}

func runStdio(ctx context.Context, spec Spec, lim Limits) *Result {
	res, retry := stdioAttempt(ctx, spec, lim, spec.ProtocolVersion)
	if !retry || ctx.Err() != nil {
		return res
	}
	// The server left server/discover unanswered after it started, or
	// exited on it: start it afresh and use initialize, never a second
	// handshake on a session that may still answer the first.
	first, firstSpawn := res.Timeline, res.spawned
	spec.ProtocolVersion = fallbackVersion
	res, _ = stdioAttempt(ctx, spec, lim, fallbackVersion)
	offset := res.spawned.Sub(firstSpawn)
	tl := append(first, Stage{Name: StageRestart, After: offset})
	for _, st := range res.Timeline[1:] {
		tl = append(tl, Stage{Name: st.Name, After: st.After + offset})
	}
	res.Timeline = tl
	return res
}

// stdioAttempt starts the server once and collects it. retry reports
// that the server/discover probe failed in a way a restart with
// initialize can fix.
func stdioAttempt(ctx context.Context, spec Spec, lim Limits, version string) (*Result, bool) {
	res := &Result{Transport: "stdio"}
	rec := newRecorder(lim)
	p, err := startProc(spec.Path, spec.Args, spec.Env, spec.Dir)
	if err != nil {
		res.Errors = []model.CollectionError{{Code: CodeStartFailed, Phase: "start",
			Message: "could not start the server program: " + err.Error()}}
		return res, false
	}
	w := newStartWatch()
	res.spawned = w.spawned
	res.Timeline = []Stage{{Name: StageSpawn}}
	startLimit := spec.StartTimeout
	if startLimit <= 0 {
		startLimit = DefaultStartTimeout
	}
	sctx, stopClock := stageClock(ctx, w, startLimit, spec.Timeout)
	stopPoll := make(chan struct{})
	go w.poll(p.stdin, stopPoll)
	t := &captureTransport{rec: rec, probe: stdioProbe(spec.Timeout), started: w.started(), inner: &mcp.IOTransport{
		Reader:        newStdoutFilter(&firstByte{f: p.stdout, w: w}, rec, lim),
		Writer:        &countingWriter{f: p.stdin, w: w},
		MaxLineLength: lim.MaxFrame + 1,
	}}
	spec.ProtocolVersion = version
	hs, listed := session(sctx, spec, t, rec, res, func() (string, string) {
		// Its output ended: give a dying process time to be waited for,
		// so the cause is its exit status, not "connection closed".
		select {
		case <-p.done:
		case <-time.After(500 * time.Millisecond):
		}
		if ended, how := p.exited(); ended {
			return CodeCrashed, "the server exited " + how
		}
		return "", ""
	})
	// Decided before stop, which ends the process and the stage clock.
	exitedOnProbe := sctx.Err() == nil && rec.pending(mDiscover) && p.ended()
	close(stopPoll)
	stopClock()
	p.stop(lim.Grace)
	// The temporary HOME is the server's "~".
	res.Stderr = strings.ReplaceAll(p.tail.String(), p.home, "~")
	res.Timeline = append(res.Timeline, w.stages(hs, listed)...)
	retry := version == "" && !res.Connected && ctx.Err() == nil &&
		(rec.fallingBack() || exitedOnProbe)
	if retry {
		return res, true
	}
	res.Errors = scrubAll(rec.errors(), spec)
	return res, false
}

// stdioProbe is how long a started server may leave server/discover
// unanswered: 5 s, or a third of the stage limit when that is less.
func stdioProbe(stage time.Duration) time.Duration {
	p := 5 * time.Second
	if stage > 0 {
		p = min(p, stage/3)
	}
	return max(p, 100*time.Millisecond)
}

func runHTTP(ctx context.Context, spec Spec, lim Limits, legacy bool) *Result {
	res := &Result{Transport: "http"}
	if legacy {
		res.Transport = "sse"
	}
	rec := newRecorder(lim)
	hc := &httpCapture{base: http.DefaultTransport, headers: spec.Headers, rec: rec, lim: lim, oauth: spec.Token != nil}
	if spec.Token != nil {
		hc.base = &oauth2.Transport{Source: spec.Token, Base: http.DefaultTransport}
	}
	client := newHTTPClient(hc)
	if d, ok := ctx.Deadline(); ok {
		// Also bounds requests the SDK sends outside ctx, such as the
		// session DELETE on close.
		client.Timeout = time.Until(d) + time.Second
	}
	var inner mcp.Transport
	if legacy {
		inner = &mcp.SSEClientTransport{Endpoint: spec.URL, HTTPClient: client, MaxEventSize: lim.MaxFrame}
	} else {
		inner = &mcp.StreamableClientTransport{Endpoint: spec.URL, HTTPClient: client,
			MaxRetries: -1, DisableStandaloneSSE: true, MaxEventSize: lim.MaxFrame}
	}
	t := &captureTransport{inner: inner, rec: rec, probe: probeTime(ctx)}
	session(ctx, spec, t, rec, res, func() (string, string) {
		return hc.failure()
	})
	if !legacy && !res.Connected && hc.legacyOnly() && ctx.Err() == nil {
		return runHTTP(ctx, spec, lim, true)
	}
	res.Errors = scrubAll(rec.errors(), spec)
	return res
}

// probeTime is how long the server/discover probe may go unanswered: 5 s,
// or a third of the time left when that is less, so the initialize
// fallback still fits in the per-server timeout.
func probeTime(ctx context.Context) time.Duration {
	p := 5 * time.Second
	if d, ok := ctx.Deadline(); ok {
		p = min(p, time.Until(d)/3)
	}
	return max(p, 100*time.Millisecond)
}

// session performs the handshake and the listings over t. gone reports
// whether the server went away (a local process exited, an HTTP endpoint
// failed) and why, to name failures.
//
// It returns when the handshake was answered and when the last list was,
// zero when the stage was not reached.
func session(ctx context.Context, spec Spec, t mcp.Transport, rec *recorder, res *Result, gone func() (string, string)) (handshakeAt, listedAt time.Time) {
	impl := spec.Client
	if impl.Name == "" {
		impl = mcp.Implementation{Name: "assay", Version: "dev"}
	}
	client := mcp.NewClient(&impl, &mcp.ClientOptions{
		// No roots, sampling or elicitation: nothing for a server to use.
		Capabilities: &mcp.ClientCapabilities{},
		Logger:       slog.New(&warnHandler{rec: rec}),
	})
	mark := rec.mark()
	var opts *mcp.ClientSessionOptions
	if spec.ProtocolVersion != "" {
		opts = &mcp.ClientSessionOptions{ProtocolVersion: spec.ProtocolVersion}
	}
	cs, err := client.Connect(ctx, t, opts)
	if err != nil {
		if !rec.fallingBack() {
			rec.failure(ctx, err, handshakeStage(rec), gone)
		}
		return
	}
	defer cs.Close()
	handshakeAt = time.Now()
	res.Connected = true
	if ir := cs.InitializeResult(); ir != nil {
		res.ProtocolVersion = ir.ProtocolVersion
	}
	handshake(rec, mark, res)

	caps := map[string]json.RawMessage{}
	_ = json.Unmarshal(res.Capabilities, &caps)
	has := func(k string) bool { v, ok := caps[k]; return ok && string(v) != "null" }

	lister := &lister{ctx: ctx, rec: rec, lim: rec.lim, gone: gone}
	res.Tools = []json.RawMessage{}
	if has("tools") {
		res.Tools = lister.all(mTools, func(c string) error {
			_, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: c})
			return err
		})
	}
	if has("prompts") && !lister.stopped {
		res.Prompts = lister.all(mPrompts, func(c string) error {
			_, err := cs.ListPrompts(ctx, &mcp.ListPromptsParams{Cursor: c})
			return err
		})
	}
	if has("resources") && !lister.stopped {
		res.Resources = lister.all(mResources, func(c string) error {
			_, err := cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: c})
			return err
		})
		if !lister.stopped {
			res.ResourceTemplates = lister.all(mTemplates, func(c string) error {
				_, err := cs.ListResourceTemplates(ctx, &mcp.ListResourceTemplatesParams{Cursor: c})
				return err
			})
		}
	}
	res.ListCache = lister.caches
	if !lister.stopped {
		listedAt = time.Now()
	}
	return handshakeAt, listedAt
}

// handshake fills server info, capabilities and instructions from the raw
// initialize or server/discover result, as served.
func handshake(rec *recorder, mark int, res *Result) {
	var head map[string]json.RawMessage
	if rep := rec.take(mInitialize, mark); rep != nil && rep.raw != nil {
		_ = json.Unmarshal(rep.raw, &head)
		res.ServerInfo = head["serverInfo"]
	} else if rep := rec.take(mDiscover, mark); rep != nil && rep.raw != nil {
		_ = json.Unmarshal(rep.raw, &head)
		var meta map[string]json.RawMessage
		_ = json.Unmarshal(head["_meta"], &meta)
		res.ServerInfo = meta[mcp.MetaKeyServerInfo]
	}
	res.Capabilities = head["capabilities"]
	if raw, ok := head["instructions"]; ok {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			res.Instructions = &s
		}
	}
}

// lister pages through one list method after another.
type lister struct {
	ctx     context.Context
	rec     *recorder
	lim     Limits
	gone    func() (string, string)
	stopped bool // the connection is unusable; skip later lists
	// caches are the cache hints of each list's first page.
	caches []model.ListCache
}

// all pages through method with its own loop: the SDK's iterators have
// no caps. It keeps every item as served, up to the caps.
func (l *lister) all(method string, call func(cursor string) error) []json.RawMessage {
	items := []json.RawMessage{}
	seen := map[string]bool{}
	cursor := ""
	for page := 0; ; page++ {
		if page >= l.lim.MaxPages {
			l.rec.add(CodePageCap, method, fmt.Sprintf("the server kept paginating past %d pages; the rest was not read", l.lim.MaxPages), false)
			return items
		}
		mark := l.rec.mark()
		err := call(cursor)
		rep := l.rec.take(method, mark)
		if rep == nil {
			l.rec.failure(l.ctx, err, method, l.gone)
			l.stopped = l.rec.failed() || l.ctx.Err() != nil || isClosed(err)
			return items
		}
		switch {
		case rep.rpcErr != nil && rep.rpcErr.Code == jsonrpc.CodeMethodNotFound && method != mTools:
			l.rec.add(CodeNotOffered, method, "the server does not offer "+method+" (it answered -32601, method not found); recorded as not offered", false)
			return items
		case rep.rpcErr != nil:
			l.rec.add(CodeRPCError, method, fmt.Sprintf("the server answered with error %d: %s", rep.rpcErr.Code, clip(rep.rpcErr.Message, 200)), false)
			return items
		case rep.shape != nil:
			l.rec.add(CodeBadJSON, method, "malformed result: "+rep.shape.Error(), false)
			return items
		}
		if page == 0 && rep.cache != nil {
			l.caches = append(l.caches, *rep.cache)
		}
		items = append(items, rep.items...)
		if rep.capped {
			l.rec.add(CodeItemCap, method, fmt.Sprintf("the server listed more than %d items; the rest was not kept", l.lim.MaxItems), false)
			return items
		}
		if err != nil {
			// The raw page was fine but the SDK rejected it: clients
			// built on it would not see this page.
			l.rec.add(CodeSDKWarning, method, "the MCP SDK rejected this result: "+clip(err.Error(), 300), false)
		}
		if rep.next == nil || *rep.next == "" {
			return items
		}
		if seen[*rep.next] {
			l.rec.add(CodeRepeatedCursor, method, "the server returned a cursor it had already returned; pagination was stopped", false)
			return items
		}
		seen[*rep.next] = true
		cursor = *rep.next
	}
}

// failure names why a request got no usable reply. gone reports what
// the transport knows: an HTTP failure (unreachable) or a local process
// that exited (crashed), with a message.
func (r *recorder) failure(ctx context.Context, err error, phase string, gone func() (string, string)) {
	if r.failed() {
		return // the cause below the SDK is already recorded
	}
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
		p, msg := timeoutMessage(ctx)
		if p == "" {
			p = phase
		}
		r.fail(CodeTimeout, p, msg)
		return
	}
	time.Sleep(50 * time.Millisecond) // let a dying process be reaped
	goneCode, why := gone()
	var werr *jsonrpc.Error
	rerr := r.readError()
	switch {
	case goneCode == CodeUnreachable, goneCode == CodeAuthRejected:
		r.fail(goneCode, phase, why)
	case err != nil && strings.Contains(err.Error(), "unsupported protocol version"):
		r.fail(CodeProtocol, phase, "the server offered only protocol versions Assay does not speak: "+clip(err.Error(), 200))
	case errors.As(err, &werr):
		r.fail(CodeRPCError, phase, fmt.Sprintf("the server answered with error %d: %s", werr.Code, clip(werr.Message, 200)))
	case rerr != nil && !errors.Is(rerr, io.EOF) && !isClosed(rerr):
		r.fail(CodeBadJSON, phase, "unreadable output: "+clip(rerr.Error(), 200))
	case goneCode != "":
		// The process exited with nothing unreadable before: that is
		// the cause, named with its status and the stage it left.
		r.fail(goneCode, phase, why+" before answering "+phase)
	case err != nil:
		r.fail(CodeCrashed, phase, "the connection failed: "+clip(err.Error(), 200))
	default:
		r.fail(CodeCrashed, phase, "the connection failed")
	}
}

func (r *recorder) readError() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.readErr
}

func isClosed(err error) bool {
	return errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) ||
		(err != nil && strings.Contains(err.Error(), "closed"))
}

// scrubAll removes the server's launch details from messages: errors from
// lower layers can quote the program path or the full URL.
func scrubAll(errs []model.CollectionError, spec Spec) []model.CollectionError {
	var repl []string
	if spec.Path != "" {
		repl = append(repl, spec.Path, baseName(spec.Path))
	}
	if spec.URL != "" {
		host := spec.URL
		if u, err := url.Parse(spec.URL); err == nil {
			host = u.Host
		}
		repl = append(repl, spec.URL, host)
	}
	if len(repl) == 0 {
		return errs
	}
	r := strings.NewReplacer(repl...)
	for i := range errs {
		errs[i].Message = r.Replace(errs[i].Message)
	}
	return errs
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// warnHandler turns the SDK's log records about dropped definitions into
// sdk_warning collection errors: the SDK silently excludes some tools a
// server serves, and the bundle must say so.
type warnHandler struct {
	rec   *recorder
	attrs []slog.Attr
}

func (h *warnHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }

func (h *warnHandler) Handle(_ context.Context, r slog.Record) error {
	if !strings.HasPrefix(r.Message, "excluding") {
		return nil
	}
	msg := "the MCP SDK is " + r.Message
	r.Attrs(func(a slog.Attr) bool {
		msg += fmt.Sprintf(" %s=%q", a.Key, clip(a.Value.String(), 200))
		return true
	})
	phase := ""
	if strings.Contains(r.Message, "tools/list") {
		phase = mTools
	}
	h.rec.add(CodeSDKWarning, phase, msg, false)
	return nil
}

func (h *warnHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &warnHandler{rec: h.rec, attrs: append(append([]slog.Attr(nil), h.attrs...), as...)}
}

func (h *warnHandler) WithGroup(string) slog.Handler { return h }
