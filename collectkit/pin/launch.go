package pin

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/lock"
)

// LaunchOf is the strict form of how t starts or is reached, with salted
// HMACs of its exact arguments and of its non-secret values. Secrets
// never enter an HMAC: a credential flag's value, a token-shaped word, a
// credential-named env var or header, URL userinfo and secret query
// parameters are left out, so rotating a key changes nothing in a lock.
func LaunchOf(t collectkit.Target, salt []byte) lock.Launch {
	l := lock.Launch{Transport: t.Transport, Env: sortedNames(t.Env), Headers: sortedNames(t.Headers)}
	if t.Transport == "stdio" {
		l.Command = redact.Base(t.Command)
		shown := collectkit.ShownArgs(t.Args)
		l.Args = shown
		secret := map[int]bool{}
		_, found := redact.Args(t.Args)
		for _, f := range found {
			secret[f.Index] = true
		}
		exact := make([]string, len(t.Args))
		for i, a := range t.Args {
			exact[i] = a
			if secret[i] || strings.Contains(shown[i], redact.Marker) {
				exact[i] = shown[i]
			}
		}
		if len(exact) > 0 {
			l.ArgsHMAC = mac(salt, exact)
		}
	} else {
		l.URL = redact.URLLabel(t.URL)
	}
	values := map[string]string{}
	for k, v := range t.Env {
		if plainValue(k, v) {
			values["env:"+k] = v
		}
	}
	for k, v := range t.Headers {
		if plainValue(k, v) {
			values["header:"+strings.ToLower(k)] = v
		}
	}
	if u := plainURL(t.URL); u != "" {
		values["url"] = u
	}
	if len(values) > 0 {
		l.ValuesHMAC = mac(salt, values)
	}
	return l
}

// plainValue reports whether a named value may enter an HMAC: neither its
// name nor its content says credential.
func plainValue(name, value string) bool {
	if redact.IsCredentialName(name) {
		return false
	}
	_, secret := redact.DetectSecret(name, value)
	return !secret
}

// plainURL is the URL without userinfo, fragment and secret query
// parameters; "" when there is none.
func plainURL(raw string) string {
	if raw == "" {
		return ""
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return ""
	}
	u.User, u.Fragment = nil, ""
	q := u.Query()
	for k, vs := range q {
		for _, v := range vs {
			if !plainValue(k, v) {
				q.Del(k)
				break
			}
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// mac is "hmac-sha256:" + hex HMAC-SHA256 over the canonical JSON of v.
func mac(salt []byte, v any) string {
	data, err := canon.Marshal(v)
	if err != nil {
		return ""
	}
	m := hmac.New(sha256.New, salt)
	m.Write(data)
	return "hmac-sha256:" + hex.EncodeToString(m.Sum(nil))
}

func sortedNames(m map[string]string) []string {
	if len(m) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}
