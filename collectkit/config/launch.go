package config

import (
	"os"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
)

// Launch is how to start or reach one server, with values as written in
// the config (references unexpanded). It may hold secrets: it formats
// itself as a marker so a stray %v never prints them.
type Launch struct {
	Transport string
	Command   string
	Args      []string
	Env       map[string]string
	Cwd       string
	URL       string
	Headers   map[string]string
	// BearerEnv names an env var whose value is sent as a bearer token
	// (Codex bearer_token_env_var).
	BearerEnv string
	// EnvHeaders maps header names to env var names (Codex env_http_headers).
	EnvHeaders map[string]string
	// Root is the project root the entry belongs to (for ${workspaceFolder}).
	Root string
}

// String hides the launch data.
func (l *Launch) String() string { return "config.Launch{" + redact.Marker + "}" }

// GoString hides the launch data.
func (l *Launch) GoString() string { return l.String() }

// MarshalJSON refuses to serialise launch data.
func (l *Launch) MarshalJSON() ([]byte, error) { return []byte(`"` + redact.Marker + `"`), nil }

// Expand returns a copy with references resolved through getenv (nil
// means os.Getenv) and workspace variables set to Root. Call it only to
// connect; the result must never be written or printed.
func (l *Launch) Expand(getenv func(string) string) *Launch {
	if getenv == nil {
		getenv = os.Getenv
	}
	x := func(s string) string { return expand(s, l.Root, getenv) }
	c := *l
	c.Command = x(l.Command)
	c.Args = make([]string, len(l.Args))
	for i, a := range l.Args {
		c.Args[i] = x(a)
	}
	c.Env = map[string]string{}
	for k, v := range l.Env {
		c.Env[k] = x(v)
	}
	c.Headers = map[string]string{}
	for k, v := range l.Headers {
		c.Headers[k] = x(v)
	}
	for h, name := range l.EnvHeaders {
		if v := getenv(name); v != "" {
			c.Headers[h] = v
		}
	}
	if l.BearerEnv != "" {
		if v := getenv(l.BearerEnv); v != "" {
			c.Headers["Authorization"] = "Bearer " + v
		}
	}
	c.URL = x(l.URL)
	c.Cwd = x(l.Cwd)
	return &c
}

func expand(s, root string, getenv func(string) string) string {
	if !redact.HasReference(s) {
		return s
	}
	var b strings.Builder
	rest := s
	// Replace references one by one, left to right.
	for {
		loc := refIndex(rest)
		if loc == nil {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:loc[0]])
		ref := redact.References(rest[loc[0]:loc[1]])
		if len(ref) == 1 {
			switch ref[0].Kind {
			case "env", "secret":
				b.WriteString(getenv(ref[0].Name))
			case "workspace":
				if strings.HasPrefix(ref[0].Name, "workspace") {
					b.WriteString(root)
				} else {
					b.WriteString(rest[loc[0]:loc[1]])
				}
			default:
				b.WriteString(rest[loc[0]:loc[1]])
			}
		}
		rest = rest[loc[1]:]
	}
	return b.String()
}

func refIndex(s string) []int { return redact.ReferenceIndex(s) }

// Resolve expands the entry's launch data with opts.Getenv (os.Getenv
// when nil), for connecting only.
func (e *Entry) Resolve(opts *Options) *Launch {
	var getenv func(string) string
	if opts != nil {
		getenv = opts.Getenv
	}
	return e.Launch.Expand(getenv)
}

// Secrets lists the literal values in the launch data (env and header
// values, secret-looking arguments, URL credentials) so the collector can
// pass them to redact.Scrub before showing a server's stderr.
func (l *Launch) Secrets() []string {
	var out []string
	for _, k := range sortedKeys(l.Env) {
		if v := l.Env[k]; !redact.IsReference(v) && len(v) >= 4 {
			out = append(out, v)
		}
	}
	for _, k := range sortedKeys(l.Headers) {
		v := l.Headers[k]
		if redact.IsReference(v) {
			continue
		}
		out = append(out, v)
		if f := strings.Fields(v); len(f) == 2 {
			out = append(out, f[1])
		}
	}
	_, found := redact.Args(l.Args)
	for _, f := range found {
		a := l.Args[f.Index]
		out = append(out, a)
		if _, v, ok := strings.Cut(a, "="); ok {
			out = append(out, v)
		}
		if _, v, ok := strings.Cut(a, ":"); ok {
			out = append(out, strings.TrimSpace(v))
		}
	}
	return out
}
