package actioncfg

import (
	"encoding/json"
	"fmt"
	"github.com/assay-mcp/assay/collectkit"
	"path"
)

// Mode is what the Action does per server.
type Mode string

const (
	// ModeCheck runs `assay check` against the committed baseline.
	ModeCheck Mode = "check"
	// ModeBaseline writes the baseline a later check compares with (run
	// locally, review, commit).
	ModeBaseline Mode = "baseline"
)

// Step is one assay invocation for one server.
type Step struct {
	Server Server
	// ConfigPath is where Config must be written before running Args.
	ConfigPath string
	// Config is a generated client config (the .mcp.json format) that
	// declares only this server, so assay sees its name, the names of the
	// env vars it may pass and header values as ${VAR} references.
	Config []byte
	// Args are the assay arguments (without the program name).
	Args []string
}

// PlanOptions tune Plan. Nil means defaults.
type PlanOptions struct {
	// By and Note attribute a baseline (ModeBaseline).
	By, Note string
	// Force blesses a surface despite objections, recording them.
	Force bool
}

// Plan turns the config into one step per server, in file order. dir is
// the working directory for generated files (slash-separated).
func Plan(cfg *Config, mode Mode, dir string, opts *PlanOptions) ([]Step, error) {
	if opts == nil {
		opts = &PlanOptions{}
	}
	var steps []Step
	for _, s := range cfg.Servers {
		conf, err := mcpConfig(s)
		if err != nil {
			return nil, fmt.Errorf("%s: server %q: %w", cfg.File, s.Name, err)
		}
		cp := path.Join(dir, "config", s.Name+".mcp.json")
		var args []string
		switch mode {
		case ModeCheck:
			args = []string{"check", "--baseline", s.Baseline, cp, "--connect", "--yes", "--timeout", s.Timeout.String(), "--format", "json"}
		case ModeBaseline:
			by, note := opts.By, opts.Note
			if by == "" {
				by = "assay-action"
			}
			if note == "" {
				note = "baseline of " + cfg.File
			}
			// Full definitions, so every drift rule can run later.
			args = []string{"baseline", "--out", s.Baseline, "--by", by, "--note", note, "--with-text",
				cp, "--connect", "--yes", "--timeout", s.Timeout.String()}
			if opts.Force {
				args = append(args, "--force")
			}
		default:
			return nil, fmt.Errorf("unknown mode %q", mode)
		}
		steps = append(steps, Step{Server: s, ConfigPath: cp, Config: conf, Args: args})
	}
	return steps, nil
}

// mcpConfig writes the server as a one-entry config in the widely read
// {"mcpServers": {...}} format. Env values and header values are ${VAR}
// references resolved from the workflow environment by assay, so no
// secret is ever written to disk.
func mcpConfig(s Server) ([]byte, error) {
	entry := map[string]any{}
	if s.IsURL() {
		entry["type"] = "http"
		entry["url"] = s.Target
		if len(s.Headers) > 0 {
			entry["headers"] = s.Headers
		}
	} else {
		argv, err := SplitCommand(s.Target)
		if err != nil {
			return nil, err
		}
		if len(argv) == 0 {
			return nil, fmt.Errorf("empty command")
		}
		entry["type"] = "stdio"
		entry["command"] = argv[0]
		entry["args"] = append([]string{}, argv[1:]...)
	}
	if len(s.Env) > 0 {
		env := map[string]string{}
		for _, name := range s.Env {
			env[name] = "${" + name + "}"
		}
		entry["env"] = env
	}
	b, err := json.MarshalIndent(map[string]any{"mcpServers": map[string]any{s.Name: entry}}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// SplitCommand splits a server target's command line the way assay's own
// --server flag does (collectkit.SplitCommand): quotes and backslash
// escapes, no expansion of any kind.
func SplitCommand(s string) ([]string, error) {
	words, err := collectkit.SplitCommand(s)
	if err != nil {
		return nil, fmt.Errorf("%w in %q", err, s)
	}
	return words, nil
}
