package authprobe

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

type prmResult struct {
	doc     model.AuthDocument
	issuers []*url.URL
}

// resourceMetadata fetches the Protected Resource Metadata: the URL the
// challenge names first, then the well-known URLs of RFC 9728 §3.1 (with
// the endpoint's path inserted, then at the root).
func (p *prober) resourceMetadata(ctx context.Context, endpoint *url.URL, www []string) prmResult {
	var cands []*url.URL
	if cs, err := oauthex.ParseWWWAuthenticate(www); err == nil {
		for _, c := range cs {
			if rm := c.Params["resource_metadata"]; rm != "" && fetchable(Reduce(rm)) {
				if u, err := url.Parse(rm); err == nil {
					cands = append(cands, u)
				}
				break
			}
		}
	}
	base := &url.URL{Scheme: endpoint.Scheme, Host: endpoint.Host}
	if path := strings.TrimSuffix(endpoint.Path, "/"); path != "" {
		cands = append(cands, base.JoinPath("/.well-known/oauth-protected-resource", path))
	}
	cands = append(cands, base.JoinPath("/.well-known/oauth-protected-resource"))
	res := endpointURL(endpoint)
	var first *model.AuthDocument
	for _, c := range cands {
		doc, raw := p.fetchDoc(ctx, model.AuthDocResource, c, &res)
		if doc.Error == "" {
			return prmResult{doc: doc, issuers: parseResource(&doc, raw)}
		}
		if first == nil {
			first = &doc
		}
	}
	return prmResult{doc: *first}
}

func endpointURL(u *url.URL) model.AuthURL { return Reduce(u.String()) }

// serverMetadata fetches an authorization server's metadata: RFC 8414
// first, then OpenID Connect discovery in both placements, as the MCP
// authorization spec orders them.
func (p *prober) serverMetadata(ctx context.Context, issuer *url.URL) model.AuthDocument {
	is := Reduce(issuer.String())
	if !fetchable(is) {
		return model.AuthDocument{Kind: model.AuthDocServer, URL: is, For: &is, Error: "not_fetched"}
	}
	base := &url.URL{Scheme: issuer.Scheme, Host: issuer.Host}
	path := strings.TrimSuffix(issuer.Path, "/")
	type cand struct {
		kind string
		u    *url.URL
	}
	cands := []cand{{model.AuthDocServer, base.JoinPath("/.well-known/oauth-authorization-server", path)}}
	if path == "" {
		cands = append(cands, cand{model.AuthDocOIDC, base.JoinPath("/.well-known/openid-configuration")})
	} else {
		cands = append(cands, cand{model.AuthDocOIDC, base.JoinPath("/.well-known/openid-configuration", path)},
			cand{model.AuthDocOIDC, base.JoinPath(path, "/.well-known/openid-configuration")})
	}
	var first *model.AuthDocument
	for _, c := range cands {
		doc, raw := p.fetchDoc(ctx, c.kind, c.u, &is)
		if doc.Error == "" {
			parseServer(&doc, raw)
			return doc
		}
		if first == nil {
			first = &doc
		}
	}
	return *first
}

// fetchDoc GETs one document and checks it is a JSON object.
func (p *prober) fetchDoc(ctx context.Context, kind string, u *url.URL, forURL *model.AuthURL) (model.AuthDocument, map[string]json.RawMessage) {
	doc := model.AuthDocument{Kind: kind, URL: Reduce(u.String()), For: forURL}
	a, err := p.get(ctx, u)
	if a != nil {
		doc.Status = a.status
	}
	if doc.Error = failure(a, err); doc.Error != "" {
		return doc, nil
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimSpace(a.body), &raw) != nil {
		doc.Error = "bad_json"
		return doc, nil
	}
	return doc, raw
}

// parseResource records the allowlisted PRM fields and returns the
// authorization servers that may be fetched.
func parseResource(doc *model.AuthDocument, raw map[string]json.RawMessage) []*url.URL {
	if s, ok := str(raw["resource"]); ok {
		r := Reduce(s)
		doc.Resource = &r
	}
	doc.BearerMethods = strs(raw["bearer_methods_supported"])
	doc.Scopes = strs(raw["scopes_supported"])
	var out []*url.URL
	for _, s := range strs(raw["authorization_servers"]) {
		r := Reduce(s)
		doc.AuthorizationServers = append(doc.AuthorizationServers, r)
		if u, err := url.Parse(s); err == nil && fetchable(r) {
			out = append(out, u)
		}
	}
	doc.Endpoints = urlFields(raw, map[string]bool{"resource": true})
	return out
}

// parseServer records the allowlisted authorization server fields.
func parseServer(doc *model.AuthDocument, raw map[string]json.RawMessage) {
	if s, ok := str(raw["issuer"]); ok {
		r := Reduce(s)
		doc.Issuer = &r
	}
	doc.CodeChallengeMethods = strs(raw["code_challenge_methods_supported"])
	doc.GrantTypes = strs(raw["grant_types_supported"])
	doc.ResponseTypes = strs(raw["response_types_supported"])
	doc.TokenAuthMethods = strs(raw["token_endpoint_auth_methods_supported"])
	doc.Scopes = strs(raw["scopes_supported"])
	doc.IssParameterSupported = boolean(raw["authorization_response_iss_parameter_supported"])
	doc.ClientIDMetadataDocs = boolean(raw["client_id_metadata_document_supported"])
	doc.Endpoints = urlFields(raw, map[string]bool{"issuer": true})
}

// urlField matches the names of URL-valued metadata fields.
var urlField = regexp.MustCompile(`^[a-z0-9_]{1,64}_(endpoint|uri|url|documentation)$`)

// urlFields are every top-level URL-valued string field, sorted by name.
func urlFields(raw map[string]json.RawMessage, skip map[string]bool) []model.AuthEndpoint {
	var names []string
	for k := range raw {
		if !skip[k] && urlField.MatchString(k) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	var out []model.AuthEndpoint
	for _, k := range names {
		if s, ok := str(raw[k]); ok && len(out) < maxList {
			out = append(out, model.AuthEndpoint{Field: k, URL: Reduce(s)})
		}
	}
	return out
}

func str(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func strs(raw json.RawMessage) []string {
	var xs []string
	if len(raw) == 0 || json.Unmarshal(raw, &xs) != nil || len(xs) == 0 {
		return nil
	}
	return clipList(xs)
}

func boolean(raw json.RawMessage) *bool {
	var b bool
	if len(raw) == 0 || json.Unmarshal(raw, &b) != nil {
		return nil
	}
	return &b
}
