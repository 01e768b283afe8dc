package config

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
)

// decl is one server declaration in one source file.
type decl struct {
	src      *source
	name     string
	line     int
	launch   Launch
	disabled bool
	// oauth is true when the entry declares OAuth (or delegates to a
	// bridge that performs it).
	oauth bool
	// helper names a credential helper the entry uses (headersHelper,
	// op run, aws-vault exec...), empty if none.
	helper string
	// literalBearer is true when a bearer token is written inline.
	literalBearer bool
	endpoint      string
	identity      string
}

// errEntry marks a malformed entry; its message never quotes values.
var errEntry = errors.New("malformed server entry")

func str(v any) (string, bool) {
	s, ok := v.(string)
	return s, ok
}

// strField returns a string field; a present non-string is an error.
func strField(m map[string]any, key string) (string, error) {
	v, ok := m[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%w: %q is not a string", errEntry, key)
	}
	return s, nil
}

func strList(m map[string]any, key string) ([]string, error) {
	v, ok := m[key]
	if !ok || v == nil {
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok {
		if s, ok := v.(string); ok && key == "args" {
			// Some clients accept a single string; keep it as one argument.
			return []string{s}, nil
		}
		return nil, fmt.Errorf("%w: %q is not a list", errEntry, key)
	}
	out := make([]string, 0, len(arr))
	for i, x := range arr {
		switch t := x.(type) {
		case string:
			out = append(out, t)
		case float64, bool:
			out = append(out, fmt.Sprint(t))
		default:
			return nil, fmt.Errorf("%w: %s[%d] is not a string", errEntry, key, i)
		}
	}
	return out, nil
}

func strMap(m map[string]any, key string) (map[string]string, error) {
	v, ok := m[key]
	if !ok || v == nil {
		return nil, nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: %q is not an object", errEntry, key)
	}
	out := make(map[string]string, len(obj))
	for k, x := range obj {
		switch t := x.(type) {
		case string:
			out[k] = t
		case float64, bool:
			out[k] = fmt.Sprint(t)
		case nil:
			out[k] = ""
		default:
			return nil, fmt.Errorf("%w: %s.%s is not a string", errEntry, key, k)
		}
	}
	return out, nil
}

func mergeMaps(a, b map[string]string) map[string]string {
	if len(b) == 0 {
		return a
	}
	if a == nil {
		a = map[string]string{}
	}
	for k, v := range b {
		a[k] = v
	}
	return a
}

// transportOf maps the many spellings of a declared transport.
func transportOf(t string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "stdio", "local", "command", "process":
		return "stdio", true
	case "http", "streamable-http", "streamablehttp", "streamable_http", "streamable", "remote":
		return "http", true
	case "sse":
		return "sse", true
	}
	return "", false
}

// credentialHelpers are launchers that fetch secrets at start so none is
// written in the config.
var credentialHelpers = map[string]bool{"op": true, "aws-vault": true, "doppler": true, "infisical": true, "vault": true, "envchain": true, "sops": true, "secret-tool": true, "pass": true}

// normalize reads one raw entry into a declaration. It returns an error
// wrapping errEntry for a malformed entry and (nil, nil) for an entry
// Assay cannot describe (a Zed extension-provided server).
func normalize(src *source, name string, m map[string]any) (*decl, error) {
	d := &decl{src: src, name: name}
	l := &d.launch
	l.Root = src.Root
	var err error
	typ := ""
	for _, k := range []string{"type", "transport", "transportType"} {
		if s, ok := str(m[k]); ok && s != "" {
			typ = s
			break
		}
	}
	switch c := m["command"].(type) {
	case string:
		l.Command = c
	case map[string]any: // older Zed: command {path, args, env}
		if l.Command, err = strField(c, "path"); err != nil {
			return nil, err
		}
		if l.Args, err = strList(c, "args"); err != nil {
			return nil, err
		}
		if l.Env, err = strMap(c, "env"); err != nil {
			return nil, err
		}
	case nil:
	default:
		return nil, fmt.Errorf("%w: \"command\" is not a string", errEntry)
	}
	if args, err := strList(m, "args"); err != nil {
		return nil, err
	} else if args != nil {
		l.Args = args
	}
	env, err := strMap(m, "env")
	if err != nil {
		return nil, err
	}
	l.Env = mergeMaps(l.Env, env)
	if l.Cwd, err = strField(m, "cwd"); err != nil {
		return nil, err
	}
	urlKey := ""
	for _, k := range []string{"url", "serverUrl", "httpUrl"} {
		s, err := strField(m, k)
		if err != nil {
			return nil, err
		}
		if s != "" {
			l.URL, urlKey = s, k
			break
		}
	}
	for _, k := range []string{"headers", "http_headers"} {
		h, err := strMap(m, k)
		if err != nil {
			return nil, err
		}
		l.Headers = mergeMaps(l.Headers, h)
	}
	if ro, ok := m["requestOptions"].(map[string]any); ok { // Continue
		h, err := strMap(ro, "headers")
		if err != nil {
			return nil, err
		}
		l.Headers = mergeMaps(l.Headers, h)
	}
	if l.EnvHeaders, err = strMap(m, "env_http_headers"); err != nil {
		return nil, err
	}
	if l.BearerEnv, err = strField(m, "bearer_token_env_var"); err != nil {
		return nil, err
	}
	if bt, _ := str(m["bearer_token"]); bt != "" {
		if redact.IsReference(bt) {
			l.Headers = mergeMaps(l.Headers, map[string]string{"Authorization": "Bearer " + bt})
		} else {
			d.literalBearer = true
			l.Headers = mergeMaps(l.Headers, map[string]string{"Authorization": "Bearer " + bt})
		}
	}
	if b, ok := m["disabled"].(bool); ok && b {
		d.disabled = true
	}
	if b, ok := m["enabled"].(bool); ok && !b {
		d.disabled = true
	}
	if _, ok := m["oauth"]; ok {
		d.oauth = true
	}
	if a, ok := m["auth"].(map[string]any); ok && len(a) > 0 {
		d.oauth = true
	}
	if s, _ := str(m["authProviderType"]); s != "" {
		d.oauth = true
	}
	if h, _ := str(m["headersHelper"]); h != "" {
		d.helper = "headersHelper"
	}

	if typ != "" {
		t, ok := transportOf(typ)
		if !ok {
			return nil, fmt.Errorf("%w: unknown transport type", errEntry)
		}
		l.Transport = t
	} else {
		switch {
		case l.Command != "":
			l.Transport = "stdio"
		case urlKey == "httpUrl":
			l.Transport = "http"
		case l.URL != "" && src.Dialect == "gemini":
			l.Transport = "sse" // Gemini CLI: url is SSE, httpUrl is streamable HTTP
		case l.URL != "" && strings.HasSuffix(strings.TrimRight(strings.SplitN(l.URL, "?", 2)[0], "/"), "/sse"):
			l.Transport = "sse"
		case l.URL != "":
			l.Transport = "http"
		}
	}
	switch l.Transport {
	case "stdio":
		if l.Command == "" {
			if src.Dialect == "zed" {
				return nil, nil // extension-provided context server
			}
			return nil, fmt.Errorf("%w: stdio server has no command", errEntry)
		}
		d.endpoint = commandEndpoint(l.Command)
		if credentialHelpers[strings.TrimSuffix(strings.ToLower(d.endpoint), ".exe")] {
			d.helper = d.endpoint
		}
		if bridgeURL(l) != "" {
			d.oauth = d.oauth || !hasHeaderArg(l.Args)
		}
	case "http", "sse":
		if l.URL == "" {
			return nil, fmt.Errorf("%w: remote server has no url", errEntry)
		}
		d.endpoint = strings.ToLower(redact.URLHost(l.URL))
		if d.endpoint == "" {
			if redact.HasReference(l.URL) {
				d.endpoint = "${…}"
			} else {
				return nil, fmt.Errorf("%w: url has no host", errEntry)
			}
		}
	default:
		if src.Dialect == "zed" {
			return nil, nil
		}
		return nil, fmt.Errorf("%w: neither command nor url", errEntry)
	}
	d.identity = Identity(name, l.Transport, d.endpoint)
	return d, nil
}

// bridgeURL returns the remote URL a stdio bridge (mcp-remote and the
// like) connects to, or "".
func bridgeURL(l *Launch) string {
	isBridge := false
	for _, a := range l.Args {
		b := strings.ToLower(a)
		if strings.HasPrefix(b, "mcp-remote") || strings.HasPrefix(b, "@modelcontextprotocol/mcp-remote") || strings.HasPrefix(b, "supergateway") {
			isBridge = true
		}
		if isBridge && strings.Contains(a, "://") {
			return a
		}
	}
	return ""
}

func hasHeaderArg(args []string) bool {
	for _, a := range args {
		if a == "--header" || strings.HasPrefix(a, "--header=") {
			return true
		}
	}
	return false
}

// sortedKeys lists a map's keys in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// commandEndpoint is the command's base name without a Windows launcher
// extension, so "npx" and "C:\\...\\npx.cmd" are one endpoint.
func commandEndpoint(cmd string) string {
	b := redact.Base(cmd)
	for _, ext := range []string{".exe", ".cmd", ".bat"} {
		if len(b) > len(ext) && strings.EqualFold(b[len(b)-len(ext):], ext) {
			return b[:len(b)-len(ext)]
		}
	}
	return b
}
