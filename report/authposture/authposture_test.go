package authposture

import (
	"reflect"
	"sort"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func u(scheme, host, path string) model.AuthURL {
	return model.AuthURL{Scheme: scheme, Host: host, Path: path}
}

func up(scheme, host, path string) *model.AuthURL { x := u(scheme, host, path); return &x }

func yes() *bool { b := true; return &b }

func goodServer() model.AuthDocument {
	return model.AuthDocument{Kind: model.AuthDocServer, URL: u("https", "as.example", "/.well-known/oauth-authorization-server"),
		For: up("https", "as.example", ""), Issuer: up("https", "as.example", ""), CodeChallengeMethods: []string{"S256"},
		IssParameterSupported: yes(), ClientIDMetadataDocs: yes(),
		Endpoints: []model.AuthEndpoint{{Field: "authorization_endpoint", URL: u("https", "as.example", "/authorize")}}}
}

func goodPosture() *model.AuthPosture {
	return &model.AuthPosture{Probe: "challenge", Status: 401, Endpoint: up("https", "mcp.example", "/mcp"),
		Challenge: &model.AuthChallenge{Scheme: "bearer", ResourceMetadata: up("https", "mcp.example", "/.well-known/oauth-protected-resource/mcp")},
		Documents: []model.AuthDocument{{Kind: model.AuthDocResource, URL: u("https", "mcp.example", "/.well-known/oauth-protected-resource/mcp"),
			Resource: up("https", "mcp.example", "/mcp"), AuthorizationServers: []model.AuthURL{u("https", "as.example", "")}}, goodServer()}}
}

// TestJudge: each rule fires on exactly the posture that breaks it; a
// correct posture yields nothing.
func TestJudge(t *testing.T) {
	cases := []struct {
		name string
		edit func(p *model.AuthPosture)
		want []string
	}{
		{"correct", func(*model.AuthPosture) {}, nil},
		{"no-prm", func(p *model.AuthPosture) {
			p.Challenge.ResourceMetadata = nil
			p.Documents = []model.AuthDocument{{Kind: model.AuthDocResource, URL: u("https", "mcp.example", "/.well-known/oauth-protected-resource"), Status: 404, Error: "not_found"}, goodServer()}
		}, []string{"AUTH-006"}},
		{"no-rm-param", func(p *model.AuthPosture) { p.Challenge = nil; p.Probe = "denied" }, []string{"AUTH-007"}},
		{"no-as", func(p *model.AuthPosture) { p.Documents[1].Error, p.Documents[1].Status = "not_found", 404 }, []string{"AUTH-008"}},
		{"issuer", func(p *model.AuthPosture) { p.Documents[1].Issuer = up("https", "evil.example", "") }, []string{"AUTH-009"}},
		{"iss", func(p *model.AuthPosture) { p.Documents[1].IssParameterSupported = nil }, []string{"AUTH-010"}},
		{"pkce", func(p *model.AuthPosture) { p.Documents[1].CodeChallengeMethods = []string{"plain"} }, []string{"AUTH-011"}},
		{"dcr", func(p *model.AuthPosture) {
			p.Documents[1].ClientIDMetadataDocs = nil
			p.Documents[1].Endpoints = append(p.Documents[1].Endpoints, model.AuthEndpoint{Field: "registration_endpoint", URL: u("https", "as.example", "/register")})
		}, []string{"AUTH-012"}},
		{"noreg", func(p *model.AuthPosture) { p.Documents[1].ClientIDMetadataDocs = nil }, []string{"AUTH-013"}},
		{"scopes", func(p *model.AuthPosture) { p.Challenge.Scopes = []string{"b", "a"} }, []string{"AUTH-014"}},
		{"http", func(p *model.AuthPosture) {
			p.Documents[1].Endpoints[0].URL.Scheme = "http"
		}, []string{"AUTH-015"}},
		{"http-loopback", func(p *model.AuthPosture) {
			p.Documents[1].Endpoints[0].URL = u("http", "127.0.0.1:9000", "/authorize")
		}, nil},
		{"metachar", func(p *model.AuthPosture) {
			p.Documents[1].Endpoints[0].URL = model.AuthURL{Scheme: "a", Invalid: true, Metachars: "$()"}
		}, []string{"AUTH-016"}},
		{"javascript", func(p *model.AuthPosture) { p.Documents[1].Endpoints[0].URL = u("javascript", "", "alert(1)") }, []string{"AUTH-016"}},
		{"resource", func(p *model.AuthPosture) { p.Documents[0].Resource = up("https", "other.example", "/mcp") }, []string{"AUTH-017"}},
		{"no-servers", func(p *model.AuthPosture) {
			p.Documents = p.Documents[:1]
			p.Documents[0].AuthorizationServers = nil
		}, []string{"AUTH-008", "AUTH-018"}},
		{"bad-json", func(p *model.AuthPosture) { p.Documents[1].Error, p.Documents[1].Status = "bad_json", 200 }, []string{"AUTH-008", "AUTH-019"}},
		{"open", func(p *model.AuthPosture) { *p = model.AuthPosture{Probe: "open", Status: 200, Endpoint: p.Endpoint} }, []string{"AUTH-005"}},
		{"unreachable", func(p *model.AuthPosture) { p.Probe = "unreachable" }, nil},
	}
	for _, c := range cases {
		p := goodPosture()
		c.edit(p)
		b := &model.Bundle{Servers: []model.Server{{Identity: "x@http:mcp.example", Auth: p}}}
		f := &model.Findings{}
		Apply(b, f)
		var got []string
		for _, fd := range f.Findings {
			if fd.Server != "x@http:mcp.example" || fd.Evidence == "" {
				t.Errorf("%s: %s lacks server or evidence", c.name, fd.ID)
			}
			got = append(got, fd.ID)
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
