package oauth

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// discovery is what the device flow needs to know about the protected
// resource and its authorization server. The authorization code flow
// discovers the same through the go-sdk's handler.
type discovery struct {
	resource string
	scopes   []string
	asm      *oauthex.AuthServerMeta
	device   string // device_authorization_endpoint, "" when not offered
}

// discover follows the MCP authorization spec's discovery: the
// challenge's resource_metadata, then the RFC 9728 well-known URLs (path,
// then root), then the 2025-03-26 fallback of the server's origin as the
// authorization server; the authorization server metadata is read and
// validated by the go-sdk (RFC 8414 and OIDC placements, issuer, PKCE).
func (s *login) discover(ctx context.Context, serverURL string, resp *http.Response) (*discovery, error) {
	challenges, _ := oauthex.ParseWWWAuthenticate(resp.Header.Values("WWW-Authenticate"))
	d := &discovery{resource: serverURL}
	var issuer string
	for _, c := range prmCandidates(challenges, serverURL) {
		prm, err := oauthex.GetProtectedResourceMetadata(ctx, c[0], c[1], s.client)
		if err != nil || prm == nil {
			continue
		}
		if len(prm.AuthorizationServers) == 0 {
			return nil, fail("the protected resource metadata names no authorization server")
		}
		d.resource, d.scopes, issuer = prm.Resource, prm.ScopesSupported, prm.AuthorizationServers[0]
		break
	}
	if issuer == "" {
		u, err := url.Parse(serverURL)
		if err != nil {
			return nil, fail("the server URL does not parse")
		}
		issuer = u.Scheme + "://" + u.Host
	}
	for _, c := range challenges {
		if c.Scheme == "bearer" && c.Params["scope"] != "" {
			d.scopes = strings.Fields(c.Params["scope"])
		}
	}
	asm, err := auth.GetAuthServerMetadata(ctx, issuer, s.client)
	if err != nil {
		return nil, safe("authorization server metadata", err)
	}
	if asm == nil {
		return nil, fail("no authorization server metadata at %s", hostOf(issuer))
	}
	d.asm = asm
	d.device = s.deviceEndpoint(ctx, asm.Issuer)
	return d, nil
}

// prmCandidates are the (metadata URL, expected resource) pairs to try.
func prmCandidates(challenges []oauthex.Challenge, serverURL string) [][2]string {
	var out [][2]string
	for _, c := range challenges {
		if u := c.Params["resource_metadata"]; u != "" {
			out = append(out, [2]string{u, serverURL})
			break
		}
	}
	u, err := url.Parse(serverURL)
	if err != nil {
		return out
	}
	origin := u.Scheme + "://" + u.Host
	out = append(out, [2]string{origin + "/.well-known/oauth-protected-resource/" + strings.TrimLeft(u.Path, "/"), serverURL})
	return append(out, [2]string{origin + "/.well-known/oauth-protected-resource", origin})
}

// deviceEndpoint reads device_authorization_endpoint (RFC 8628 §4), a
// field the go-sdk's metadata type does not carry, from the first
// metadata placement that answers for this issuer; "" when none offers
// it or it is not https (or http on loopback).
func (s *login) deviceEndpoint(ctx context.Context, issuer string) string {
	for _, mu := range metadataURLs(issuer) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, mu, nil)
		if err != nil {
			return ""
		}
		req.Header.Set("Accept", "application/json")
		resp, err := s.client.Do(req)
		if err != nil {
			return ""
		}
		var doc struct {
			Issuer string `json:"issuer"`
			Device string `json:"device_authorization_endpoint"`
		}
		ok := resp.StatusCode == http.StatusOK && json.NewDecoder(resp.Body).Decode(&doc) == nil
		resp.Body.Close()
		if !ok || doc.Issuer != issuer {
			continue
		}
		if _, err := printableURL(doc.Device); err != nil {
			return ""
		}
		return doc.Device
	}
	return ""
}

// metadataURLs are RFC 8414 §3.1 and OpenID Connect discovery placements.
func metadataURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil
	}
	origin := u.Scheme + "://" + u.Host
	p := strings.Trim(u.Path, "/")
	if p == "" {
		return []string{origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration"}
	}
	return []string{origin + "/.well-known/oauth-authorization-server/" + p,
		origin + "/.well-known/openid-configuration/" + p, origin + "/" + p + "/.well-known/openid-configuration"}
}
