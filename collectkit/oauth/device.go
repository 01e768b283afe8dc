package oauth

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// deviceFlow runs the device authorization grant (RFC 8628) with
// golang.org/x/oauth2: the user opens the verification URL on any device
// and enters the code; Assay polls the token endpoint at the interval
// the server asks for, with the RFC 8707 resource parameter.
func (s *login) deviceFlow(ctx context.Context, d *discovery) (*grant, error) {
	cfg, err := s.deviceClient(ctx, d)
	if err != nil {
		return nil, err
	}
	cctx := context.WithValue(ctx, oauth2.HTTPClient, s.client)
	resource := oauth2.SetAuthURLParam("resource", d.resource)
	da, err := cfg.DeviceAuth(cctx, resource)
	if err != nil {
		return nil, safe("device authorization", err)
	}
	shown, err := printableURL(da.VerificationURI)
	if err != nil {
		return nil, err
	}
	code := clean(da.UserCode)
	if code == "" || strings.ContainsAny(code, " ") {
		return nil, fail("the authorization server sent no usable user code")
	}
	s.say("device flow (RFC 8628): on any device, open\n    %s\n  and enter the code  %s\n  waiting up to %s (Ctrl-C cancels)", shown, code, s.o.Wait)
	wctx, cancel := context.WithTimeout(cctx, s.o.Wait)
	defer cancel()
	tok, err := cfg.DeviceAccessToken(wctx, da, resource)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return nil, fail("no login within %s (raise --timeout to allow more)", s.o.Wait)
		}
		return nil, safe("device flow", err)
	}
	return &grant{cfg: cfg, token: tok}, nil
}

// deviceClient picks the client identity as the go-sdk does for the
// authorization code flow: a Client ID Metadata Document where the
// server supports it, a pre-registered id, else RFC 7591 registration.
func (s *login) deviceClient(ctx context.Context, d *discovery) (*oauth2.Config, error) {
	cfg := &oauth2.Config{Scopes: d.scopes, Endpoint: oauth2.Endpoint{
		DeviceAuthURL: d.device, TokenURL: d.asm.TokenEndpoint, AuthStyle: oauth2.AuthStyleInParams}}
	id := s.o.ClientID
	switch {
	case isCIMD(id) && d.asm.ClientIDMetadataDocumentSupported, id != "" && !isCIMD(id):
		cfg.ClientID = id
	case d.asm.RegistrationEndpoint != "":
		reg, err := oauthex.RegisterClient(ctx, d.asm.RegistrationEndpoint, &oauthex.ClientRegistrationMetadata{
			RedirectURIs:            []string{},
			TokenEndpointAuthMethod: "none",
			GrantTypes:              []string{"urn:ietf:params:oauth:grant-type:device_code", "refresh_token"},
			ClientName:              s.o.ClientName,
		}, s.client)
		if err != nil {
			return nil, safe("client registration", err)
		}
		cfg.ClientID, cfg.ClientSecret = reg.ClientID, reg.ClientSecret
	default:
		return nil, fail("the authorization server at %s offers neither client registration nor Client ID Metadata Documents; pass --oauth-client-id", hostOf(d.asm.Issuer))
	}
	if _, err := url.Parse(cfg.Endpoint.TokenURL); err != nil || cfg.Endpoint.TokenURL == "" {
		return nil, fail("the authorization server metadata has no usable token endpoint")
	}
	return cfg, nil
}
