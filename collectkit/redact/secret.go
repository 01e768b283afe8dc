package redact

import (
	"math"
	"sort"
	"strings"
)

// issuer is a token shape a provider stamps on its credentials. Min is
// the least length of the whole token, so prose like "sk-learn" is not
// taken for a key.
type issuer struct {
	Prefix string
	Min    int
	Label  string
}

// issuers are checked in order; longer prefixes of the same family first.
var issuers = []issuer{
	{"github_pat_", 30, "github_pat_ prefix"},
	{"ghp_", 30, "ghp_ prefix"},
	{"gho_", 30, "gho_ prefix"},
	{"ghu_", 30, "ghu_ prefix"},
	{"ghs_", 30, "ghs_ prefix"},
	{"ghr_", 30, "ghr_ prefix"},
	{"glpat-", 24, "glpat- prefix"},
	{"sk-ant-", 30, "sk-ant- prefix"},
	{"sk-proj-", 30, "sk-proj- prefix"},
	{"sk-", 24, "sk- prefix"},
	{"sk_live_", 20, "sk_live_ prefix"},
	{"sk_test_", 20, "sk_test_ prefix"},
	{"rk_live_", 20, "rk_live_ prefix"},
	{"xoxb-", 20, "xoxb- prefix"},
	{"xoxp-", 20, "xoxp- prefix"},
	{"xoxa-", 20, "xoxa- prefix"},
	{"xoxs-", 20, "xoxs- prefix"},
	{"xapp-", 20, "xapp- prefix"},
	{"AKIA", 20, "AKIA prefix"},
	{"ASIA", 20, "ASIA prefix"},
	{"AIza", 35, "AIza prefix"},
	{"npm_", 36, "npm_ prefix"},
	{"hf_", 30, "hf_ prefix"},
	{"pplx-", 30, "pplx- prefix"},
	{"xai-", 30, "xai- prefix"},
	{"lin_api_", 30, "lin_api_ prefix"},
	{"shpat_", 30, "shpat_ prefix"},
	{"dop_v1_", 40, "dop_v1_ prefix"},
	{"SG.", 40, "SG. prefix"},
}

// credentialWords mark a name (env var, header, flag, query parameter)
// as holding a credential.
var credentialWords = []string{"token", "secret", "password", "passwd", "pwd", "apikey", "api_key", "api-key",
	"auth", "credential", "private_key", "privatekey", "access_key", "accesskey", "bearer", "session", "cookie", "pat", "key"}

// IsCredentialName reports whether a name suggests its value is a
// credential: GITHUB_TOKEN, x-api-key, --password, Authorization.
func IsCredentialName(name string) bool {
	n := strings.ToLower(strings.TrimLeft(name, "-"))
	for _, w := range credentialWords {
		if w == "pat" || w == "key" {
			// Short words only as a whole segment: GITLAB_PAT, API_KEY, x-key.
			for _, seg := range strings.FieldsFunc(n, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
				if seg == w {
					return true
				}
			}
			continue
		}
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// Secret is why a value was judged a secret. It never holds the value.
type Secret struct {
	// Detail is e.g. "ghp_ prefix" or "high-entropy value under credential-like name".
	Detail string
}

// DetectSecret reports whether value, found under name (which may be
// empty for a bare argument), is a literal secret. References are not
// secrets: only the literal text left around them is judged.
func DetectSecret(name, value string) (Secret, bool) {
	lit := StripReferences(value)
	if strings.Contains(lit, "-----BEGIN") && strings.Contains(lit, "PRIVATE KEY") {
		return Secret{Detail: "private key block"}, true
	}
	for _, tok := range tokens(lit) {
		if d, ok := issuerOf(tok); ok {
			return Secret{Detail: d}, true
		}
		if isJWT(tok) {
			return Secret{Detail: "eyJ JWT"}, true
		}
	}
	if name != "" && IsCredentialName(name) {
		v := strings.TrimSpace(lit)
		// "Bearer X", "Basic X", "token X": judge X.
		if f := strings.Fields(v); len(f) == 2 {
			switch strings.ToLower(f[0]) {
			case "bearer", "basic", "token":
				v = f[1]
			}
		}
		if isPlaceholder(v) {
			return Secret{}, false
		}
		if len(v) >= 12 && !strings.ContainsAny(v, " \t") && Entropy(v) >= 3.0 {
			return Secret{Detail: "high-entropy value under credential-like name"}, true
		}
		if len(v) >= 8 && !strings.ContainsAny(v, " \t") && (strings.Contains(strings.ToLower(name), "pass") || strings.EqualFold(name, "authorization")) {
			return Secret{Detail: "literal value under credential-like name"}, true
		}
	}
	return Secret{}, false
}

// DetectBareToken reports a long, mixed-alphabet token with no name to
// judge it by, as pasted keys appear in argument lists.
func DetectBareToken(v string) (Secret, bool) {
	if s, ok := DetectSecret("", v); ok {
		return s, true
	}
	if len(v) < 32 || strings.ContainsAny(v, " /\\:@=.") {
		return Secret{}, false
	}
	var up, lo, dig bool
	for _, r := range v {
		switch {
		case r >= 'A' && r <= 'Z':
			up = true
		case r >= 'a' && r <= 'z':
			lo = true
		case r >= '0' && r <= '9':
			dig = true
		}
	}
	if up && lo && dig && Entropy(v) >= 4.0 {
		return Secret{Detail: "high-entropy bare token"}, true
	}
	return Secret{}, false
}

func tokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '=' || r == ',' || r == ';' || r == '"' || r == '\'' || r == '&' || r == '?' || r == ':' || r == '/' || r == '@'
	})
}

func issuerOf(tok string) (string, bool) {
	for _, is := range issuers {
		if strings.HasPrefix(tok, is.Prefix) && len(tok) >= is.Min && tokenChars(tok[len(is.Prefix):]) {
			if is.Prefix == "AKIA" || is.Prefix == "ASIA" {
				if !upperAlnum(tok[4:]) {
					continue
				}
			}
			return is.Label, true
		}
	}
	return "", false
}

func isJWT(tok string) bool {
	parts := strings.Split(tok, ".")
	return len(parts) == 3 && strings.HasPrefix(parts[0], "eyJ") && len(parts[0]) >= 10 && len(parts[1]) >= 10 && len(parts[2]) >= 10
}

func tokenChars(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

func upperAlnum(s string) bool {
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// isPlaceholder spots documentation stand-ins: <your-key>, YOUR_API_KEY,
// xxxx, changeme. They are not secrets, though the entry will not work.
func isPlaceholder(v string) bool {
	l := strings.ToLower(v)
	if v == "" || strings.ContainsAny(v, "<>") || strings.Contains(l, "your") || strings.Contains(l, "changeme") || strings.Contains(l, "example") || strings.Contains(l, "placeholder") {
		return true
	}
	return strings.Trim(l, "x*.-_") == ""
}

// Entropy is the Shannon entropy of s in bits per character.
func Entropy(s string) float64 {
	if s == "" {
		return 0
	}
	counts := map[rune]int{}
	n := 0
	for _, r := range s {
		counts[r]++
		n++
	}
	keys := make([]rune, 0, len(counts))
	for r := range counts {
		keys = append(keys, r)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var h float64
	for _, r := range keys {
		p := float64(counts[r]) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}
