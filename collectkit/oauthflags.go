package collectkit

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/assay-mcp/assay/collectkit/oauth"
)

// OAuthFlags are the OAuth login flags both binaries take (--oauth,
// --oauth-device, --oauth-cache, --oauth-client-id), checked by the same
// rules (docs/remote.md).
type OAuthFlags struct {
	On       bool
	Device   bool
	Cache    string
	ClientID string
	// OpenBrowser and HasBrowser replace the system browser (see
	// oauth.Options); nil for the real one. Tests script the user.
	OpenBrowser func(ctx context.Context, url string) error
	HasBrowser  func() bool
}

// OAuthHelp are the flags' help texts, shared by both binaries.
var OAuthHelp = struct{ On, Device, Cache, ClientID string }{
	On:       "log in with OAuth to remote servers that ask for it (HTTP 401): authorization code + PKCE S256 in your browser, redirected to 127.0.0.1; tokens stay in memory",
	Device:   "log in with the OAuth device flow (RFC 8628): a code to enter on any device; implies --oauth",
	Cache:    "keep OAuth tokens in `FILE` (mode 0600; refused if group or others can read it) to reuse them next run",
	ClientID: "OAuth client `ID` registered with the authorization server, or the https URL of a Client ID Metadata Document (default: dynamic registration)",
}

// Check validates the flags against the rest of the command line: the
// servers given, --connect, and the --header values.
func (f *OAuthFlags) Check(servers int, connect bool, headers []string) error {
	if f.Device {
		f.On = true
	}
	if !f.On {
		if f.Cache != "" || f.ClientID != "" {
			return errors.New("--oauth-cache and --oauth-client-id apply with --oauth")
		}
		return nil
	}
	if servers == 0 && !connect {
		return errors.New("--oauth logs in to remote servers: give --server URL (or --connect)")
	}
	for _, h := range headers {
		if name, _, _ := strings.Cut(h, ":"); strings.EqualFold(strings.TrimSpace(name), "Authorization") {
			return errors.New("--oauth and an Authorization --header exclude each other")
		}
	}
	return nil
}

// Session starts the run's OAuth session, nil without --oauth. timeout
// is the per-server --timeout the login's bounds derive from. The error
// (a cache file others can read) is the caller's exit 66.
func (f *OAuthFlags) Session(timeout time.Duration, stderr io.Writer, client string) (*oauth.Session, error) {
	if !f.On {
		return nil, nil
	}
	return oauth.NewSession(&oauth.Options{
		Device: f.Device, ClientID: f.ClientID, CachePath: f.Cache,
		Timeout: timeout, Stderr: stderr, ClientName: client,
		OpenBrowser: f.OpenBrowser, HasBrowser: f.HasBrowser,
	})
}
