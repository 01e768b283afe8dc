package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Methods Assay sends. The capture connection refuses to write any other
// request, so nothing can be invoked on a server even by mistake.
const (
	mInitialize  = "initialize"
	mInitialized = "notifications/initialized"
	mDiscover    = "server/discover"
	mTools       = "tools/list"
	mPrompts     = "prompts/list"
	mResources   = "resources/list"
	mTemplates   = "resources/templates/list"
	mPing        = "ping"
	mCancelled   = "notifications/cancelled"
)

var allowedOutgoing = map[string]bool{
	mInitialize: true, mInitialized: true, mDiscover: true,
	mTools: true, mPrompts: true, mResources: true, mTemplates: true,
	mPing: true, mCancelled: true,
}

// listKey is the result field holding the items of each list method.
var listKey = map[string]string{
	mTools:     "tools",
	mPrompts:   "prompts",
	mResources: "resources",
	mTemplates: "resourceTemplates",
}

// maxErrors bounds the collection errors kept per server: a server with a
// hundred thousand malformed tools must not produce as many errors.
const maxErrors = 50

// reply is one captured JSON-RPC result of a method Assay asked for.
type reply struct {
	seq    int
	raw    json.RawMessage // the result as served (UTF-8 repaired)
	items  []json.RawMessage
	next   *string
	shape  error // the result did not have the expected shape
	rpcErr *jsonrpc.Error
	capped bool             // items beyond the cap were dropped
	cache  *model.ListCache // ttlMs / cacheScope of a list result
}

// recorder keeps what crossed the connection: raw results by method,
// refused server requests, and the named errors of one server.
type recorder struct {
	lim Limits

	mu       sync.Mutex
	methodOf map[jsonrpc.ID]string
	last     map[string]*reply
	kept     map[string]int
	seq      int
	errs     []model.CollectionError
	dropped  int
	once     map[string]bool
	late     map[jsonrpc.ID]bool    // requests answered by Assay itself
	cause    *model.CollectionError // first fatal problem seen below the SDK
	readErr  error
	fallback bool           // server/discover went unanswered; restart with initialize
	noise    int            // stdout lines that were not JSON-RPC
	requests map[string]int // server→client requests refused, by method
	reqOrder []string
}

func newRecorder(lim Limits) *recorder {
	return &recorder{
		lim:      lim,
		methodOf: map[jsonrpc.ID]string{},
		last:     map[string]*reply{},
		kept:     map[string]int{},
		once:     map[string]bool{},
		late:     map[jsonrpc.ID]bool{},
		requests: map[string]int{},
	}
}

// add records a named error; with once set, only the first error of the
// same code and phase is kept.
func (r *recorder) add(code, phase, msg string, once bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addLocked(code, phase, msg, once)
}

func (r *recorder) addLocked(code, phase, msg string, once bool) {
	if once {
		k := code + "\x00" + phase
		if r.once[k] {
			return
		}
		r.once[k] = true
	}
	if len(r.errs) >= maxErrors {
		r.dropped++
		return
	}
	r.errs = append(r.errs, model.CollectionError{Code: code, Message: msg, Phase: phase})
}

// fail records the first fatal cause met below the SDK (a byte cap, a
// broken stream); later failures are consequences and are not repeated.
func (r *recorder) fail(code, phase, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cause != nil {
		return
	}
	r.cause = &model.CollectionError{Code: code, Message: msg, Phase: phase}
	r.addLocked(code, phase, msg, false)
}

func (r *recorder) failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cause != nil
}

// errors returns the recorded errors, with a closing note when some were
// left out.
func (r *recorder) errors() []model.CollectionError {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]model.CollectionError(nil), r.errs...)
	for _, m := range r.reqOrder {
		out = append(out, model.CollectionError{Code: CodeServerRequest,
			Message: fmt.Sprintf("the server sent %s %q request%s to the client; Assay refused %s", times(r.requests[m]), m, plural(r.requests[m]), them(r.requests[m]))})
	}
	if r.noise > 0 {
		out = append(out, model.CollectionError{Code: CodeStdoutNoise,
			Message: fmt.Sprintf("the server wrote %d line%s on stdout that %s not JSON-RPC (a banner or log text); ignored, the listing is complete", r.noise, plural(r.noise), isAre(r.noise))})
	}
	if r.dropped > 0 {
		out = append(out, model.CollectionError{Code: "errors_truncated",
			Message: fmt.Sprintf("%d further collection errors were not recorded", r.dropped)})
	}
	return out
}

// mark returns the current reply sequence number, so a caller can tell
// whether a reply arrived after it sent a request.
func (r *recorder) mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seq
}

// take returns the reply to method received after mark, if any.
func (r *recorder) take(method string, mark int) *reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	rep := r.last[method]
	if rep == nil || rep.seq <= mark {
		return nil
	}
	delete(r.last, method)
	return rep
}

func (r *recorder) sent(req *jsonrpc.Request) {
	if !req.ID.IsValid() {
		return
	}
	r.mu.Lock()
	r.methodOf[req.ID] = req.Method
	r.mu.Unlock()
}

// abandon gives up on an unanswered request: a later answer is dropped.
// It reports whether the request was still unanswered.
func (r *recorder) abandon(id jsonrpc.ID) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.methodOf[id]; !ok {
		return false
	}
	delete(r.methodOf, id)
	r.late[id] = true
	return true
}

// startFallback abandons an unanswered server/discover and marks the
// session for a restart; false when the answer came meanwhile.
func (r *recorder) startFallback(id jsonrpc.ID) bool {
	if !r.abandon(id) {
		return false
	}
	r.mu.Lock()
	r.fallback = true
	r.mu.Unlock()
	return true
}

func (r *recorder) fallingBack() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fallback
}

// received captures a response to one of Assay's requests. It returns the
// message to hand to the SDK: the original, or an error response when the
// page went over the item cap (so the SDK never decodes a flood); keep is
// false for a late answer to an abandoned request.
func (r *recorder) received(resp *jsonrpc.Response) (_ jsonrpc.Message, keep bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.late[resp.ID] {
		delete(r.late, resp.ID)
		return nil, false
	}
	method, ok := r.methodOf[resp.ID]
	if !ok {
		return resp, true
	}
	delete(r.methodOf, resp.ID)
	r.seq++
	rep := &reply{seq: r.seq}
	r.last[method] = rep
	if resp.Error != nil {
		var werr *jsonrpc.Error
		if !errors.As(resp.Error, &werr) {
			werr = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: resp.Error.Error()}
		}
		rep.rpcErr = werr
		return resp, true
	}
	raw := resp.Result
	if !utf8.Valid(raw) {
		// Invalid bytes can only sit inside JSON strings, so replacing
		// them keeps the document valid; the bundle must be UTF-8.
		raw = bytes.ToValidUTF8(raw, []byte("\uFFFD"))
		r.addLocked(CodeInvalidUTF8, method, "the result contained invalid UTF-8; the bytes were replaced with U+FFFD", true)
	}
	key, isList := listKey[method]
	if !isList {
		rep.raw = raw
		return resp, true
	}
	var head map[string]json.RawMessage
	if err := json.Unmarshal(raw, &head); err != nil {
		rep.shape = fmt.Errorf("result is not a JSON object: %w", err)
		return resp, true
	}
	rep.cache = model.ReadListCache(key, head)
	if c, ok := head["nextCursor"]; ok && string(c) != "null" {
		var s string
		if err := json.Unmarshal(c, &s); err != nil {
			rep.shape = fmt.Errorf("nextCursor is not a string")
			return resp, true
		}
		rep.next = &s
	}
	list, ok := head[key]
	if !ok || string(list) == "null" {
		rep.shape = fmt.Errorf("result has no %q array", key)
		return resp, true
	}
	var items []json.RawMessage
	if err := json.Unmarshal(list, &items); err != nil {
		rep.shape = fmt.Errorf("%q is not an array: %w", key, err)
		return resp, true
	}
	kept := items[:0]
	for i, it := range items {
		if len(it) == 0 || it[0] != '{' {
			r.addLocked(CodeBadJSON, method, fmt.Sprintf("%s[%d] is not an object and was skipped", key, i), false)
			continue
		}
		kept = append(kept, it)
	}
	room := r.lim.MaxItems - r.kept[method]
	if len(kept) > room {
		rep.items = append([]json.RawMessage(nil), kept[:max(room, 0)]...)
		rep.capped = true
		r.kept[method] += len(rep.items)
		return &jsonrpc.Response{ID: resp.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "assay: item cap reached"}}, true
	}
	rep.items = kept
	r.kept[method] += len(kept)
	return resp, true
}

// serverRequest counts a request the server sent to the client; each
// method is reported once, with its count (see [recorder.errors]).
func (r *recorder) serverRequest(method string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	m := clip(method, 80)
	if r.requests[m] == 0 {
		r.reqOrder = append(r.reqOrder, m)
	}
	r.requests[m]++
}

// noiseLine counts a stdout line that is not JSON-RPC.
func (r *recorder) noiseLine() {
	r.mu.Lock()
	r.noise++
	r.mu.Unlock()
}

func (r *recorder) noteReadErr(err error) {
	r.mu.Lock()
	if r.readErr == nil {
		r.readErr = err
	}
	r.mu.Unlock()
}

// captureTransport wraps any SDK transport so that every message passes
// through a [captureConn].
type captureTransport struct {
	inner mcp.Transport
	rec   *recorder
	// probe is how long a server/discover may stay unanswered before
	// Assay answers it with an error itself; 0 waits for the server.
	probe time.Duration
	// started, for a local server, is closed once it has started; the
	// probe window then opens only at the start, and an unanswered probe
	// ends the session for a clean restart instead of a second
	// handshake on a session that may still answer the first.
	started <-chan struct{}
}

func (t *captureTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	cc := newCaptureConn(c, t.rec, t.probe)
	cc.started = t.started
	return cc, nil
}

// errFallback ends a session whose server/discover went unanswered after
// the server started: it is restarted with initialize.
var errFallback = errors.New("assay: server/discover unanswered; restarting the server with initialize")

// captureConn sees every JSON-RPC message between the SDK and the server:
// it keeps raw results, refuses server→client requests itself, only lets
// listing methods out, and answers for a server that ignores the
// server/discover probe so the SDK falls back to initialize in time.
type captureConn struct {
	inner   mcp.Connection
	rec     *recorder
	probe   time.Duration
	started <-chan struct{}

	pumpOnce  sync.Once
	in        chan readItem
	injected  chan jsonrpc.Message
	closed    chan struct{}
	closeOnce sync.Once
}

type readItem struct {
	msg jsonrpc.Message
	err error
}

func newCaptureConn(inner mcp.Connection, rec *recorder, probe time.Duration) *captureConn {
	return &captureConn{
		inner:    inner,
		rec:      rec,
		probe:    probe,
		in:       make(chan readItem),
		injected: make(chan jsonrpc.Message, 1),
		closed:   make(chan struct{}),
	}
}

func (c *captureConn) SessionID() string { return c.inner.SessionID() }

func (c *captureConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return c.inner.Close()
}

func (c *captureConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok {
		if !allowedOutgoing[req.Method] {
			return fmt.Errorf("assay never sends %q", req.Method)
		}
		if req.Method == mInitialize && c.rec.fallingBack() {
			return errFallback
		}
		c.rec.sent(req)
		if req.Method == mDiscover && req.ID.IsValid() && c.probe > 0 {
			id := req.ID
			if c.started != nil {
				go c.probeAfterStart(id)
			} else {
				time.AfterFunc(c.probe, func() { c.probeExpired(id) })
			}
		}
	}
	return c.inner.Write(ctx, msg)
}

// probeExpired answers a server/discover the server left unanswered.
// Servers of the initialize era may ignore unknown methods before the
// handshake; the spec has clients fall back on error or timeout.
func (c *captureConn) probeExpired(id jsonrpc.ID) {
	if !c.rec.abandon(id) {
		return // answered in time
	}
	resp := &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{
		Code: jsonrpc.CodeInternalError, Message: "assay: no answer to server/discover; falling back to initialize"}}
	select {
	case c.injected <- resp:
	case <-c.closed:
	}
}

// probeAfterStart gives a local server the probe window from the moment
// it started, not from the moment it was spawned; past it, the session
// ends and the server is restarted with initialize.
func (c *captureConn) probeAfterStart(id jsonrpc.ID) {
	select {
	case <-c.started:
	case <-c.closed:
		return
	}
	t := time.NewTimer(c.probe)
	defer t.Stop()
	select {
	case <-t.C:
	case <-c.closed:
		return
	}
	if !c.rec.startFallback(id) {
		return
	}
	resp := &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{
		Code: jsonrpc.CodeInternalError, Message: "assay: no answer to server/discover; restarting with initialize"}}
	select {
	case c.injected <- resp:
	case <-c.closed:
	}
}

// pump reads the underlying connection on its own goroutine, so Read can
// also deliver injected messages.
func (c *captureConn) pump() {
	for {
		msg, err := c.inner.Read(context.Background())
		select {
		case c.in <- readItem{msg, err}:
		case <-c.closed:
			return
		}
		if err != nil {
			return
		}
	}
}

func (c *captureConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	c.pumpOnce.Do(func() { go c.pump() })
	for {
		var it readItem
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case m := <-c.injected:
			return m, nil
		case it = <-c.in:
		}
		if it.err != nil {
			c.rec.noteReadErr(it.err)
			return nil, it.err
		}
		switch m := it.msg.(type) {
		case *jsonrpc.Request:
			if m.ID.IsValid() && m.Method != mPing {
				c.rec.serverRequest(m.Method)
				refusal := &jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{
					Code:    jsonrpc.CodeMethodNotFound,
					Message: "Assay advertises no client capabilities and refuses client requests",
				}}
				if err := c.inner.Write(ctx, refusal); err != nil {
					return nil, err
				}
				continue
			}
		case *jsonrpc.Response:
			out, keep := c.rec.received(m)
			if !keep {
				continue
			}
			return out, nil
		}
		return it.msg, nil
	}
}

// clip shortens s to at most n bytes on a rune boundary and escapes
// control characters, for messages quoting server text.
func clip(s string, n int) string {
	if len(s) > n {
		s = s[:n]
		for len(s) > 0 && !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		s += "…"
	}
	return s
}
