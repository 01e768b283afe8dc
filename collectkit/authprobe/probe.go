// Package authprobe observes how a remote MCP server's authorization is
// set up without holding any credential: it sends one unauthenticated MCP
// request, reads the WWW-Authenticate challenge, then the Protected
// Resource Metadata (RFC 9728) and the authorization server metadata
// (RFC 8414, OpenID Connect discovery). What it records is reduced to
// allowlisted fields (model.AuthPosture); the analysis core judges it.
//
// The probe is hostile-input safe: a fixed number of requests, bytes per
// document and total time; redirects followed only within one scheme and
// host; metadata URLs that are not http(s) or carry shell metacharacters
// are recorded, never fetched.
package authprobe

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// Limits bound one probe.
const (
	MaxRequests   = 10
	MaxDocBytes   = 256 << 10
	MaxTime       = 10 * time.Second
	maxAuthServer = 2
	maxList       = 64
	maxItem       = 128
)

// Spec says what to probe. Transport is http or sse; RoundTripper is
// the HTTP transport (nil: http.DefaultTransport). No credential is ever
// sent: a Spec has no field for one.
type Spec struct {
	URL          string
	Transport    string
	RoundTripper http.RoundTripper
}

// Cost is what one probe spent, for the operator and the measurements.
type Cost struct {
	Requests int
	Bytes    int64
	Elapsed  time.Duration
}

type prober struct {
	client *http.Client
	mu     sync.Mutex
	cost   Cost
}

var errBudget = errors.New("request budget spent")

// Probe runs the unauthenticated probe. It never fails: problems are
// recorded in the posture (Probe "unreachable", document errors).
func Probe(ctx context.Context, spec Spec) (*model.AuthPosture, Cost) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, MaxTime)
	defer cancel()
	p := &prober{client: newClient(spec.RoundTripper)}
	post := p.run(ctx, spec)
	p.cost.Elapsed = time.Since(start)
	return post, p.cost
}

func (p *prober) run(ctx context.Context, spec Spec) *model.AuthPosture {
	endpoint := Reduce(spec.URL)
	post := &model.AuthPosture{Endpoint: &endpoint}
	u, err := url.Parse(spec.URL)
	if err != nil || !fetchable(endpoint) {
		post.Probe = "unreachable"
		return post
	}
	resp, err := p.mcpRequest(ctx, u, spec.Transport == "sse")
	if err != nil {
		post.Probe = "unreachable"
		return post
	}
	post.Status = resp.status
	switch {
	case resp.status/100 == 2:
		post.Probe = "open"
		return post
	case resp.status == 401 || resp.status == 403:
		post.Probe = "denied"
	default:
		post.Probe = "other"
	}
	post.Challenge = challenge(resp.header.Values("WWW-Authenticate"))
	if post.Challenge != nil {
		post.Probe = "challenge"
	}
	if post.Probe == "other" {
		return post
	}
	prm := p.resourceMetadata(ctx, u, resp.header.Values("WWW-Authenticate"))
	post.Documents = append(post.Documents, prm.doc)
	issuers := prm.issuers
	if prm.doc.Error != "" {
		// 2025-03-26 servers: the authorization server is the MCP
		// server's origin.
		issuers = []*url.URL{{Scheme: u.Scheme, Host: u.Host}}
	}
	for i, is := range issuers {
		if i == maxAuthServer {
			break
		}
		post.Documents = append(post.Documents, p.serverMetadata(ctx, is))
	}
	return post
}

type answer struct {
	status int
	header http.Header
	body   []byte
	tooBig bool
}

// initializeBody is the unauthenticated request: an initialize a server
// of any era answers (or refuses before dispatch when it needs a token).
const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"assay-authprobe","version":"1"}}}`

func (p *prober) mcpRequest(ctx context.Context, u *url.URL, legacy bool) (*answer, error) {
	method, body := http.MethodPost, []byte(initializeBody)
	if legacy {
		method, body = http.MethodGet, nil
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if legacy {
		req.Header.Set("Accept", "text/event-stream")
	} else {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	// A 2xx answer may be an endless event stream: read nothing of it.
	return p.do(req, false)
}

func (p *prober) get(ctx context.Context, u *url.URL) (*answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return p.do(req, true)
}

// do sends one request within the budget. With readOK, a 2xx body is
// read up to MaxDocBytes; other bodies are read only a little, to count.
func (p *prober) do(req *http.Request, readOK bool) (*answer, error) {
	p.mu.Lock()
	if p.cost.Requests >= MaxRequests {
		p.mu.Unlock()
		return nil, errBudget
	}
	p.cost.Requests++
	p.mu.Unlock()
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	a := &answer{status: resp.StatusCode, header: resp.Header}
	limit := int64(4 << 10)
	if readOK && resp.StatusCode/100 == 2 {
		limit = MaxDocBytes
	} else if resp.StatusCode/100 == 2 {
		limit = 0
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if int64(len(body)) > limit {
		a.tooBig, body = true, body[:limit]
	}
	a.body = body
	p.mu.Lock()
	p.cost.Bytes += int64(len(body))
	p.mu.Unlock()
	return a, nil
}

var errRedirect = errors.New("redirect to another host refused")

// newClient follows redirects only within one scheme and host, at most 3.
func newClient(rt http.RoundTripper) *http.Client {
	if rt == nil {
		rt = http.DefaultTransport
	}
	return &http.Client{Transport: rt, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if req.URL.Host != via[0].URL.Host || req.URL.Scheme != via[0].URL.Scheme {
			return errRedirect
		}
		if len(via) >= 3 {
			return errors.New("too many redirects")
		}
		return nil
	}}
}

// challenge keeps the Bearer challenge (else the first) of the header.
func challenge(values []string) *model.AuthChallenge {
	cs, err := oauthex.ParseWWWAuthenticate(values)
	if err != nil || len(cs) == 0 {
		return nil
	}
	c := cs[0]
	for _, x := range cs {
		if x.Scheme == "bearer" {
			c = x
			break
		}
	}
	out := &model.AuthChallenge{Scheme: clipItem(c.Scheme), Error: clipItem(c.Params["error"])}
	if rm, ok := c.Params["resource_metadata"]; ok {
		r := Reduce(rm)
		out.ResourceMetadata = &r
	}
	if sc := strings.Fields(c.Params["scope"]); len(sc) > 0 {
		out.Scopes = clipList(sc)
	}
	return out
}

// failure names why a fetch gave no document.
func failure(a *answer, err error) string {
	switch {
	case errors.Is(err, errRedirect):
		return "redirect_refused"
	case errors.Is(err, errBudget):
		return "not_fetched"
	case err != nil:
		return "unreachable"
	case a.status/100 != 2:
		return "not_found"
	case a.tooBig:
		return "too_large"
	}
	return ""
}

func clipItem(s string) string {
	if len(s) > maxItem {
		return clip(s[:maxItem])
	}
	return s
}

func clipList(xs []string) []string {
	if len(xs) > maxList {
		xs = xs[:maxList]
	}
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		out = append(out, clipItem(x))
	}
	return out
}
