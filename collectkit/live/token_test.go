package live

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/oauth2"
)

// TestOAuthTokenRejected: requests carry Spec.Token as a bearer token; a
// server that refuses it is auth_rejected, named as the token's
// rejection and without the token.
func TestOAuthTokenRejected(t *testing.T) {
	inner := demoHandler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer good-token" {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		inner.ServeHTTP(w, r)
	}))
	defer ts.Close()
	ok := runHTTPSpec(t, Spec{URL: ts.URL + "/mcp", Token: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "good-token"})})
	if len(ok.Errors) > 0 || len(ok.Tools) == 0 {
		t.Fatalf("with the token: %d tools, errors %+v", len(ok.Tools), ok.Errors)
	}
	bad := runHTTPSpec(t, Spec{URL: ts.URL + "/mcp", Token: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "stale-token"})})
	if len(bad.Errors) == 0 || bad.Errors[0].Code != CodeAuthRejected || strings.Contains(bad.Errors[0].Message, "stale-token") {
		t.Fatalf("stale token: errors %+v, want %s without the token", bad.Errors, CodeAuthRejected)
	}
}
