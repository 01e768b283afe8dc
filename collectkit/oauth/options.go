// Package oauth logs Assay in to an OAuth-protected remote MCP server for
// the operator's own scan (assay scan --oauth, assay-collect --oauth).
//
// It is a client of the MCP authorization spec and nothing more: the
// server's 401 challenge and the Protected Resource Metadata (RFC 9728)
// name the authorization server, whose metadata (RFC 8414 / OpenID
// Connect discovery) is read by the go-sdk's auth package, which also
// registers the client (Client ID Metadata Document, a pre-registered
// id, or RFC 7591 dynamic registration, as the server supports), runs
// the authorization code grant with PKCE S256, the RFC 8707 resource
// parameter and the RFC 9207 iss check. The browser step returns through
// a loopback redirect on 127.0.0.1 and a random port (RFC 8252) whose
// state is checked. Where no browser can be opened, or with --oauth-device,
// the device authorization grant (RFC 8628, golang.org/x/oauth2) is used
// when the authorization server offers it.
//
// Tokens live in memory. They are written only to the --oauth-cache file
// the operator names (mode 0600 through collectkit/outfile; a cache that
// group or others can read is refused), never to a bundle, a finding, a
// log or an error message: every error leaving this package is rebuilt
// from named fields, clipped and stripped of control characters.
package oauth

import (
	"context"
	"io"
	"net/http"
	"time"
)

// Options tune the login. Nil means defaults.
type Options struct {
	// Device asks for the device flow (--oauth-device) even where a
	// browser could be opened.
	Device bool
	// ClientID is a client id registered beforehand with the
	// authorization server, or the https URL of a Client ID Metadata
	// Document; empty registers dynamically where offered.
	ClientID string
	// CachePath, when set, keeps tokens in this file (--oauth-cache).
	CachePath string
	// Timeout bounds each request to the servers (the scan's --timeout);
	// default 30s. Wait bounds the step the user performs in the browser
	// or on another device; default ten times Timeout.
	Timeout time.Duration
	Wait    time.Duration
	// Stderr receives the consent and progress lines.
	Stderr io.Writer
	// OpenBrowser opens the authorization URL; nil is the system
	// browser. It returns ErrNoBrowser when none can be opened here.
	// Tests replace it with a client that follows the URL.
	OpenBrowser func(ctx context.Context, url string) error
	// HasBrowser reports whether a browser can be opened here; nil is a
	// check of the graphical session for the system browser, and true
	// for a replaced OpenBrowser.
	HasBrowser func() bool
	// Transport carries every request; nil is http.DefaultTransport.
	Transport http.RoundTripper
	// ClientName names Assay to the authorization server.
	ClientName string
}

// DefaultTimeout is the per-request limit when Options.Timeout is 0.
const DefaultTimeout = 30 * time.Second

func (o *Options) withDefaults() Options {
	var d Options
	if o != nil {
		d = *o
	}
	if d.Timeout <= 0 {
		d.Timeout = DefaultTimeout
	}
	if d.Wait <= 0 {
		d.Wait = 10 * d.Timeout
	}
	if d.Stderr == nil {
		d.Stderr = io.Discard
	}
	if d.OpenBrowser == nil {
		d.OpenBrowser = systemBrowser
		if d.HasBrowser == nil {
			d.HasBrowser = systemHasBrowser
		}
	}
	if d.HasBrowser == nil {
		d.HasBrowser = func() bool { return true }
	}
	if d.Transport == nil {
		d.Transport = http.DefaultTransport
	}
	if d.ClientName == "" {
		d.ClientName = "Assay"
	}
	return d
}
