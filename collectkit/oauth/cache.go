package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/assay-mcp/assay/collectkit/outfile"
	"golang.org/x/oauth2"
)

// cacheKind names the --oauth-cache format.
const cacheKind = "assay.oauth-cache/v1"

// cacheFile is the --oauth-cache document: per server URL, what refreshes
// and uses a token. It holds secrets and is only ever mode 0600.
type cacheFile struct {
	Kind    string                 `json:"kind"`
	Servers map[string]*cacheEntry `json:"servers"`
}

type cacheEntry struct {
	ClientID     string           `json:"client_id"`
	ClientSecret string           `json:"client_secret,omitempty"`
	TokenURL     string           `json:"token_url"`
	AuthStyle    oauth2.AuthStyle `json:"auth_style,omitempty"`
	Scopes       []string         `json:"scopes,omitempty"`
	AccessToken  string           `json:"access_token"`
	TokenType    string           `json:"token_type,omitempty"`
	RefreshToken string           `json:"refresh_token,omitempty"`
	Expiry       time.Time        `json:"expiry,omitzero"`
}

// readCache reads the cache; a missing file is an empty cache. A file
// that group or others may read, or that is not a regular file, is
// refused: its tokens may already have leaked, and Assay will not use or
// extend them.
func readCache(path string) (*cacheFile, error) {
	c := &cacheFile{Kind: cacheKind, Servers: map[string]*cacheEntry{}}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, fail("--oauth-cache %s: cannot read it", path)
	}
	if !fi.Mode().IsRegular() {
		return nil, fail("--oauth-cache %s: not a regular file; refused", path)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, fail("--oauth-cache %s: readable or writable by group or others (mode %04o); refused: its tokens may have leaked; delete it (or chmod 600 if you are sure)", path, perm)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fail("--oauth-cache %s: cannot read it", path)
	}
	if err := json.Unmarshal(data, c); err != nil || c.Kind != cacheKind {
		return nil, fail("--oauth-cache %s: not an Assay OAuth cache (%s)", path, cacheKind)
	}
	if c.Servers == nil {
		c.Servers = map[string]*cacheEntry{}
	}
	return c, nil
}

// save records a grant in the cache file, when one was named.
func (s *Session) save(ctx context.Context, serverURL string, g *grant) error {
	if s.cache == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache.Servers[serverURL] = &cacheEntry{
		ClientID: g.cfg.ClientID, ClientSecret: g.cfg.ClientSecret, TokenURL: g.cfg.Endpoint.TokenURL,
		AuthStyle: g.cfg.Endpoint.AuthStyle, Scopes: g.cfg.Scopes,
		AccessToken: g.token.AccessToken, TokenType: g.token.TokenType,
		RefreshToken: g.token.RefreshToken, Expiry: g.token.Expiry,
	}
	data, err := json.MarshalIndent(s.cache, "", "  ")
	if err != nil {
		return fail("--oauth-cache: %v", err)
	}
	if err := outfile.Write(ctx, s.o.CachePath, append(data, '\n'), &outfile.Options{Private: true}); err != nil {
		return fail("--oauth-cache: not written: %v", err)
	}
	return nil
}

func (s *Session) cacheNote() string {
	if s.cache == nil {
		return " and is never written to disk"
	}
	return " and in " + s.o.CachePath + " (mode 0600)"
}

// cached returns the cached token source for serverURL when the server
// still accepts it (after a refresh, if it had expired), else nil: a
// rejected entry is forgotten and the login runs again.
func (l *login) cached(ctx context.Context, serverURL, transport string) oauth2.TokenSource {
	if l.cache == nil {
		return nil
	}
	l.mu.Lock()
	e := l.cache.Servers[serverURL]
	l.mu.Unlock()
	if e == nil {
		return nil
	}
	g := &grant{
		cfg: &oauth2.Config{ClientID: e.ClientID, ClientSecret: e.ClientSecret, Scopes: e.Scopes,
			Endpoint: oauth2.Endpoint{TokenURL: e.TokenURL, AuthStyle: e.AuthStyle}},
		token: &oauth2.Token{AccessToken: e.AccessToken, TokenType: e.TokenType, RefreshToken: e.RefreshToken, Expiry: e.Expiry},
	}
	ts := l.source(serverURL, g)
	if err := l.verify(ctx, serverURL, transport, ts, "the cached token"); err != nil {
		l.say("%v; logging in again", err)
		l.mu.Lock()
		delete(l.cache.Servers, serverURL)
		l.mu.Unlock()
		return nil
	}
	l.say("using the token cached in %s", l.o.CachePath)
	return ts
}
