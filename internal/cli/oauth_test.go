package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/collectkit/interrupt"
	"github.com/assay-mcp/assay/internal/oauthfixture"
	"github.com/assay-mcp/assay/internal/testenv"
)

// scriptedBrowser is the user's browser: it asks the authorization URL
// (the fixture approves at once), then delivers the redirect to Assay's
// loopback listener, optionally with the state swapped.
func scriptedBrowser(t *testing.T, badState bool) func(ctx context.Context, u string) error {
	return func(ctx context.Context, u string) error {
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := noFollow.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound {
			t.Errorf("authorization endpoint answered %d, want 302", resp.StatusCode)
			return nil
		}
		back, _ := url.Parse(resp.Header.Get("Location"))
		if back.Hostname() != "127.0.0.1" || back.Port() == "" {
			t.Errorf("redirect goes to %q, want the 127.0.0.1 loopback", back.Host)
		}
		if badState {
			q := back.Query()
			q.Set("state", "forged-"+q.Get("state"))
			back.RawQuery = q.Encode()
		}
		req, _ = http.NewRequestWithContext(ctx, http.MethodGet, back.String(), nil)
		resp, err = noFollow.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if want := map[bool]int{false: 200, true: 400}[badState]; resp.StatusCode != want {
			t.Errorf("loopback answered %d, want %d", resp.StatusCode, want)
		}
		return nil
	}
}

type oauthRun struct {
	code   int
	stdout string
	stderr string
	dir    string
}

func runOAuth(t *testing.T, ctx context.Context, fx *oauthfixture.Fixture, opts *Options, args ...string) oauthRun {
	t.Helper()
	dir := t.TempDir()
	full := append([]string{"scan", "--server", fx.URL, "--yes", "--timeout", testenv.D(10 * time.Second).String()}, args...)
	for i, a := range full {
		full[i] = strings.ReplaceAll(a, "$DIR", dir)
	}
	var out bytes.Buffer
	errw := fx.NewUser()
	code := RunWith(ctx, full, strings.NewReader(""), &out, errw, opts)
	return oauthRun{code: code, stdout: out.String(), stderr: errw.String(), dir: dir}
}

// noCanary fails if any output of the run, any file in its directory, or
// what it printed carries a token the fixture issued.
func noCanary(t *testing.T, fx *oauthfixture.Fixture, r oauthRun, except ...string) {
	t.Helper()
	if len(fx.Issued()) == 0 {
		t.Fatal("the fixture issued no token: the canary proves nothing")
	}
	check := func(where, s string) {
		if strings.Contains(s, fx.Canary) {
			t.Errorf("%s carries an OAuth token", where)
		}
	}
	check("stdout", r.stdout)
	check("stderr", r.stderr)
	entries, _ := os.ReadDir(r.dir)
	for _, e := range entries {
		if slices.Contains(except, e.Name()) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(r.dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		check(e.Name(), string(data))
	}
}

func collected(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		Servers []struct {
			ProtocolVersion string            `json:"protocolVersion"`
			Tools           []json.RawMessage `json:"tools"`
		} `json:"servers"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	if len(b.Servers) != 1 || b.Servers[0].ProtocolVersion == "" || len(b.Servers[0].Tools) == 0 {
		t.Fatalf("the protected server was not collected: %s", data[:min(len(data), 300)])
	}
}

// TestOAuthAuthorizationCode: the browser login end to end, PKCE
// verified by the authorization server, the server collected with the
// token, and no token in any output of any format.
func TestOAuthAuthorizationCode(t *testing.T) {
	fx := oauthfixture.Start(t, nil)
	opts := &Options{OpenBrowser: scriptedBrowser(t, false)}
	ctx := testenv.Context(t, 60*time.Second)
	r := runOAuth(t, ctx, fx, opts, "--oauth", "--bundle", "$DIR/b.json", "--findings", "$DIR/f.json",
		"--html", "$DIR/r.html", "--format", "sarif", "-o", "$DIR/out.sarif")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	collected(t, filepath.Join(r.dir, "b.json"))
	if ok, bad, _, reg := fx.Counts(); ok != 1 || bad != 0 || reg != 1 {
		t.Errorf("PKCE verified %d, failed %d, registrations %d; want 1, 0, 1", ok, bad, reg)
	}
	for _, want := range []string{"authorization code", "127.0.0.1", "never written to disk"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	t.Logf("login and scan: %d requests to the authorization server, %d to the MCP server", fx.ASRequests.Load(), fx.RSRequests.Load())
	noCanary(t, fx, r)
	for _, format := range []string{"table", "markdown", "json"} {
		r := runOAuth(t, ctx, fx, opts, "--oauth", "--format", format)
		if r.code != 0 || r.stdout == "" {
			t.Fatalf("--format %s: exit %d\n%s", format, r.code, r.stderr)
		}
		noCanary(t, fx, r)
	}
}

// TestOAuthWrongState: a redirect whose state Assay did not send is
// refused, the code is never exchanged, and the scan fails with 69.
func TestOAuthWrongState(t *testing.T) {
	fx := oauthfixture.Start(t, nil)
	r := runOAuth(t, testenv.Context(t, 60*time.Second), fx, &Options{OpenBrowser: scriptedBrowser(t, true)},
		"--oauth", "--bundle", "$DIR/b.json")
	if r.code != ExitUnavailable {
		t.Fatalf("exit %d, want 69\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "state Assay did not send") {
		t.Errorf("stderr does not name the state:\n%s", r.stderr)
	}
	if _, _, tokens, _ := fx.Counts(); tokens != 0 {
		t.Errorf("%d token requests after a forged state, want 0", tokens)
	}
}

// TestOAuthDeviceFlow: asked for (--oauth-device), and chosen because no
// browser can be opened; the user approves the code shown on stderr.
func TestOAuthDeviceFlow(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		opts *Options
		why  string
	}{
		{"asked", []string{"--oauth-device"}, &Options{OpenBrowser: scriptedBrowser(t, false)}, "(--oauth-device)"},
		{"no-browser", []string{"--oauth"}, &Options{OpenBrowser: scriptedBrowser(t, false), HasBrowser: func() bool { return false }}, "(no browser can be opened here)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fx := oauthfixture.Start(t, nil)
			r := runOAuth(t, testenv.Context(t, 60*time.Second), fx, tc.opts, append(tc.args, "--bundle", "$DIR/b.json", "--format", "json")...)
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			collected(t, filepath.Join(r.dir, "b.json"))
			if !strings.Contains(r.stderr, "device flow "+tc.why) {
				t.Errorf("stderr does not say the device flow is used %s:\n%s", tc.why, r.stderr)
			}
			if ok, _, _, _ := fx.Counts(); ok != 0 {
				t.Errorf("the authorization code flow ran too")
			}
			noCanary(t, fx, r)
		})
	}
	t.Run("printed-url", func(t *testing.T) {
		// No browser and no device flow: the URL is printed for the
		// user, who opens it by hand.
		fx := oauthfixture.Start(t, &oauthfixture.Options{NoDevice: true})
		r := runOAuth(t, testenv.Context(t, 60*time.Second), fx, &Options{OpenBrowser: scriptedBrowser(t, false), HasBrowser: func() bool { return false }},
			"--oauth", "--bundle", "$DIR/b.json")
		if r.code != 0 || !strings.Contains(r.stderr, "could not open a browser: open this URL yourself") {
			t.Fatalf("exit %d, want the URL printed and the login done by hand\n%s", r.code, r.stderr)
		}
		collected(t, filepath.Join(r.dir, "b.json"))
		noCanary(t, fx, r)
	})
	t.Run("not-offered", func(t *testing.T) {
		fx := oauthfixture.Start(t, &oauthfixture.Options{NoDevice: true})
		r := runOAuth(t, testenv.Context(t, 60*time.Second), fx, &Options{OpenBrowser: scriptedBrowser(t, false)}, "--oauth-device")
		if r.code != ExitUnavailable || !strings.Contains(r.stderr, "does not offer the device flow") {
			t.Fatalf("exit %d, want 69 naming the missing device flow\n%s", r.code, r.stderr)
		}
	})
}

// TestOAuthRejectedToken: a token the server does not accept (revoked,
// expired) is a clear error and exit 69, with no token in the message.
func TestOAuthRejectedToken(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    *oauthfixture.Options
	}{{"revoked", nil}, {"expired", &oauthfixture.Options{TokenLifetime: -time.Hour}}} {
		t.Run(tc.name, func(t *testing.T) {
			fx := oauthfixture.Start(t, tc.o)
			if tc.o == nil {
				fx.Revoke()
			}
			r := runOAuth(t, testenv.Context(t, 60*time.Second), fx, &Options{OpenBrowser: scriptedBrowser(t, false)},
				"--oauth", "--bundle", "$DIR/b.json", "--format", "json")
			if r.code != ExitUnavailable {
				t.Fatalf("exit %d, want 69\n%s", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, "rejected the token just obtained (HTTP 401") {
				t.Errorf("stderr does not explain the rejection:\n%s", r.stderr)
			}
			noCanary(t, fx, r)
		})
	}
}

// TestOAuthCache: --oauth-cache keeps the token (0600) and the next run
// uses it without a login; a cache others can read is refused.
func TestOAuthCache(t *testing.T) {
	fx := oauthfixture.Start(t, nil)
	cache := filepath.Join(t.TempDir(), "tokens.json")
	opts := &Options{OpenBrowser: scriptedBrowser(t, false)}
	ctx := testenv.Context(t, 60*time.Second)
	r := runOAuth(t, ctx, fx, opts, "--oauth", "--oauth-cache", cache, "--format", "json")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	noCanary(t, fx, r)
	fi, err := os.Stat(cache)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache: %v, mode %v; want 0600", err, fi)
	}
	if data, _ := os.ReadFile(cache); !strings.Contains(string(data), fx.Canary) {
		t.Fatal("the requested cache does not hold the token")
	}
	r = runOAuth(t, ctx, fx, opts, "--oauth", "--oauth-cache", cache, "--format", "json")
	if r.code != 0 || !strings.Contains(r.stderr, "using the token cached") {
		t.Fatalf("second run: exit %d, want the cached token used\n%s", r.code, r.stderr)
	}
	if ok, _, _, _ := fx.Counts(); ok != 1 {
		t.Errorf("%d logins, want 1 (the second run uses the cache)", ok)
	}
	if err := os.Chmod(cache, 0o644); err != nil {
		t.Fatal(err)
	}
	r = runOAuth(t, ctx, fx, opts, "--oauth", "--oauth-cache", cache)
	if r.code != ExitNoInput || !strings.Contains(r.stderr, "readable or writable by group or others") {
		t.Fatalf("world-readable cache: exit %d, want 66\n%s", r.code, r.stderr)
	}
}

// TestOAuthInterrupt: ^C while waiting for the browser ends the run at
// once with 130 and writes nothing.
func TestOAuthInterrupt(t *testing.T) {
	fx := oauthfixture.Start(t, nil)
	ctx, cancel := context.WithCancelCause(testenv.Context(t, 60*time.Second))
	defer cancel(nil)
	opts := &Options{OpenBrowser: func(context.Context, string) error {
		cancel(interrupt.Signal{Sig: os.Interrupt})
		return nil
	}}
	start := time.Now()
	r := runOAuth(t, ctx, fx, opts, "--oauth", "--bundle", "$DIR/b.json")
	if r.code != 130 {
		t.Fatalf("exit %d, want 130\n%s", r.code, r.stderr)
	}
	if d := time.Since(start); d > testenv.D(10*time.Second) {
		t.Errorf("the cancelled login took %s", d)
	}
	if _, err := os.Stat(filepath.Join(r.dir, "b.json")); err == nil {
		t.Error("a bundle was written after ^C")
	}
}

// TestOAuthClientID: --oauth-client-id is used as a registered client id,
// or, as an https URL, as a Client ID Metadata Document where the server
// supports them; no dynamic registration happens either way.
func TestOAuthClientID(t *testing.T) {
	for _, id := range []string{"assay-preregistered", "https://assay.example/oauth/client.json"} {
		t.Run(id[:5], func(t *testing.T) {
			fx := oauthfixture.Start(t, &oauthfixture.Options{NoRegistration: true, Preregistered: id})
			var sawID string
			browse := scriptedBrowser(t, false)
			opts := &Options{OpenBrowser: func(ctx context.Context, u string) error {
				if p, err := url.Parse(u); err == nil {
					sawID = p.Query().Get("client_id")
				}
				return browse(ctx, u)
			}}
			r := runOAuth(t, testenv.Context(t, 60*time.Second), fx, opts, "--oauth", "--oauth-client-id", id, "--bundle", "$DIR/b.json")
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			collected(t, filepath.Join(r.dir, "b.json"))
			if _, _, _, reg := fx.Counts(); reg != 0 || sawID != id {
				t.Errorf("client_id %q, %d registrations; want %q and none", sawID, reg, id)
			}
			noCanary(t, fx, r)
		})
	}
}

// TestOAuthCacheRefresh: a cached token that expired is refreshed with
// its refresh token (no new login) and the cache keeps the new one.
func TestOAuthCacheRefresh(t *testing.T) {
	// x/oauth2 treats a token as expired 10 s before its expiry: a 5 s
	// lifetime is stale on the next run.
	fx := oauthfixture.Start(t, &oauthfixture.Options{TokenLifetime: 5 * time.Second})
	cache := filepath.Join(t.TempDir(), "tokens.json")
	opts := &Options{OpenBrowser: scriptedBrowser(t, false)}
	ctx := testenv.Context(t, 60*time.Second)
	if r := runOAuth(t, ctx, fx, opts, "--oauth", "--oauth-cache", cache); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	first, _ := os.ReadFile(cache)
	_, _, tokensBefore, _ := fx.Counts()
	r := runOAuth(t, ctx, fx, opts, "--oauth", "--oauth-cache", cache, "--bundle", "$DIR/b.json")
	if r.code != 0 || !strings.Contains(r.stderr, "using the token cached") {
		t.Fatalf("exit %d, want the cached token refreshed and used\n%s", r.code, r.stderr)
	}
	collected(t, filepath.Join(r.dir, "b.json"))
	second, _ := os.ReadFile(cache)
	pkce, _, tokens, _ := fx.Counts()
	if pkce != 1 || tokens <= tokensBefore || bytes.Equal(first, second) {
		t.Errorf("logins %d, token requests %d→%d, cache rewritten %v; want 1 login, a refresh, a new cache", pkce, tokensBefore, tokens, !bytes.Equal(first, second))
	}
	noCanary(t, fx, r)
}
