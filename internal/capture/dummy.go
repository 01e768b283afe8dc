package main

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Dummy values. Every address points at a closed port on this machine, so
// a server that tries to use a credential at start fails at once and
// nothing leaves the machine.
const (
	dummyToken = "dummy-not-a-real-token"
	dummyURL   = "http://127.0.0.1:1"
)

// commonEnv is set for every server on the first attempt: the names most
// servers read for their one credential, so that fewer need a retry.
var commonEnv = []string{"API_KEY", "API_TOKEN", "ACCESS_TOKEN", "AUTH_TOKEN", "DATABASE_URL"}

// databaseRules is how many of the first [dummyRules] are databases.
const databaseRules = 5

// dummyRules give a variable's dummy value by the words of its name, first
// match wins. Each rule lists the name words it answers to.
var dummyRules = []struct {
	words []string
	value string
}{
	{[]string{"POSTGRES", "POSTGRESQL", "PG", "PGSQL"}, "postgres://user:pass@127.0.0.1:1/db"},
	{[]string{"MYSQL", "MARIADB"}, "mysql://user:pass@127.0.0.1:1/db"},
	{[]string{"MONGO", "MONGODB"}, "mongodb://user:pass@127.0.0.1:1/db"},
	{[]string{"REDIS", "VALKEY"}, "redis://127.0.0.1:1"},
	{[]string{"DATABASE", "DB", "DSN"}, "postgres://user:pass@127.0.0.1:1/db"},
	{[]string{"URL", "URI", "ENDPOINT", "BASEURL", "SERVER"}, dummyURL},
	{[]string{"HOST", "HOSTNAME"}, "127.0.0.1"},
	{[]string{"EMAIL", "MAIL"}, "user@example.com"},
	{[]string{"REGION"}, "us-east-1"},
	{[]string{"DIR", "DIRECTORY", "FOLDER", "ROOT", "WORKSPACE", "VAULT", "PATH", "PATHS", "HOME"}, "$DATA"},
	{[]string{"FILE", "CREDENTIALS", "KEYFILE"}, "$DATA/dummy.json"},
	{[]string{"USER", "USERNAME", "LOGIN"}, "user"},
	{[]string{"PASSWORD", "PASS", "PASSWD"}, "dummy-password"},
}

// credentialWords are name words that make a variable worth a dummy value.
var credentialWords = wordSet("KEY", "KEYS", "TOKEN", "SECRET", "PASSWORD", "PASS", "PASSWD", "APIKEY",
	"URL", "URI", "ENDPOINT", "HOST", "DSN", "ID", "USER", "USERNAME", "EMAIL", "ACCOUNT", "ORG",
	"ORGANIZATION", "WORKSPACE", "PROJECT", "TENANT", "DOMAIN", "SITE", "INSTANCE", "REGION",
	"DATABASE", "DB", "BUCKET", "CREDENTIALS", "AUTH", "SUBDOMAIN", "TEAM", "OWNER", "CLIENT",
	"DIR", "DIRECTORY", "FOLDER", "ROOT", "VAULT", "FILE", "BASEURL", "SERVER", "JWT", "BEARER", "PAT", "SID")

// neverSet are name words that change how a server runs (transport, port,
// logging) rather than what it reaches: setting them to a dummy would test
// another server, or none.
var neverSet = wordSet("TRANSPORT", "PORT", "MODE", "LOG", "LOGGING", "DEBUG", "LEVEL", "TIMEOUT",
	"ENABLE", "ENABLED", "DISABLE", "DISABLED", "HTTP", "SSE", "STDIO", "NODE", "VERBOSE", "TELEMETRY",
	"CACHE", "PROXY", "NPM", "PATH_SEPARATOR", "TLS", "SSL", "REJECT", "UNAUTHORIZED", "CI", "TERM",
	"LANG", "SHELL", "TMPDIR", "TEMP", "TMP", "NO", "COLOR", "FORCE", "EXTRA", "OPTIONS", "MAX", "MIN")

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// worthSetting reports whether a variable name looks like configuration a
// server needs in order to start (a credential, an address, a folder).
func worthSetting(name string) bool {
	switch name {
	case "PATH", "HOME", "USER", "PWD", "HOSTNAME":
		return false
	}
	if len(name) < 4 || len(name) > 60 {
		return false
	}
	words := strings.Split(name, "_")
	cred := false
	for _, w := range words {
		if neverSet[w] {
			return false
		}
		if credentialWords[w] || strings.HasSuffix(w, "KEY") || strings.HasSuffix(w, "TOKEN") {
			cred = true
		}
	}
	return cred
}

// dummyValue is the dummy for a variable, by the words of its name; $DATA
// stands for the capture's data folder.
func dummyValue(name string) string {
	words := strings.Split(name, "_")
	last := words[len(words)-1]
	// A connection string (DATABASE_URL, MONGO_URI) takes the form of
	// the database its name mentions.
	switch last {
	case "URL", "URI", "DSN", "STRING", "CONNECTION":
		for _, r := range dummyRules[:databaseRules] {
			for _, w := range words {
				for _, rw := range r.words {
					if w == rw {
						return r.value
					}
				}
			}
		}
	}
	// The last word says what the value is (DATABASE_URL is a URL,
	// POSTGRES_PASSWORD a password), so it is tried first.
	for _, try := range [][]string{{last}, words} {
		for _, r := range dummyRules {
			for _, w := range try {
				for _, rw := range r.words {
					if w == rw {
						return r.value
					}
				}
			}
		}
	}
	return dummyToken
}

// envNamePattern finds UPPER_SNAKE names in free text.
var envNamePattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z][A-Z0-9]*(?:KEY|TOKEN)\b`)
})

// namesIn returns the variable names worth setting that text mentions, in
// order of first mention, at most max.
func namesIn(text string, max int) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range envNamePattern().FindAllString(text, -1) {
		if seen[n] || !worthSetting(n) {
			continue
		}
		seen[n] = true
		out = append(out, n)
		if len(out) == max {
			break
		}
	}
	return out
}

// snippet is what a README's example client configuration says about
// running the package: its extra arguments and its env.
type snippet struct {
	Args []string
	Env  map[string]string // name → literal from the README
}

var (
	argsPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:"args"|\bargs)\s*[:=]\s*(\[[^\]]{0,1000}\])`)
	})
	npxPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\bnpx\s+(?:-y\s+|--yes\s+)?(\S+)([^\n\x60"']*)`)
	})
	envPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`"env"\s*:\s*\{([^{}]{0,1000})\}`)
	})
	envKeyPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"\s*:\s*("(?:[^"\\]|\\.)*"|[^,}\s]+)`)
	})
)

// readmeSnippet reads the first example configuration in readme that runs
// pkg (an "args" array naming it), and the env of example configurations.
func readmeSnippet(readme, pkg string) snippet {
	sn := snippet{Env: map[string]string{}}
	found := false
	for _, m := range argsPattern().FindAllStringSubmatch(readme, 50) {
		var arr []string
		if json.Unmarshal([]byte(m[1]), &arr) != nil {
			continue
		}
		for i, a := range arr {
			if a == pkg || strings.HasPrefix(a, pkg+"@") {
				sn.Args = append([]string(nil), arr[i+1:]...)
				found = true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		// A shell example: npx -y PKG ARGS.
		for _, m := range npxPattern().FindAllStringSubmatch(readme, 50) {
			if m[1] == pkg || strings.HasPrefix(m[1], pkg+"@") {
				for _, a := range strings.Fields(m[2]) {
					if strings.ContainsAny(a[:1], "&|;>\\#<(") {
						break // the command ends here
					}
					sn.Args = append(sn.Args, a)
				}
				break
			}
		}
	}
	for _, m := range envPattern().FindAllStringSubmatch(readme, 20) {
		for _, kv := range envKeyPattern().FindAllStringSubmatch(m[1], 50) {
			var lit string
			if json.Unmarshal([]byte(kv[2]), &lit) != nil {
				lit = kv[2]
			}
			if _, dup := sn.Env[kv[1]]; !dup {
				sn.Env[kv[1]] = lit
			}
		}
	}
	return sn
}

// placeholder reports whether a README value stands for something the
// user must fill in.
func placeholder(v string) bool {
	l := strings.ToLower(v)
	for _, w := range []string{"your", "<", "xxx", "...", "here", "replace", "example", "token", "key", "secret", "password", "***", "{", "$"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return strings.ToUpper(v) == v && strings.Contains(v, "_")
}

// plainLiteral reports whether a README value is harmless configuration
// to keep as written (true, stdio, 3, read-only).
func plainLiteral(v string) bool {
	if v == "" || len(v) > 24 || placeholder(v) {
		return false
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == ',') {
			return false
		}
	}
	return true
}

// snippetEnv maps a README env block to dummy values: harmless literals
// are kept, everything else gets a dummy by name. Transport and port
// settings are kept only as literals (they pick stdio, say).
func snippetEnv(env map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range env {
		switch {
		case plainLiteral(v):
			out[k] = v
		case worthSetting(k):
			out[k] = dummyValue(k)
		}
	}
	return out
}

// snippetArgs maps a README's example arguments to safe ones: paths
// become the data folder, addresses a closed local port, placeholders a
// dummy; flags and plain words are kept.
func snippetArgs(args []string) []string {
	var out []string
	prevFlag := ""
	for _, a := range args {
		if len(out) == 12 {
			break
		}
		flag := prevFlag
		prevFlag = ""
		switch {
		case strings.HasPrefix(a, "-"):
			if k, v, ok := strings.Cut(a, "="); ok {
				out = append(out, k+"="+safeArg(v, k))
			} else {
				out = append(out, a)
				prevFlag = a
			}
		default:
			out = append(out, safeArg(a, flag))
		}
	}
	return out
}

// safeArg is the safe stand-in for one argument value; flag is the flag it
// follows, if any, to name the dummy.
func safeArg(v, flag string) string {
	l := strings.ToLower(v)
	switch {
	case strings.Contains(l, "://"):
		switch {
		case strings.HasPrefix(l, "postgres"):
			return "postgres://user:pass@127.0.0.1:1/db"
		case strings.HasPrefix(l, "mysql"):
			return "mysql://user:pass@127.0.0.1:1/db"
		case strings.HasPrefix(l, "mongodb"):
			return "mongodb://user:pass@127.0.0.1:1/db"
		case strings.HasPrefix(l, "redis"):
			return "redis://127.0.0.1:1"
		}
		return dummyURL
	case strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "./") ||
		strings.Contains(v, `:\`) || strings.Contains(l, "path/to") || strings.Contains(v, "/Users/"):
		if strings.Contains(l, ".json") || strings.Contains(l, ".db") || strings.Contains(l, ".sqlite") {
			return "$DATA/dummy.json"
		}
		return "$DATA"
	case placeholder(v):
		if flag != "" {
			return dummyValue(strings.ToUpper(strings.ReplaceAll(strings.TrimLeft(flag, "-"), "-", "_")))
		}
		return dummyToken
	}
	return v
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
