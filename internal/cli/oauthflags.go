package cli

import (
	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/oauth"
)

// registerOAuth registers the OAuth login flags (docs/remote.md); their
// rules are collectkit's, shared with assay-collect.
func registerOAuth(cmd *cobra.Command, o *collectkit.OAuthFlags) {
	f := cmd.Flags()
	f.BoolVar(&o.On, "oauth", false, collectkit.OAuthHelp.On)
	f.BoolVar(&o.Device, "oauth-device", false, collectkit.OAuthHelp.Device)
	f.StringVar(&o.Cache, "oauth-cache", "", collectkit.OAuthHelp.Cache)
	f.StringVar(&o.ClientID, "oauth-client-id", "", collectkit.OAuthHelp.ClientID)
}

// oauthSession starts the run's OAuth session, or nil without --oauth.
func oauthSession(e *env, sf *scanFlags) (*oauth.Session, error) {
	sf.oauth.OpenBrowser, sf.oauth.HasBrowser = e.openBrowser, e.hasBrowser
	s, err := sf.oauth.Session(sf.timeout, e.stderr, "Assay "+Version)
	if err != nil {
		return nil, &ExitError{Code: ExitNoInput, Err: err}
	}
	return s, nil
}
