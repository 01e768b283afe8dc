// Package oauthfixture runs, for tests, a small but real OAuth 2.1
// authorization server and an MCP server protected by it, both on
// 127.0.0.1: RFC 8414 metadata, RFC 7591 registration, the authorization
// code grant with PKCE S256 verified at the token endpoint, the RFC 8707
// resource parameter checked, the RFC 9207 iss parameter sent, the
// device grant (RFC 8628), refresh tokens; the MCP server is the go-sdk's
// Streamable HTTP handler over the in-repo demo server behind the go-sdk's
// bearer-token middleware, with RFC 9728 resource metadata.
//
// Every access and refresh token it issues starts with a unique canary
// prefix, so a test can prove that no output carries one.
package oauthfixture

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// Options shape the authorization server.
type Options struct {
	// NoDevice hides the device authorization endpoint.
	NoDevice bool
	// TokenLifetime is how long access tokens are accepted; default 1h.
	TokenLifetime time.Duration
	// NoRegistration hides the registration endpoint (RFC 7591).
	NoRegistration bool
	// Preregistered is a client id the server knows beforehand; it may
	// redirect to any loopback port (RFC 8252 §7.3). An https URL is a
	// Client ID Metadata Document, and the server then advertises
	// client_id_metadata_document_supported.
	Preregistered string
}

// Fixture is a running authorization server and protected MCP server.
type Fixture struct {
	// URL is the MCP endpoint; Issuer the authorization server.
	URL, Issuer string
	// Canary starts every token issued.
	Canary string

	o  Options
	mu sync.Mutex
	// clients are registered client ids and their redirect URIs.
	clients map[string][]string
	codes   map[string]codeGrant
	devices map[string]*deviceGrant // by device code
	access  map[string]time.Time    // token → expiry
	refresh map[string]bool
	issued  []string
	n       int
	revoked bool
	// Counters a test reads.
	PKCEVerified, PKCEFailed, TokenRequests, Registrations int
	// ASRequests and RSRequests count every request the authorization
	// and the MCP server received.
	ASRequests, RSRequests atomic.Int64
}

type codeGrant struct {
	client, redirect, challenge, resource string
}

type deviceGrant struct {
	client, user string
	approved     bool
}

// Start runs the fixture until the test ends.
func Start(t testing.TB, o *Options) *Fixture {
	fx := &Fixture{clients: map[string][]string{}, codes: map[string]codeGrant{},
		devices: map[string]*deviceGrant{}, access: map[string]time.Time{}, refresh: map[string]bool{}}
	if o != nil {
		fx.o = *o
	}
	if fx.o.TokenLifetime == 0 {
		fx.o.TokenLifetime = time.Hour
	}
	fx.Canary = "CANARYTOK" + rand.Text()
	as := httptest.NewServer(counted(&fx.ASRequests, fx.asMux()))
	t.Cleanup(as.Close)
	fx.Issuer = as.URL
	mux := http.NewServeMux()
	rs := httptest.NewServer(counted(&fx.RSRequests, mux))
	t.Cleanup(rs.Close)
	fx.URL = rs.URL + "/mcp"
	prm := rs.URL + "/.well-known/oauth-protected-resource/mcp"
	mux.Handle("/.well-known/oauth-protected-resource/mcp", auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
		Resource: fx.URL, AuthorizationServers: []string{fx.Issuer}, ScopesSupported: []string{"mcp:read"},
		BearerMethodsSupported: []string{"header"}}))
	srv := demoserver.New()
	inner := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	mux.Handle("/mcp", auth.RequireBearerToken(fx.verify, &auth.RequireBearerTokenOptions{
		ResourceMetadataURL: prm, Scopes: []string{"mcp:read"}})(inner))
	return fx
}

// Revoke makes the MCP server reject every token issued so far and later.
func (fx *Fixture) Revoke() {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	fx.revoked = true
}

// Issued lists every access and refresh token issued.
func (fx *Fixture) Issued() []string {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	return append([]string(nil), fx.issued...)
}

// Counts returns the counters under the lock.
func (fx *Fixture) Counts() (pkceOK, pkceBad, tokens, registrations int) {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	return fx.PKCEVerified, fx.PKCEFailed, fx.TokenRequests, fx.Registrations
}

func (fx *Fixture) verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	exp, ok := fx.access[token]
	if !ok || fx.revoked {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{Scopes: []string{"mcp:read"}, Expiration: exp}, nil
}

func (fx *Fixture) asMux() *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		doc := map[string]any{
			"issuer": fx.Issuer, "authorization_endpoint": fx.Issuer + "/authorize",
			"token_endpoint": fx.Issuer + "/token", "registration_endpoint": fx.Issuer + "/register",
			"response_types_supported": []string{"code"}, "code_challenge_methods_supported": []string{"S256"},
			"grant_types_supported":                          []string{"authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"},
			"token_endpoint_auth_methods_supported":          []string{"none"},
			"authorization_response_iss_parameter_supported": true, "scopes_supported": []string{"mcp:read"},
		}
		if !fx.o.NoDevice {
			doc["device_authorization_endpoint"] = fx.Issuer + "/device"
		}
		if fx.o.NoRegistration {
			delete(doc, "registration_endpoint")
		}
		if strings.HasPrefix(fx.o.Preregistered, "https://") {
			doc["client_id_metadata_document_supported"] = true
		}
		writeJSON(w, http.StatusOK, doc)
	})
	if !fx.o.NoRegistration {
		m.HandleFunc("/register", fx.register)
	}
	m.HandleFunc("/authorize", fx.authorize)
	m.HandleFunc("/token", fx.token)
	m.HandleFunc("/device", fx.device)
	return m
}

func (fx *Fixture) register(w http.ResponseWriter, r *http.Request) {
	var meta oauthex.ClientRegistrationMetadata
	if err := json.NewDecoder(r.Body).Decode(&meta); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_client_metadata"})
		return
	}
	fx.mu.Lock()
	defer fx.mu.Unlock()
	fx.Registrations++
	id := "client-" + rand.Text()
	fx.clients[id] = meta.RedirectURIs
	writeJSON(w, http.StatusCreated, map[string]any{"client_id": id, "redirect_uris": meta.RedirectURIs,
		"token_endpoint_auth_method": "none", "grant_types": meta.GrantTypes})
}

// authorize approves at once (the scripted user) and redirects with the
// code, the state and iss; bad requests are answered 400 as RFC 6749
// §4.1.2.1 asks when the redirect URI cannot be trusted.
func (fx *Fixture) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fx.mu.Lock()
	defer fx.mu.Unlock()
	redirects, ok := fx.clients[q.Get("client_id")]
	redirect := q.Get("redirect_uri")
	if fx.o.Preregistered != "" && q.Get("client_id") == fx.o.Preregistered {
		ok, redirects = true, []string{redirect}
		if u, err := url.Parse(redirect); err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" {
			ok = false
		}
	}
	if !ok || !slices.Contains(redirects, redirect) {
		http.Error(w, "unknown client or redirect_uri", http.StatusBadRequest)
		return
	}
	if q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" ||
		q.Get("resource") != fx.URL || q.Get("state") == "" {
		http.Error(w, "want response_type=code, PKCE S256, state and resource="+fx.URL, http.StatusBadRequest)
		return
	}
	code := "code-" + rand.Text()
	fx.codes[code] = codeGrant{client: q.Get("client_id"), redirect: redirect, challenge: q.Get("code_challenge"), resource: q.Get("resource")}
	back, _ := url.Parse(redirect)
	v := back.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	v.Set("iss", fx.Issuer)
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

func (fx *Fixture) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	f := r.PostForm
	if id, _, ok := r.BasicAuth(); ok { // client_secret_basic, form-encoded (RFC 6749 §2.3.1)
		if dec, err := url.QueryUnescape(id); err == nil {
			f.Set("client_id", dec)
		}
	}
	fx.mu.Lock()
	defer fx.mu.Unlock()
	fx.TokenRequests++
	switch f.Get("grant_type") {
	case "authorization_code":
		g, ok := fx.codes[f.Get("code")]
		delete(fx.codes, f.Get("code"))
		if !ok || g.client != f.Get("client_id") || g.redirect != f.Get("redirect_uri") || f.Get("resource") != g.resource {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
			return
		}
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		if base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
			fx.PKCEFailed++
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "PKCE verification failed"})
			return
		}
		fx.PKCEVerified++
	case "urn:ietf:params:oauth:grant-type:device_code":
		d, ok := fx.devices[f.Get("device_code")]
		switch {
		case !ok || d.client != f.Get("client_id") || f.Get("resource") != fx.URL:
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
			return
		case !d.approved:
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "authorization_pending"})
			return
		}
		delete(fx.devices, f.Get("device_code"))
	case "refresh_token":
		if !fx.refresh[f.Get("refresh_token")] {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
			return
		}
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
		return
	}
	writeJSON(w, http.StatusOK, fx.issueLocked())
}

func (fx *Fixture) issueLocked() map[string]any {
	fx.n++
	at := fmt.Sprintf("%s-access-%d", fx.Canary, fx.n)
	rt := fmt.Sprintf("%s-refresh-%d", fx.Canary, fx.n)
	fx.access[at] = time.Now().Add(fx.o.TokenLifetime)
	fx.refresh[rt] = true
	fx.issued = append(fx.issued, at, rt)
	return map[string]any{"access_token": at, "token_type": "Bearer", "refresh_token": rt,
		"expires_in": int(fx.o.TokenLifetime.Seconds()), "scope": "mcp:read"}
}

func (fx *Fixture) device(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil || fx.o.NoDevice {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	fx.mu.Lock()
	defer fx.mu.Unlock()
	id := r.PostForm.Get("client_id")
	if _, ok := fx.clients[id]; (!ok && id != fx.o.Preregistered) || r.PostForm.Get("resource") != fx.URL {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_client"})
		return
	}
	dc := "device-" + rand.Text()
	user := strings.ToUpper(rand.Text()[:4] + "-" + rand.Text()[:4])
	fx.devices[dc] = &deviceGrant{client: r.PostForm.Get("client_id"), user: user}
	writeJSON(w, http.StatusOK, map[string]any{"device_code": dc, "user_code": user,
		"verification_uri": fx.Issuer + "/activate", "expires_in": 600, "interval": 1})
}

// Approve is the user entering code on the verification page; it
// reports whether such a pending code existed.
func (fx *Fixture) Approve(userCode string) bool {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	for _, d := range fx.devices {
		if d.user == userCode {
			d.approved = true
			return true
		}
	}
	return false
}

func counted(n *atomic.Int64, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// User is the person at the terminal: an io.Writer for the run's stderr
// that approves the first device-flow user code it reads ("enter the
// code XXXX-XXXX"), as typing it on another device would, and opens the
// first authorization URL printed for it (when no browser could be
// launched) in a client that follows the redirect back to Assay.
// String returns everything written.
type User struct {
	fx     *Fixture
	mu     sync.Mutex
	buf    bytes.Buffer
	done   bool
	opened bool
}

// NewUser returns the device-flow user of fx.
func (fx *Fixture) NewUser() *User { return &User{fx: fx} }

func (u *User) Write(p []byte) (int, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.buf.Write(p)
	if !u.done {
		if _, rest, ok := strings.Cut(u.buf.String(), "enter the code"); ok {
			if f := strings.Fields(rest); len(f) > 0 && strings.Contains(rest, "\n") {
				u.done = u.fx.Approve(f[0])
			}
		}
	}
	if !u.opened {
		for _, line := range strings.Split(u.buf.String(), "\n") {
			if l := strings.TrimSpace(line); strings.HasPrefix(l, u.fx.Issuer+"/authorize?") {
				u.opened = true
				go func() {
					if resp, err := http.Get(l); err == nil {
						resp.Body.Close()
					}
				}()
			}
		}
	}
	return len(p), nil
}

func (u *User) String() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.buf.String()
}
