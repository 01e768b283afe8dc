package authprobe

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// TestHostileMetadata: a resource metadata URL that redirects to another
// host is not followed, an oversized document is cut at MaxDocBytes and
// named, and the request budget holds.
func TestHostileMetadata(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("followed a redirect to another host: %s", r.URL)
	}))
	defer other.Close()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/mcp":
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+srv.URL+`/prm"`)
			w.WriteHeader(401)
		case r.URL.Path == "/prm":
			http.Redirect(w, r, other.URL+"/prm", http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/.well-known/oauth-protected-resource"):
			w.Write([]byte(`{"resource":"` + srv.URL + `/mcp","authorization_servers":["` + srv.URL + `"]}`))
		default:
			w.Write([]byte(`{"x":"` + strings.Repeat("a", MaxDocBytes*2) + `"}`))
		}
	}))
	defer srv.Close()
	p, cost := Probe(testenv.Context(t, 10*time.Second), Spec{URL: srv.URL + "/mcp", Transport: "http"})
	if p.Probe != "challenge" || len(p.Documents) != 2 {
		t.Fatalf("posture %+v", p)
	}
	if d := p.Documents[0]; d.Error != "" || d.URL.Path != "/.well-known/oauth-protected-resource/mcp" {
		t.Errorf("resource metadata %+v (the redirect must be refused and the well-known URL used)", d)
	}
	if d := p.Documents[1]; d.Error != "too_large" {
		t.Errorf("authorization server metadata %+v", d)
	}
	if cost.Requests > MaxRequests || cost.Bytes > 3*MaxDocBytes {
		t.Errorf("cost %+v", cost)
	}
}
