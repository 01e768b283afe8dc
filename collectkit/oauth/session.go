package oauth

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// Session logs in to one server after another and keeps the tokens in
// memory (and in the cache file when one was named). One Session serves
// one run; it is safe for concurrent use once the logins are done.
type Session struct {
	o      Options
	client *http.Client

	mu    sync.Mutex
	cache *cacheFile // nil without --oauth-cache
}

// NewSession reads the cache file, if one is named, refusing a file that
// group or others can read.
func NewSession(o *Options) (*Session, error) {
	s := &Session{o: o.withDefaults()}
	s.client = newClient(&s.o)
	if s.o.CachePath != "" {
		c, err := readCache(s.o.CachePath)
		if err != nil {
			return nil, err
		}
		s.cache = c
	}
	return s, nil
}

// login is one server's login within a session.
type login struct {
	*Session
	label string // the server's host, for progress lines
}

// Login makes sure Assay holds a token the server at serverURL accepts
// and returns its source: nil (and no error) when the server does not ask
// for authorization. transport is http or sse. The returned error is an
// [*Error] (safe to print) or the context's error after ^C.
func (s *Session) Login(ctx context.Context, serverURL, transport string) (oauth2.TokenSource, error) {
	l := &login{Session: s, label: hostOf(serverURL)}
	if ts := l.cached(ctx, serverURL, transport); ts != nil {
		return ts, nil
	}
	req, resp, err := l.probe(ctx, serverURL, transport, nil)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusForbidden {
		resp.Body.Close()
		l.say("the server did not ask for authorization (HTTP %d); scanning without a login", resp.StatusCode)
		return nil, nil
	}
	g, err := l.run(ctx, serverURL, req, resp)
	if err != nil {
		return nil, err
	}
	ts := s.source(serverURL, g)
	if err := l.verify(ctx, serverURL, transport, ts, "the token just obtained"); err != nil {
		return nil, err
	}
	l.say("logged in; the token stays in memory%s", s.cacheNote())
	if err := s.save(ctx, serverURL, g); err != nil {
		return nil, err
	}
	return ts, nil
}

// run chooses the grant: the device flow when asked for, or when no
// browser can be opened here and the authorization server offers it;
// else the authorization code flow (printing the URL when no browser
// opens).
func (l *login) run(ctx context.Context, serverURL string, req *http.Request, resp *http.Response) (*grant, error) {
	browser := !l.o.Device && l.o.HasBrowser()
	if !browser {
		d, err := l.discover(ctx, serverURL, resp)
		if err != nil {
			resp.Body.Close()
			return nil, err
		}
		if d.device != "" {
			resp.Body.Close()
			l.say("the server asks for an OAuth login (HTTP %d) at %s: Assay registers as a public client where needed and uses the device flow%s; the token goes to this server only", resp.StatusCode, hostOf(d.asm.Issuer), why(l.o.Device))
			return l.deviceFlow(ctx, d)
		}
		if l.o.Device {
			resp.Body.Close()
			return nil, fail("the authorization server at %s does not offer the device flow (RFC 8628); use --oauth without --oauth-device", hostOf(d.asm.Issuer))
		}
	}
	l.say("the server asks for an OAuth login (HTTP %d): Assay reads its authorization metadata, registers as a public client where needed, and logs in with the authorization code flow in a browser; the token goes to this server only", resp.StatusCode)
	return l.authCode(ctx, req, resp, browser)
}

func why(asked bool) string {
	if asked {
		return " (--oauth-device)"
	}
	return " (no browser can be opened here)"
}

// probe sends one MCP request (a ping POST; for the legacy transport the
// stream GET) with the token of ts, or none, and returns the request and
// the response, whose body the caller closes. ping creates no session.
func (l *login) probe(ctx context.Context, serverURL, transport string, ts oauth2.TokenSource) (*http.Request, *http.Response, error) {
	rctx, cancel := context.WithTimeout(ctx, l.o.Timeout)
	var req *http.Request
	var err error
	if transport == "sse" {
		req, err = http.NewRequestWithContext(rctx, http.MethodGet, serverURL, nil)
		if err == nil {
			req.Header.Set("Accept", "text/event-stream")
		}
	} else {
		req, err = http.NewRequestWithContext(rctx, http.MethodPost, serverURL, bytes.NewReader([]byte(`{"jsonrpc":"2.0","id":0,"method":"ping"}`)))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
		}
	}
	if err != nil {
		cancel()
		return nil, nil, fail("the server URL does not parse")
	}
	client := l.client
	if ts != nil {
		client = &http.Client{Timeout: l.o.Timeout, Transport: &oauth2.Transport{Source: ts, Base: l.client.Transport},
			CheckRedirect: l.client.CheckRedirect}
	}
	resp, err := client.Do(req)
	if err != nil {
		cancel()
		return nil, nil, safe("contacting the server", err)
	}
	resp.Body = &cancelBody{ReadCloser: resp.Body, cancel: cancel}
	return req, resp, nil
}

type cancelBody struct {
	io.ReadCloser
	cancel func()
}

func (b *cancelBody) Close() error { err := b.ReadCloser.Close(); b.cancel(); return err }

// verify asks the server once with the token: a 401 or 403 means it
// does not accept it (expired, revoked, for another resource).
func (l *login) verify(ctx context.Context, serverURL, transport string, ts oauth2.TokenSource, what string) error {
	_, resp, err := l.probe(ctx, serverURL, transport, ts)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		return fail("the server rejected %s (HTTP %d%s)", what, resp.StatusCode, challengeError(resp))
	}
	return nil
}

// challengeError is the RFC 6750 error code of a Bearer challenge.
func challengeError(resp *http.Response) string {
	challenges, _ := oauthex.ParseWWWAuthenticate(resp.Header.Values("WWW-Authenticate"))
	for _, c := range challenges {
		if e := c.Params["error"]; c.Scheme == "bearer" && e != "" {
			return ", " + clip(e, 40)
		}
	}
	return ""
}

// source is the token source the collection uses: it refreshes through
// x/oauth2 when the grant carried a refresh token, keeps refreshed tokens
// in the cache file, and turns every error into a safe one.
func (s *Session) source(serverURL string, g *grant) oauth2.TokenSource {
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, s.client)
	return &safeSource{s: s, url: serverURL, g: g, inner: g.cfg.TokenSource(ctx, g.token)}
}

type safeSource struct {
	s     *Session
	url   string
	g     *grant
	inner oauth2.TokenSource
	mu    sync.Mutex
}

func (t *safeSource) Token() (*oauth2.Token, error) {
	tok, err := t.inner.Token()
	if err != nil {
		return nil, safe("refreshing the OAuth token", err)
	}
	t.mu.Lock()
	changed := tok.AccessToken != t.g.token.AccessToken
	if changed {
		t.g = &grant{cfg: t.g.cfg, token: tok}
	}
	g := t.g
	t.mu.Unlock()
	if changed {
		_ = t.s.save(context.Background(), t.url, g)
	}
	return tok, nil
}
