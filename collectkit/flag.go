package collectkit

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/assay-mcp/assay/collectkit/inputfile"
	"github.com/assay-mcp/assay/collectkit/redact"
)

// ParseServerFlag turns one --server value into a Target: an http(s) URL
// (Streamable HTTP, falling back to legacy HTTP+SSE; "sse+https://..."
// forces the legacy transport) or a command line for a stdio server.
//
// headers are "Name: value" strings for URL servers. Their values must
// take secrets from environment references such as
// 'Authorization: Bearer ${TOKEN}', resolved through getenv; a literal
// value is refused so no token ever sits in shell history or a script.
func ParseServerFlag(spec string, headers []string, getenv func(string) string) (Target, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return Target{}, errors.New("--server: empty value")
	}
	lower := strings.ToLower(spec)
	transport := ""
	switch {
	case strings.HasPrefix(lower, "http://"), strings.HasPrefix(lower, "https://"):
		transport = "http"
	case strings.HasPrefix(lower, "sse+http://"), strings.HasPrefix(lower, "sse+https://"):
		transport, spec = "sse", spec[len("sse+"):]
	}
	if transport != "" {
		u, err := url.Parse(spec)
		if err != nil || u.Host == "" {
			return Target{}, fmt.Errorf("--server %s: not a valid URL", redact.URLLabel(spec))
		}
		if u.User != nil {
			return Target{}, fmt.Errorf("--server %s: credentials in the URL are refused; pass them with --header 'Authorization: Bearer ${TOKEN}'", redact.URLLabel(spec))
		}
		h, err := parseHeaders(headers, getenv)
		if err != nil {
			return Target{}, err
		}
		return Target{Name: u.Hostname(), Transport: transport, URL: spec, Headers: h}, nil
	}
	if len(headers) > 0 {
		return Target{}, errors.New("--header applies to URL servers only")
	}
	words, err := SplitCommand(spec)
	if err != nil {
		return Target{}, fmt.Errorf("--server: %w", err)
	}
	if len(words) == 0 {
		return Target{}, errors.New("--server: empty command")
	}
	return Target{Name: commandName(words), Transport: "stdio", Command: words[0], Args: words[1:]}, nil
}

// commandName names a command-line server: the package a runner such as
// npx or uvx starts (without scope and version), else the program name.
func commandName(words []string) string {
	prog := strings.TrimSuffix(strings.TrimSuffix(redact.Base(words[0]), ".exe"), ".cmd")
	switch prog {
	case "node", "nodejs", "python", "python3", "tsx", "ts-node", "ruby", "php":
		for i, w := range words[1:] {
			if w == "-m" && i+2 < len(words) { // python -m module
				return words[i+2]
			}
			if strings.HasPrefix(w, "-") {
				continue
			}
			return scriptName(w)
		}
	case "npx", "uvx", "bunx", "pnpx", "pipx", "dlx", "pnpm", "yarn", "docker", "deno", "bun":
		for _, w := range words[1:] {
			if strings.HasPrefix(w, "-") || w == "dlx" || w == "run" || w == "exec" || w == "x" {
				continue
			}
			if redact.LooksLikePath(w) && !strings.HasPrefix(w, "@") {
				return redact.Base(w)
			}
			return packageName(w)
		}
	}
	return prog
}

// scriptName names a server by its script: the file name without
// extension, or for generic entry points (dist/index.js, launcher.js,
// server.js, ...) the name in the nearest package.json above it, else the
// directory above them.
func scriptName(p string) string {
	parts := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' })
	for i := len(parts) - 1; i >= 0; i-- {
		name := parts[i]
		if i == len(parts)-1 {
			if j := strings.LastIndexByte(name, '.'); j > 0 {
				name = name[:j]
			}
		}
		if genericEntry(name) {
			if i == len(parts)-1 {
				if pkg := nearestPackage(p); pkg != "" {
					return pkg
				}
			}
			continue
		}
		return name
	}
	return redact.Base(p)
}

// genericEntry reports names that say what a file is, not which server.
func genericEntry(name string) bool {
	switch strings.ToLower(name) {
	case "index", "main", "server", "cli", "app", "__main__", "dist", "build", "lib", "src", "bin", "out",
		"launcher", "launch", "entry", "start", "run", "stdio", "wrapper", "node_modules":
		return true
	}
	return false
}

// nearestPackage is the package name (without scope) of the package.json
// in the script's directory or up to three above it, "" when none names
// one.
func nearestPackage(script string) string {
	dir := filepath.Dir(script)
	for range 4 {
		data, err := inputfile.Read(filepath.Join(dir, "package.json"), 1<<20)
		if err == nil {
			var pkg struct{ Name string }
			if json.Unmarshal(data, &pkg) == nil && pkg.Name != "" {
				return packageName(pkg.Name)
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return ""
}

// packageName strips a registry scope and version: "@scope/pkg@1.2" → "pkg".
func packageName(w string) string {
	if i := strings.LastIndexByte(w, '/'); i >= 0 {
		w = w[i+1:]
	}
	if i := strings.IndexByte(w, '@'); i > 0 {
		w = w[:i]
	}
	if i := strings.IndexByte(w, ':'); i > 0 { // docker image tags
		w = w[:i]
	}
	return w
}

var headerRef = regexp.MustCompile(`\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// parseHeaders resolves "Name: value" headers whose values reference env
// vars. Every header must carry at least one reference.
func parseHeaders(headers []string, getenv func(string) string) (map[string]string, error) {
	if len(headers) == 0 {
		return nil, nil
	}
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	out := map[string]string{}
	for _, h := range headers {
		name, value, ok := strings.Cut(h, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") {
			return nil, fmt.Errorf("--header %q: want 'Name: value'", redact.Value(name))
		}
		if !headerRef.MatchString(value) {
			return nil, fmt.Errorf("--header %s: the value must come from an environment variable, e.g. '%s: Bearer ${TOKEN}'", name, name)
		}
		var missing []string
		resolved := headerRef.ReplaceAllStringFunc(value, func(m string) string {
			sub := headerRef.FindStringSubmatch(m)
			v := sub[1] + sub[2]
			val := getenv(v)
			if val == "" {
				missing = append(missing, v)
			}
			return val
		})
		if len(missing) > 0 {
			return nil, fmt.Errorf("--header %s: environment variable %s is not set", name, strings.Join(missing, ", "))
		}
		if strings.ContainsAny(resolved, "\r\n") {
			return nil, fmt.Errorf("--header %s: the value contains a line break", name)
		}
		out[name] = resolved
	}
	return out, nil
}

// SplitCommand splits a command line the way a POSIX shell would for
// plain words, single and double quotes and backslash escapes; it runs
// nothing and expands nothing. --server values and the GitHub Action's
// assay.toml targets both go through it.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated single quote")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New("unterminated double quote")
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// PassEnv gives a stdio target the named variables of the collector's
// environment (through getenv). A local server gets nothing else besides
// PATH and a fresh HOME, so a server that needs a token gets exactly that
// token and no other secret. Only names are ever recorded.
func PassEnv(t Target, names []string, getenv func(string) string) (Target, error) {
	if len(names) == 0 {
		return t, nil
	}
	if t.Transport != "stdio" {
		return t, errors.New("--env applies to command-line servers only")
	}
	env := map[string]string{}
	for k, v := range t.Env {
		env[k] = v
	}
	for _, n := range names {
		if !envName.MatchString(n) {
			return t, fmt.Errorf("--env %q: want a variable name such as GITHUB_TOKEN (values are read from the environment)", redact.Value(n))
		}
		v := getenv(n)
		if v == "" {
			return t, fmt.Errorf("--env %s: the variable is not set", n)
		}
		env[n] = v
	}
	t.Env = env
	return t, nil
}
