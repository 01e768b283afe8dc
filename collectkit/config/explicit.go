package config

import (
	"path/filepath"
	"strings"
)

// explicitSources turns FILE arguments into sources, guessing each
// file's client from its name and location, then from its content.
func (d *discovery) explicitSources() []source {
	var out []source
	for i, f := range d.opts.Files {
		s := guessSource(f)
		s.Order = i
		if s.Client == "" {
			// Sniff the content: which container key is present.
			s = d.sniff(f, s)
		}
		out = append(out, s)
	}
	return out
}

func guessSource(path string) source {
	p := strings.ToLower(filepath.ToSlash(strings.ReplaceAll(path, `\`, "/")))
	base := filepath.Base(p)
	s := source{Scope: ScopeFile, Path: path, Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1}
	switch ext := filepath.Ext(base); ext {
	case ".toml":
		s.Format = FormatTOML
	case ".yaml", ".yml":
		s.Format = FormatYAML
	}
	switch {
	case base == ".claude.json":
		s.Client = ClaudeCode
	case base == ".mcp.json":
		s.Client = ClaudeCode
	case base == "claude_desktop_config.json":
		s.Client = ClaudeDesktop
	case strings.HasSuffix(p, "/.cursor/mcp.json"):
		s.Client = Cursor
	case strings.HasSuffix(p, "/.vscode/mcp.json") || strings.HasSuffix(p, "/code/user/mcp.json") || strings.Contains(p, "/code/user/profiles/") && base == "mcp.json":
		s.Client, s.Key, s.Dialect = VSCode, []string{"servers"}, "vscode"
	case strings.HasSuffix(p, "/.vscode/settings.json") || strings.HasSuffix(p, "/code/user/settings.json"):
		s.Client, s.Key, s.Dialect = VSCode, []string{"mcp", "servers"}, "vscode"
	case strings.HasSuffix(p, "/.gemini/settings.json"):
		s.Client, s.Dialect = GeminiCLI, "gemini"
	case strings.HasSuffix(p, "/zed/settings.json") || strings.HasSuffix(p, "/.zed/settings.json"):
		s.Client, s.Key, s.Dialect = Zed, []string{"context_servers"}, "zed"
	case base == "mcp_config.json":
		s.Client = Windsurf
	case s.Format == FormatTOML:
		s.Client, s.Key = Codex, []string{"mcp_servers"}
	case s.Format == FormatYAML:
		s.Client = Continue
	case base == "mcp-config.json":
		s.Client = CopilotCLI
	case base == "cline_mcp_settings.json":
		s.Client = Cline
	case base == "mcp_settings.json" || strings.HasSuffix(p, "/.roo/mcp.json"):
		s.Client = Roo
	}
	return s
}

// sniff picks the container key of an unrecognised JSON file.
func (d *discovery) sniff(path string, s source) source {
	s.Client = "file"
	l := d.doc(path, s.Format)
	if l.doc == nil {
		return s
	}
	m, _ := l.doc.Root.(map[string]any)
	switch {
	case m["mcpServers"] != nil:
	case m["servers"] != nil:
		s.Key, s.Dialect = []string{"servers"}, "vscode"
	case m["context_servers"] != nil:
		s.Key, s.Dialect = []string{"context_servers"}, "zed"
	case m["mcp_servers"] != nil:
		s.Key = []string{"mcp_servers"}
	default:
		if mcp, ok := m["mcp"].(map[string]any); ok && mcp["servers"] != nil {
			s.Key = []string{"mcp", "servers"}
		}
	}
	return s
}
