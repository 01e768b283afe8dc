package config

import (
	"path/filepath"
	"sort"
)

// Client ids, as accepted by --client.
const (
	ClaudeCode    = "claude-code"
	ClaudeDesktop = "claude-desktop"
	Cursor        = "cursor"
	VSCode        = "vscode"
	Windsurf      = "windsurf"
	GeminiCLI     = "gemini-cli"
	Codex         = "codex"
	Zed           = "zed"
	Continue      = "continue"
	CopilotCLI    = "copilot-cli"
	Cline         = "cline"
	Roo           = "roo"
)

// Clients lists every supported client id, sorted.
func Clients() []string {
	out := []string{ClaudeCode, ClaudeDesktop, Cursor, VSCode, Windsurf, GeminiCLI, Codex, Zed, Continue, CopilotCLI, Cline, Roo}
	sort.Strings(out)
	return out
}

// Scopes. Rank orders them within a client: higher wins.
const (
	ScopeUser    = "user"
	ScopeProject = "project"
	ScopeLocal   = "local"
	ScopeFile    = "file"
)

// source is one place a client reads server declarations from.
type source struct {
	Client string
	// Variant separates parallel user configurations of one client
	// (VS Code profiles); each variant is its own context.
	Variant string
	Scope   string
	Path    string
	Format  Format
	// Key is the path to the servers container inside the document.
	Key []string
	// List is true when servers are a list of objects with a name field.
	List bool
	// Glob reads every matching file in Path (a directory) instead of one file.
	Glob []string
	// Root is the project root for project and local scopes.
	Root string
	// Rank orders scopes within a context; higher wins.
	Rank int
	// Dialect selects per-client quirks in normalisation.
	Dialect string
	// Order breaks ties between equal ranks: lower wins.
	Order int
}

// appData is the per-user application data directory of an OS layout.
func appData(goos, home string) string {
	switch goos {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support")
	case "windows":
		return filepath.Join(home, "AppData", "Roaming")
	}
	return filepath.Join(home, ".config")
}

func vscodeUser(goos, home string) string { return filepath.Join(appData(goos, home), "Code", "User") }

// hasProjectScope says whether a client reads per-project files; clients
// without one get a single user context.
var hasProjectScope = map[string]bool{ClaudeCode: true, Cursor: true, VSCode: true, GeminiCLI: true, Codex: true, Zed: true, Continue: true, Roo: true}

// userSources are the user-scope files of each client.
func userSources(goos, home string) []source {
	vs := vscodeUser(goos, home)
	zed := filepath.Join(home, ".config", "zed", "settings.json")
	if goos == "windows" {
		zed = filepath.Join(appData(goos, home), "Zed", "settings.json")
	}
	return []source{
		{Client: ClaudeCode, Scope: ScopeUser, Path: filepath.Join(home, ".claude.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
		{Client: ClaudeDesktop, Scope: ScopeUser, Path: filepath.Join(appData(goos, home), "Claude", "claude_desktop_config.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
		{Client: Cursor, Scope: ScopeUser, Path: filepath.Join(home, ".cursor", "mcp.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
		{Client: VSCode, Scope: ScopeUser, Path: filepath.Join(vs, "mcp.json"), Format: FormatJSON, Key: []string{"servers"}, Rank: 1, Dialect: "vscode"},
		{Client: VSCode, Scope: ScopeUser, Path: filepath.Join(vs, "settings.json"), Format: FormatJSON, Key: []string{"mcp", "servers"}, Rank: 1, Order: 1, Dialect: "vscode"},
		{Client: Windsurf, Scope: ScopeUser, Path: filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
		{Client: GeminiCLI, Scope: ScopeUser, Path: filepath.Join(home, ".gemini", "settings.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1, Dialect: "gemini"},
		{Client: Codex, Scope: ScopeUser, Path: filepath.Join(home, ".codex", "config.toml"), Format: FormatTOML, Key: []string{"mcp_servers"}, Rank: 1},
		{Client: Zed, Scope: ScopeUser, Path: zed, Format: FormatJSON, Key: []string{"context_servers"}, Rank: 1, Dialect: "zed"},
		{Client: Continue, Scope: ScopeUser, Path: filepath.Join(home, ".continue", "config.yaml"), Format: FormatYAML, Key: []string{"mcpServers"}, List: true, Rank: 1},
		{Client: Continue, Scope: ScopeUser, Path: filepath.Join(home, ".continue", "mcpServers"), Glob: []string{"*.yaml", "*.yml", "*.json"}, Rank: 1, Order: 1, Dialect: "continue-block"},
		{Client: CopilotCLI, Scope: ScopeUser, Path: filepath.Join(home, ".copilot", "mcp-config.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
		{Client: Cline, Scope: ScopeUser, Path: filepath.Join(vs, "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
		{Client: Roo, Scope: ScopeUser, Path: filepath.Join(vs, "globalStorage", "rooveterinaryinc.roo-cline", "settings", "mcp_settings.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Rank: 1},
	}
}

// projectSources are the files a client reads inside a project root.
// Claude Code's local scope lives in ~/.claude.json under the root's
// absolute path and outranks the project's .mcp.json.
func projectSources(home, root string) []source {
	return []source{
		{Client: ClaudeCode, Scope: ScopeLocal, Path: filepath.Join(home, ".claude.json"), Format: FormatJSON, Key: []string{"projects", root, "mcpServers"}, Root: root, Rank: 3},
		{Client: ClaudeCode, Scope: ScopeProject, Path: filepath.Join(root, ".mcp.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Root: root, Rank: 2},
		{Client: Cursor, Scope: ScopeProject, Path: filepath.Join(root, ".cursor", "mcp.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Root: root, Rank: 2},
		{Client: VSCode, Scope: ScopeProject, Path: filepath.Join(root, ".vscode", "mcp.json"), Format: FormatJSON, Key: []string{"servers"}, Root: root, Rank: 2, Dialect: "vscode"},
		{Client: VSCode, Scope: ScopeProject, Path: filepath.Join(root, ".vscode", "settings.json"), Format: FormatJSON, Key: []string{"mcp", "servers"}, Root: root, Rank: 2, Order: 1, Dialect: "vscode"},
		{Client: GeminiCLI, Scope: ScopeProject, Path: filepath.Join(root, ".gemini", "settings.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Root: root, Rank: 2, Dialect: "gemini"},
		{Client: Codex, Scope: ScopeProject, Path: filepath.Join(root, ".codex", "config.toml"), Format: FormatTOML, Key: []string{"mcp_servers"}, Root: root, Rank: 2},
		{Client: Zed, Scope: ScopeProject, Path: filepath.Join(root, ".zed", "settings.json"), Format: FormatJSON, Key: []string{"context_servers"}, Root: root, Rank: 2, Dialect: "zed"},
		{Client: Continue, Scope: ScopeProject, Path: filepath.Join(root, ".continue", "mcpServers"), Glob: []string{"*.yaml", "*.yml", "*.json"}, Root: root, Rank: 2, Dialect: "continue-block"},
		{Client: Roo, Scope: ScopeProject, Path: filepath.Join(root, ".roo", "mcp.json"), Format: FormatJSON, Key: []string{"mcpServers"}, Root: root, Rank: 2},
	}
}
