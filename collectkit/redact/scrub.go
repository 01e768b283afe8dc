package redact

import (
	"regexp"
	"sort"
	"strings"
)

// credAssign matches "name=value" and "name: value" pairs whose name is
// credential-like, as servers print them in error messages.
var credAssign = regexp.MustCompile(`(?i)\b([A-Za-z0-9_.\-]*(?:token|secret|password|passwd|api[_-]?key|apikey|authorization|bearer|credential)[A-Za-z0-9_.\-]*)("?\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;&"']+)`)

// userinfo matches the credentials part of a URL.
var userinfo = regexp.MustCompile(`(://)[^/\s:@]+:[^/\s@]+@`)

// Scrub removes secrets from free text such as a server's stderr before
// it is shown or stored: every known value (the literal env and header
// values the server was started with), issuer-shaped tokens and JWTs,
// credential-like assignments and URL passwords become the marker.
func Scrub(text string, known ...string) string {
	// Longest first, so a value containing another is replaced whole.
	ks := append([]string(nil), known...)
	sort.Slice(ks, func(i, j int) bool { return len(ks[i]) > len(ks[j]) })
	for _, k := range ks {
		if len(k) >= 4 {
			text = strings.ReplaceAll(text, k, Marker)
		}
	}
	text = userinfo.ReplaceAllString(text, "${1}"+Marker+"@")
	text = credAssign.ReplaceAllString(text, "${1}${2}"+Marker)
	var b strings.Builder
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		tok := text[start:end]
		if _, ok := issuerOf(tok); ok || isJWT(tok) {
			b.WriteString(Marker)
		} else {
			b.WriteString(tok)
		}
		start = -1
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
		b.WriteByte(c)
	}
	flush(len(text))
	return b.String()
}
