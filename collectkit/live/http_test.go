package live

import (
	"context"
	"github.com/assay-mcp/assay/internal/testenv"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func demoHandler() http.Handler {
	srv := demoserver.New()
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
}

func runHTTPSpec(t *testing.T, spec Spec) *Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.D(10*time.Second))
	defer cancel()
	if spec.Transport == "" {
		spec.Transport = "http"
	}
	return Run(ctx, spec)
}

func codes(r *Result) []string {
	var out []string
	for _, e := range r.Errors {
		out = append(out, e.Code)
	}
	return out
}

// TestHTTPHeaders: the operator's headers reach the server, and a server
// behind them is collected completely over Streamable HTTP.
func TestHTTPHeaders(t *testing.T) {
	inner := demoHandler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer s3cret" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		inner.ServeHTTP(w, r)
	}))
	defer ts.Close()

	ok := runHTTPSpec(t, Spec{URL: ts.URL + "/mcp", Headers: http.Header{"Authorization": {"Bearer s3cret"}}})
	if len(ok.Errors) > 0 || len(ok.Tools) != len(demoserver.Tools()) || ok.Transport != "http" {
		t.Fatalf("with header: transport %s, %d tools, errors %+v", ok.Transport, len(ok.Tools), ok.Errors)
	}
	if ok.ProtocolVersion == "" || len(ok.Prompts) != 1 || len(ok.Resources) != 1 || ok.Instructions == nil {
		t.Errorf("incomplete surface: %+v", ok)
	}

	denied := runHTTPSpec(t, Spec{URL: ts.URL + "/mcp/secret-path?key=v"})
	if !denied.Failed() || strings.Join(codes(denied), ",") != CodeUnreachable {
		t.Fatalf("without header: %+v", denied.Errors)
	}
	msg := denied.Errors[0].Message
	if !strings.Contains(msg, "401") || strings.Contains(msg, "secret-path") {
		t.Errorf("message %q: want the status and no URL path", msg)
	}
	if !strings.Contains(msg, "--oauth") {
		t.Errorf("message %q: a 401 should say how to log in", msg)
	}
}

// TestHTTPRedirectToOtherHost: a redirect to another host is refused and
// the other host never sees a request.
func TestHTTPRedirectToOtherHost(t *testing.T) {
	var hits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		demoHandler().ServeHTTP(w, r)
	}))
	defer other.Close()
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/mcp", http.StatusTemporaryRedirect)
	}))
	defer redirector.Close()

	res := runHTTPSpec(t, Spec{URL: redirector.URL + "/mcp", Headers: http.Header{"Authorization": {"Bearer s3cret"}}})
	if !res.Failed() || codes(res)[0] != CodeRedirect {
		t.Errorf("errors %+v, want %s", res.Errors, CodeRedirect)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host got %d requests", n)
	}
}

// TestHTTPSameHostRedirect: a redirect on the same host is followed.
func TestHTTPSameHostRedirect(t *testing.T) {
	inner := demoHandler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/mcp", http.StatusTemporaryRedirect)
			return
		}
		inner.ServeHTTP(w, r)
	}))
	defer ts.Close()
	res := runHTTPSpec(t, Spec{URL: ts.URL + "/old"})
	if len(res.Errors) > 0 || len(res.Tools) != len(demoserver.Tools()) {
		t.Errorf("errors %+v tools %d", res.Errors, len(res.Tools))
	}
}

// TestHTTPUnreachable: nothing listens on the port.
func TestHTTPUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	res := runHTTPSpec(t, Spec{URL: "http://" + addr + "/mcp"})
	if !res.Failed() || codes(res)[0] != CodeUnreachable {
		t.Errorf("errors %+v, want %s", res.Errors, CodeUnreachable)
	}
}

// TestHTTPByteCap: a server sending more than MaxBytes is cut off.
func TestHTTPByteCap(t *testing.T) {
	ts := httptest.NewServer(demoHandler())
	defer ts.Close()
	res := runHTTPSpec(t, Spec{URL: ts.URL, Limits: Limits{MaxBytes: 1500}})
	if got := codes(res); len(got) == 0 || got[0] != CodeByteCap {
		t.Errorf("errors %+v, want %s", res.Errors, CodeByteCap)
	}
}

// TestLegacySSEFallback: a server that only speaks the 2024-11-05
// HTTP+SSE transport is collected through the fallback.
func TestLegacySSEFallback(t *testing.T) {
	srv := demoserver.New()
	mux := http.NewServeMux()
	mux.Handle("/sse", mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	ts := httptest.NewServer(mux)
	defer ts.Close()
	res := runHTTPSpec(t, Spec{URL: ts.URL + "/sse"})
	if res.Transport != "sse" || len(res.Errors) > 0 || len(res.Tools) != len(demoserver.Tools()) {
		t.Errorf("transport %s errors %+v tools %d", res.Transport, res.Errors, len(res.Tools))
	}
}
