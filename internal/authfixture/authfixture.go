// Package authfixture runs local MCP servers with the authorization
// set-ups Assay's tests need: open, protected with correct metadata,
// protected with a hostile authorization endpoint, protected behind a
// plain-HTTP issuer. The MCP server is the go-sdk's Streamable HTTP
// handler over the in-repo demo server on 127.0.0.1; authorization
// servers answer under fixed names (auth.example.com over TLS,
// auth.example.net over HTTP) that [Fixture.Transport] routes to local
// listeners, so no test touches the network.
package authfixture

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Scenario names one set-up.
type Scenario int

const (
	Open Scenario = iota
	Protected
	Hostile
	PlainIssuer
)

// Fixture is a running scenario.
type Fixture struct {
	// URL is the MCP endpoint (http://127.0.0.1:PORT/mcp).
	URL string
	// Transport routes auth.example.com and auth.example.net to the
	// local authorization servers and trusts their certificate.
	Transport http.RoundTripper
	// Requests counts every request the servers received.
	Requests atomic.Int64
}

// Start runs sc until the test ends.
func Start(t testing.TB, sc Scenario) *Fixture {
	fx := &Fixture{}
	tlsAS := httptest.NewTLSServer(fx.count(asHandler("https://auth.example.com", sc)))
	plainAS := httptest.NewServer(fx.count(asHandler("http://auth.example.net", sc)))
	t.Cleanup(tlsAS.Close)
	t.Cleanup(plainAS.Close)
	mux := http.NewServeMux()
	mcpSrv := demoserver.New()
	inner := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return mcpSrv }, nil)
	ts := httptest.NewUnstartedServer(fx.count(mux))
	ts.Start()
	t.Cleanup(ts.Close)
	fx.URL = ts.URL + "/mcp"
	issuer := "https://auth.example.com"
	if sc == PlainIssuer {
		issuer = "http://auth.example.net"
	}
	prmURL := ts.URL + "/.well-known/oauth-protected-resource/mcp"
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, r *http.Request) {
		if sc == Open {
			http.NotFound(w, r)
			return
		}
		writeJSON(w, map[string]any{"resource": fx.URL, "authorization_servers": []string{issuer},
			"scopes_supported": []string{"mcp:read", "mcp:write"}, "bearer_methods_supported": []string{"header"}})
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if sc != Open && r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+prmURL+`", scope="mcp:read"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		inner.ServeHTTP(w, r)
	})
	tr := tlsAS.Client().Transport.(*http.Transport).Clone()
	tlsAddr, plainAddr := tlsAS.Listener.Addr().String(), plainAS.Listener.Addr().String()
	dialer := &net.Dialer{}
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		switch addr {
		case "auth.example.com:443":
			addr = tlsAddr
		case "auth.example.net:80":
			addr = plainAddr
		default:
			if !strings.HasPrefix(addr, "127.0.0.1:") {
				return nil, &net.AddrError{Err: "authfixture: no network in tests", Addr: addr}
			}
		}
		return dialer.DialContext(ctx, network, addr)
	}
	fx.Transport = tr
	return fx
}

func (fx *Fixture) count(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fx.Requests.Add(1)
		h.ServeHTTP(w, r)
	})
}

// asHandler serves RFC 8414 metadata for issuer; Hostile puts a file:
// authorization endpoint and a shell substitution in the token endpoint.
func asHandler(issuer string, sc Scenario) http.Handler {
	meta := map[string]any{
		"issuer":                                         issuer,
		"authorization_endpoint":                         issuer + "/authorize",
		"token_endpoint":                                 issuer + "/token",
		"registration_endpoint":                          issuer + "/register",
		"jwks_uri":                                       issuer + "/jwks",
		"response_types_supported":                       []string{"code"},
		"grant_types_supported":                          []string{"authorization_code", "refresh_token"},
		"code_challenge_methods_supported":               []string{"S256"},
		"token_endpoint_auth_methods_supported":          []string{"none"},
		"scopes_supported":                               []string{"mcp:read", "mcp:write", "offline_access"},
		"authorization_response_iss_parameter_supported": true,
		"client_id_metadata_document_supported":          true,
	}
	if sc == Hostile {
		meta["authorization_endpoint"] = "file:///C:/Windows/System32/calc.exe"
		meta["token_endpoint"] = issuer + "/token?x=$(id)"
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, meta) })
	return mux
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
