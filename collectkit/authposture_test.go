package collectkit

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/collectkit/authprobe"
	"github.com/assay-mcp/assay/internal/authfixture"
	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// TestAuthPosture collects each local scenario like `assay scan --server
// URL` does and asserts the exact set of auth findings the core draws
// from the recorded posture, plus that the bundle keeps only
// allowlisted, reduced fields.
func TestAuthPosture(t *testing.T) {
	cases := []struct {
		name string
		sc   authfixture.Scenario
		want []string // id element, sorted
	}{
		{"open", authfixture.Open, []string{"AUTH-005 auth:endpoint"}},
		{"protected", authfixture.Protected, []string{"AUTH-014 auth:scopes"}},
		{"hostile", authfixture.Hostile, []string{
			"AUTH-014 auth:scopes",
			"AUTH-016 auth:oauth-authorization-server/authorization_endpoint",
			"AUTH-016 auth:oauth-authorization-server/token_endpoint"}},
		{"plain-issuer", authfixture.PlainIssuer, []string{
			"AUTH-014 auth:scopes",
			"AUTH-015 auth:oauth-authorization-server",
			"AUTH-015 auth:oauth-protected-resource"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fx := authfixture.Start(t, c.sc)
			servers, err := Collect(testenv.Context(t, 20*time.Second), []Target{{Name: c.name, Transport: "http", URL: fx.URL}},
				&Options{Yes: true, HTTPTransport: fx.Transport})
			if err != nil {
				t.Fatal(err)
			}
			b := &model.Bundle{Kind: model.BundleKind, Servers: servers}
			raw, dropped, err := model.Project(b)
			if err != nil || len(dropped) > 0 {
				t.Fatalf("projection: dropped %v, err %v", dropped, err)
			}
			if strings.Contains(string(raw), "$(id)") || strings.Contains(string(raw), "?x=") {
				t.Errorf("bundle keeps a query: %s", raw)
			}
			var back model.Bundle
			if err := json.Unmarshal(raw, &back); err != nil {
				t.Fatal(err)
			}
			f := analyze.Analyze(&back, nil)
			var got []string
			for _, fd := range f.Findings {
				if fd.Category == model.CatAuth {
					got = append(got, fd.ID+" "+fd.Element)
				}
			}
			sort.Strings(got)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("auth findings\n got %q\nwant %q\nposture %s", got, c.want, raw)
			}
		})
	}
}

// TestAuthProbeCost measures what one probe costs per scenario and holds
// the request count to what the discovery order needs.
func TestAuthProbeCost(t *testing.T) {
	want := map[authfixture.Scenario]int{authfixture.Open: 1, authfixture.Protected: 3, authfixture.Hostile: 3, authfixture.PlainIssuer: 3}
	for sc, n := range want {
		fx := authfixture.Start(t, sc)
		_, cost := authprobe.Probe(testenv.Context(t, 10*time.Second), authprobe.Spec{URL: fx.URL, Transport: "http", RoundTripper: fx.Transport})
		if cost.Requests != n || int(fx.Requests.Load()) != n {
			t.Errorf("scenario %d: %d requests sent, %d received, want %d", sc, cost.Requests, fx.Requests.Load(), n)
		}
		t.Logf("scenario %d: %d requests, %d bytes read, %v", sc, cost.Requests, cost.Bytes, cost.Elapsed)
	}
}

// TestAuthPathScrub: a key in a URL path never reaches the posture.
func TestAuthPathScrub(t *testing.T) {
	key := "ghp_" + strings.Repeat("aB3x", 9)
	got := scrubPath("/"+key+"/mcp/known-value", []string{"known-value"})
	if strings.Contains(got, key) || strings.Contains(got, "known-value") || !strings.HasSuffix(got, "/mcp/<redacted>") {
		t.Errorf("scrubPath kept a secret: %q", got)
	}
}
