package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// grant is what a login produced: the token and how to refresh it.
type grant struct {
	cfg   *oauth2.Config
	token *oauth2.Token
}

// authCode runs the authorization code grant with PKCE S256 through the
// go-sdk's handler: discovery, registration, the resource and iss
// checks are the SDK's; Assay supplies the browser step and the loopback
// redirect. req and resp are the unauthenticated request and its 401.
func (s *login) authCode(ctx context.Context, req *http.Request, resp *http.Response, browser bool) (*grant, error) {
	lb, err := listenLoopback()
	if err != nil {
		return nil, err
	}
	defer lb.close()
	var g grant
	cfg := &auth.AuthorizationCodeHandlerConfig{
		DynamicClientRegistrationConfig: &auth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			RedirectURIs:            []string{lb.redirect},
			TokenEndpointAuthMethod: "none",
			GrantTypes:              []string{"authorization_code", "refresh_token"},
			ResponseTypes:           []string{"code"},
			ClientName:              s.o.ClientName,
		}},
		RedirectURL:           lb.redirect,
		AcceptUnadvertisedIss: true,
		RequestRefreshToken:   s.o.CachePath != "",
		Client:                s.client,
		AuthorizationCodeFetcher: func(ctx context.Context, a *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
			return s.browserStep(ctx, a.URL, lb, browser)
		},
		NewTokenSource: func(ctx context.Context, c *oauth2.Config, t *oauth2.Token) (oauth2.TokenSource, error) {
			g.cfg, g.token = c, t
			return oauth2.StaticTokenSource(t), nil
		},
	}
	if id := s.o.ClientID; isCIMD(id) {
		cfg.ClientIDMetadataDocumentConfig = &auth.ClientIDMetadataDocumentConfig{URL: id}
	} else if id != "" {
		cfg.PreregisteredClient = &oauthex.ClientCredentials{ClientID: id}
	}
	h, err := auth.NewAuthorizationCodeHandler(cfg)
	if err != nil {
		return nil, safe("OAuth set-up", err)
	}
	if err := h.Authorize(ctx, req, resp); err != nil {
		return nil, safe("OAuth login", err)
	}
	if g.token == nil {
		return nil, fail("the server refused access (HTTP %d) without asking for a login", resp.StatusCode)
	}
	return &g, nil
}

// browserStep shows the user where the login happens, opens the browser
// (or prints the URL to open), and waits for the redirect.
func (s *login) browserStep(ctx context.Context, authURL string, lb *loopback, browser bool) (*auth.AuthorizationResult, error) {
	shown, err := printableURL(authURL)
	if err != nil {
		return nil, err
	}
	state, err := stateOf(authURL)
	if err != nil {
		return nil, safe("OAuth login", err)
	}
	lb.state.Store(&state)
	s.say("authorization code + PKCE S256 at %s; the browser returns to %s (this machine only)", hostOf(authURL), lb.redirect)
	opened := false
	if browser {
		if err := s.o.OpenBrowser(ctx, authURL); err == nil {
			opened = true
			s.say("opened your browser; waiting up to %s for the login (Ctrl-C cancels)", s.o.Wait)
		}
	}
	if !opened {
		s.say("could not open a browser: open this URL yourself on this machine, then come back (waiting up to %s, Ctrl-C cancels):\n    %s", s.o.Wait, shown)
	}
	wctx, cancel := context.WithTimeout(ctx, s.o.Wait)
	defer cancel()
	res, err := lb.wait(wctx)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return nil, fail("no login within %s (raise --timeout to allow more)", s.o.Wait)
		}
		return nil, err
	}
	return res, nil
}

// printableURL checks an authorization URL before it goes to a browser or
// a terminal: https, or http to a loopback host, with no user
// information; its re-encoded form has no control or non-ASCII
// characters and no shell metacharacters (the mcp-remote CVE-2025-6514
// pattern is a URL that a launcher passes to a shell; xdg-open is a
// shell script, and the user may paste the URL into one).
func printableURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Opaque != "" {
		return "", fail("the authorization endpoint is not a usable URL; refused")
	}
	if u.Scheme != "https" && !(u.Scheme == "http" && isLoopback(u.Hostname())) {
		return "", fail("the authorization endpoint uses %q, not https; refused", clip(u.Scheme, 20))
	}
	out := u.String()
	for _, r := range out {
		if r < 0x21 || r > 0x7e || strings.ContainsRune("$`;|<>()\\'\"{}!*", r) {
			return "", fail("the authorization URL holds characters a terminal or shell could act on; refused")
		}
	}
	return out, nil
}

func isLoopback(host string) bool {
	return host == "localhost" || host == "127.0.0.1" || host == "::1" || strings.HasPrefix(host, "127.")
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "?"
	}
	return clean(u.Host)
}

// isCIMD reports whether a --oauth-client-id is a Client ID Metadata
// Document URL (an https URL with a path) rather than a registered id.
func isCIMD(id string) bool {
	u, err := url.Parse(id)
	return err == nil && u.Scheme == "https" && u.Host != "" && strings.Trim(u.Path, "/") != ""
}

func (s *login) say(format string, a ...any) {
	fmt.Fprintf(s.o.Stderr, "assay: oauth: %s: %s\n", s.label, fmt.Sprintf(format, a...))
}
