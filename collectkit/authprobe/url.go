package authprobe

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/model"
)

// shellMeta are the characters that turn a URL handed to a shell (`open`,
// `start`, PowerShell) into a command: the CVE-2025-6514 pattern of
// mcp-remote. '&', '?' and '=' are left out: queries use them.
const shellMeta = "`$();|<>\\\"'{}\n\r\t"

// maxPath bounds the path recorded for one URL.
const maxPath = 200

// Reduce parses a URL as served and keeps scheme, host and path only,
// plus the shell metacharacters found anywhere in the raw value.
func Reduce(raw string) model.AuthURL {
	out := model.AuthURL{Metachars: metachars(raw)}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		out.Invalid = true
		out.Scheme = schemeOf(raw)
		return out
	}
	out.Scheme = strings.ToLower(u.Scheme)
	out.Host = strings.ToLower(u.Host)
	out.Path = clip(u.Path)
	return out
}

// metachars lists each shell metacharacter of s once, in set order;
// control characters are written as \n, \r and \t.
func metachars(s string) string {
	var b strings.Builder
	for _, c := range shellMeta {
		if strings.ContainsRune(s, c) {
			switch c {
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// schemeOf is the scheme-looking prefix of an unparsable value, if any.
func schemeOf(raw string) string {
	i := strings.IndexByte(raw, ':')
	if i <= 0 || i > 32 {
		return ""
	}
	for j, c := range raw[:i] {
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !(alpha || j > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return ""
		}
	}
	return strings.ToLower(raw[:i])
}

func clip(s string) string {
	if len(s) <= maxPath {
		return s
	}
	s = s[:maxPath]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "…"
}

// fetchable reports whether a metadata URL may be fetched: http(s), a
// host, and nothing a shell would act on.
func fetchable(u model.AuthURL) bool {
	return !u.Invalid && u.Metachars == "" && u.Host != "" && (u.Scheme == "https" || u.Scheme == "http")
}

// EachURL calls fn on every URL a posture records, so the collector can
// scrub paths (a key in a URL path is a common pattern) before the
// posture reaches a bundle.
func EachURL(p *model.AuthPosture, fn func(*model.AuthURL)) {
	if p == nil {
		return
	}
	if p.Endpoint != nil {
		fn(p.Endpoint)
	}
	if p.Challenge != nil && p.Challenge.ResourceMetadata != nil {
		fn(p.Challenge.ResourceMetadata)
	}
	for i := range p.Documents {
		d := &p.Documents[i]
		fn(&d.URL)
		for _, u := range []*model.AuthURL{d.For, d.Resource, d.Issuer} {
			if u != nil {
				fn(u)
			}
		}
		for j := range d.AuthorizationServers {
			fn(&d.AuthorizationServers[j])
		}
		for j := range d.Endpoints {
			fn(&d.Endpoints[j].URL)
		}
	}
}
