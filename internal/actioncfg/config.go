// Package actioncfg is the Go half of Assay's GitHub Action: it reads the
// repository's assay.toml, turns each declared server into one
// `assay check` run against its committed baseline, merges the results,
// and writes what the workflow needs: a markdown step summary, a SARIF
// file for code scanning, one output per exit-code category and the
// decision whether to fail. The composite action (action.yml) only
// builds assay and calls `assay __action run`; everything that can be
// tested lives here and is tested locally.
package actioncfg

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// DefaultFile is the config file the Action reads when none is named.
const DefaultFile = "assay.toml"

// DefaultFailOn is what fails the workflow when assay.toml names no
// fail-on: a capability that rose or a new injection finding. `fail-on =
// []` fails on nothing.
var DefaultFailOn = []string{"escalation", "injection"}

// Config is a parsed assay.toml.
type Config struct {
	// File is the path the config was read from, as given (repo-relative
	// in the Action); SARIF results point at it.
	File string
	// FailOn lists the categories that fail the workflow (see Categories);
	// DefaultFailOn when the file names none.
	FailOn []string
	// BaselineDir is where per-server baselines live by default.
	BaselineDir string
	// Timeout is the default per-server collection timeout.
	Timeout time.Duration
	Servers []Server
}

// Server is one [[server]] entry.
type Server struct {
	Name string
	// Target is a command line (stdio) or an http(s) URL.
	Target string
	// Env names the environment variables passed to a stdio server; their
	// values come from the workflow's environment, never from the file.
	Env []string
	// Headers maps HTTP header names to values that must reference
	// environment variables (${NAME}); literal secrets are refused.
	Headers map[string]string
	Timeout time.Duration
	// Baseline is the committed baseline this server is checked against.
	Baseline string
	// Line is the 1-based line of the [[server]] header (0 if unknown).
	Line int
}

// IsURL reports whether the target is an HTTP endpoint.
func (s Server) IsURL() bool {
	return strings.HasPrefix(s.Target, "https://") || strings.HasPrefix(s.Target, "http://")
}

// file is the on-disk shape of assay.toml.
type file struct {
	FailOn      []string     `toml:"fail-on"`
	BaselineDir string       `toml:"baseline-dir"`
	Timeout     string       `toml:"timeout"`
	Server      []fileServer `toml:"server"`
}

type fileServer struct {
	Name     string            `toml:"name"`
	Target   string            `toml:"target"`
	Env      []string          `toml:"env"`
	Headers  map[string]string `toml:"headers"`
	Timeout  string            `toml:"timeout"`
	Baseline string            `toml:"baseline"`
}

var (
	nameRe   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	envRe    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	headerRe = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
	refRe    = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)
	serverRe = regexp.MustCompile(`^\s*\[\[\s*server\s*\]\]\s*(#.*)?$`)
)

// Parse reads an assay.toml. name is used in errors and kept as File.
// Every problem is reported, not just the first.
func Parse(name string, data []byte) (*Config, error) {
	var f file
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var errs []error
	bad := func(format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{name}, a...)...))
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		bad("unknown keys: %s", strings.Join(keys, ", "))
	}
	cfg := &Config{File: name, BaselineDir: f.BaselineDir, Timeout: 30 * time.Second}
	if cfg.BaselineDir == "" {
		cfg.BaselineDir = ".assay"
	}
	if f.Timeout != "" {
		d, err := parseTimeout(f.Timeout)
		if err != nil {
			bad("timeout: %v", err)
		}
		cfg.Timeout = d
	}
	if md.IsDefined("fail-on") {
		fo, err := ParseFailOn(strings.Join(f.FailOn, ","))
		if err != nil {
			bad("fail-on: %v", err)
		}
		cfg.FailOn = fo
	} else {
		cfg.FailOn = append([]string(nil), DefaultFailOn...)
	}
	if len(f.Server) == 0 {
		bad("no [[server]] entries: declare at least one server to check")
	}
	lines := serverLines(data, len(f.Server))
	seen := map[string]bool{}
	for i, fs := range f.Server {
		s := Server{Name: fs.Name, Target: strings.TrimSpace(fs.Target), Env: fs.Env, Headers: fs.Headers,
			Timeout: cfg.Timeout, Baseline: fs.Baseline, Line: lines[i]}
		where := fmt.Sprintf("server %d", i+1)
		if s.Line > 0 {
			where = fmt.Sprintf("line %d", s.Line)
		}
		switch {
		case s.Name == "":
			bad("%s: name is required", where)
		case !nameRe.MatchString(s.Name):
			bad("%s: name %q: use letters, digits, '.', '_' or '-' (at most 64)", where, s.Name)
		case seen[s.Name]:
			bad("%s: name %q is declared twice", where, s.Name)
		}
		seen[s.Name] = true
		if s.Target == "" {
			bad("%s: target is required (a command line or an http(s) URL)", where)
		}
		for _, e := range s.Env {
			if !envRe.MatchString(e) {
				bad("%s: env %q is not a variable name; list names only, values come from the workflow", where, e)
			}
		}
		if len(s.Headers) > 0 && !s.IsURL() {
			bad("%s: headers apply to http(s) targets only", where)
		}
		for _, h := range sortedKeys(s.Headers) {
			v := s.Headers[h]
			if !headerRe.MatchString(h) {
				bad("%s: header name %q is not a valid HTTP header name", where, h)
			}
			if !refRe.MatchString(v) {
				bad("%s: header %q must take its value from the environment, e.g. \"Bearer ${TOKEN}\"; never commit a secret", where, h)
			}
		}
		if fs.Timeout != "" {
			d, err := parseTimeout(fs.Timeout)
			if err != nil {
				bad("%s: timeout: %v", where, err)
			}
			s.Timeout = d
		}
		if s.Baseline == "" && s.Name != "" {
			s.Baseline = strings.TrimSuffix(cfg.BaselineDir, "/") + "/" + s.Name + ".json"
		}
		cfg.Servers = append(cfg.Servers, s)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cfg, nil
}

func parseTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration like \"30s\" or \"2m\"", s)
	}
	if d <= 0 || d > time.Hour {
		return 0, fmt.Errorf("%q must be between 0 and 1h", s)
	}
	return d, nil
}

// serverLines finds the line of each [[server]] header. TOML decoding
// does not expose positions, so the headers are counted in the text; if
// the count disagrees with the decoded entries (a header inside a
// multi-line string, say) no line is claimed.
func serverLines(data []byte, n int) []int {
	lines := make([]int, n)
	var found []int
	for i, l := range strings.Split(string(data), "\n") {
		if serverRe.MatchString(strings.TrimSuffix(l, "\r")) {
			found = append(found, i+1)
		}
	}
	if len(found) == n {
		copy(lines, found)
	}
	return lines
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// EnvRefs lists the environment variables a server's headers reference.
func (s Server) EnvRefs() []string {
	set := map[string]bool{}
	for _, v := range s.Headers {
		for _, m := range refRe.FindAllStringSubmatch(v, -1) {
			set[m[1]] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
