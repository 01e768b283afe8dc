package model

// Context is what one agent loads: one client in one project root.
type Context struct {
	// ID is "client" for user scope only or "client@root-label".
	ID     string `json:"id"`
	Client string `json:"client"`
	// Root is a redacted label for the project root ("~/src/app" style
	// paths are never written; see collectkit/redact).
	Root    string          `json:"root,omitempty"`
	Servers []ContextServer `json:"servers"`
}

// ContextServer is one server entry as a context resolves it.
type ContextServer struct {
	Name string `json:"name"`
	// Identity refers to Server.Identity in the same bundle.
	Identity string `json:"identity"`
	Scope    string `json:"scope"`
	Enabled  bool   `json:"enabled"`
	// ShadowedBy names the scope whose entry of the same name won.
	ShadowedBy string `json:"shadowedBy,omitempty"`
}

// ServerConfig is the redacted declaration of a server in a client config.
// Values of env vars and headers are never recorded: only their names and
// whether they are references or literals.
type ServerConfig struct {
	Client string `json:"client"`
	Scope  string `json:"scope"`
	// File is a redacted location label such as "~/.cursor/mcp.json".
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Transport as declared or inferred: stdio, http, sse.
	Transport string `json:"transport"`
	// Command is the program basename; Args are redacted.
	Command  string   `json:"command,omitempty"`
	Args     []string `json:"args,omitempty"`
	URLHost  string   `json:"urlHost,omitempty"`
	EnvNames []string `json:"envNames,omitempty"`
	// HeaderNames lists header names; values are never kept.
	HeaderNames []string `json:"headerNames,omitempty"`
	Disabled    bool     `json:"disabled,omitempty"`
	// Auth is none, env_ref, literal_secret, helper_command or oauth.
	Auth string `json:"auth,omitempty"`
	// Facts are redacted hygiene observations made where the values were
	// visible (collectkit); report/ turns them into findings.
	Facts []ConfigFact `json:"facts,omitempty"`
	// Root is the redacted label of the project root a project- or
	// local-scope declaration belongs to; empty for user scope.
	Root string `json:"root,omitempty"`
	// Package is what a package runner (npx, uvx, pipx, docker) fetches.
	Package *PackageRef `json:"package,omitempty"`
	// Also lists the other declarations of the same server identity (in
	// other clients, scopes or roots), each with its own facts, so one
	// server configured in several clients is still one server. Entries
	// in Also never carry an Also of their own.
	Also []ServerConfig `json:"also,omitempty"`
}

// ConfigFact is one redacted observation about a config entry, e.g.
// {kind: "literal_secret", location: "env.GITHUB_TOKEN", detail: "ghp_ prefix"}.
type ConfigFact struct {
	Kind     string `json:"kind"`
	Location string `json:"location,omitempty"`
	Detail   string `json:"detail,omitempty"`
}

// Fact kinds in ServerConfig.Facts: collectkit/config records them where
// the values were visible, report/hygiene turns them into findings and
// report/fleet counts them. One list, so the three never disagree.
const (
	FactLiteralSecret   = "literal_secret"
	FactEscalation      = "escalation"
	FactShellLauncher   = "shell_launcher"
	FactShellDownload   = "shell_download"
	FactCodeLoadingEnv  = "code_loading_env"
	FactUnpinned        = "unpinned_package"
	FactVersionMismatch = "version_mismatch"
	FactPlainHTTP       = "plain_http"
	// FactGitSource: a runner fetches the server from a git repository or
	// an archive URL instead of a registry, with no commit pinned.
	FactGitSource = "git_source"
)
