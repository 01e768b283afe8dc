package model

// Agent files: what configures an agent beyond its server list. Settings
// that change whom the agent trusts (auto-approval, hooks, endpoint
// overrides) are recorded as redacted facts, never values; instruction
// files and skills are model-facing text and are carried like tool
// descriptions, so the analysis can scan what the model reads.

// SettingsFile is one agent settings file that was read, with the facts
// found in it. Values are never recorded: a fact names the key.
type SettingsFile struct {
	Client string `json:"client"`
	Scope  string `json:"scope"`
	// File is a redacted location label such as "~/proj/.claude/settings.json".
	File string `json:"file"`
	// Root is the redacted label of the project root for project and local scopes.
	Root  string        `json:"root,omitempty"`
	Facts []SettingFact `json:"facts,omitempty"`
}

// SettingFact is one setting that changes trust, e.g. {kind:
// "auto_approve_mcp", key: "permissions.allow[2]", line: 7}. Detail is
// Assay's own wording (never the setting's value), with at most program
// basenames for commands.
type SettingFact struct {
	Kind   string `json:"kind"`
	Key    string `json:"key"`
	Line   int    `json:"line,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// Setting fact kinds: collectkit/config records them, report/trust turns
// them into findings.
const (
	SettingAllProjectServers = "all_project_servers"  // every project server approved
	SettingApprovedServers   = "approved_servers"     // project servers approved by name
	SettingHookCommand       = "hook_command"         // a hook or helper runs a command
	SettingEndpointOverride  = "endpoint_override"    // model API or proxy redirected
	SettingAutoApproveMCP    = "auto_approve_mcp"     // every tool of a server runs without asking
	SettingAutoApproveTool   = "auto_approve_tool"    // one tool (or read-only calls) runs without asking
	SettingBypassApproval    = "bypass_approval"      // every tool call runs without asking
	SettingAutoStart         = "auto_start"           // servers start or are imported unasked
	SettingHookDownload      = "hook_download"        // a hook downloads and runs code
	SettingSandboxOff        = "sandbox_disabled"     // the agent's sandbox is turned off
	SettingTrustedProject    = "trusted_project"      // a project marked trusted wholesale
	SettingTerminalApprove   = "auto_approve_command" // shell commands run without asking
)

// InstructionFile is an agent instruction file (AGENTS.md, CLAUDE.md,
// .cursor/rules, GEMINI.md, .windsurfrules, ...) or a skill's SKILL.md.
type InstructionFile struct {
	// Kind is agents_md, claude_md, gemini_md, cursor_rule, windsurf_rule,
	// copilot_instructions or skill.
	Kind   string `json:"kind"`
	Client string `json:"client,omitempty"`
	Scope  string `json:"scope"`
	// File is a redacted location label.
	File string `json:"file"`
	Root string `json:"root,omitempty"`
	// Name and Description are a skill's frontmatter fields; the
	// description is what every request carries, the body loads on use.
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	// Text is the file as the model reads it (home directory and user
	// name replaced, secrets scrubbed), at most MaxInstructionBytes.
	Text      string `json:"text"`
	Truncated bool   `json:"truncated,omitempty"`
	// Tokens are counted at collection by a real tokenizer.
	Tokens *TextTokens `json:"tokens,omitempty"`
	// Scripts are the other files a skill ships, with what they can do.
	Scripts []SkillScript `json:"scripts,omitempty"`
}

// MaxInstructionBytes caps the text kept per instruction file.
const MaxInstructionBytes = 256 << 10

// TextTokens are the token counts of one instruction file.
type TextTokens struct {
	Encoding string `json:"encoding"`
	// Text is the whole file; Always is the part every request carries
	// (the whole file, or a skill's name and description).
	Text   int `json:"text"`
	Always int `json:"always"`
}

// SkillScript is one file a skill ships besides SKILL.md, judged at
// collection without keeping its content.
type SkillScript struct {
	// Path is relative to the skill directory.
	Path string `json:"path"`
	// Kinds ⊆ shell, network, download_exec, destructive.
	Kinds []string `json:"kinds,omitempty"`
	// Hosts are the URL hosts it names (download sources, endpoints).
	Hosts []string `json:"hosts,omitempty"`
	// Line is the first line that showed a capability.
	Line int `json:"line,omitempty"`
}

// Script capability kinds.
const (
	ScriptShell        = "shell"
	ScriptNetwork      = "network"
	ScriptDownloadExec = "download_exec"
	ScriptDestructive  = "destructive"
)

// PackageRef is the package a package runner fetches to start a server.
type PackageRef struct {
	// Ecosystem is npm, pypi or docker.
	Ecosystem string `json:"ecosystem"`
	// Name is the registry name; for git and URL sources only a host
	// label ("github.com/…"), never a path.
	Name string `json:"name"`
	// Version is as written: exact, a range, a dist-tag, a tag or a digest.
	Version string `json:"version,omitempty"`
	// Source is registry, git, url or local.
	Source string `json:"source"`
	Pinned bool   `json:"pinned,omitempty"`
	// Location is the argument that names it, e.g. "args[1]".
	Location string `json:"location,omitempty"`
	// Installed lists the versions found on disk (npx cache,
	// node_modules, uv cache), offline.
	Installed []InstalledPackage `json:"installed,omitempty"`
}

// InstalledPackage is one copy of a package found on disk.
type InstalledPackage struct {
	Version string `json:"version"`
	// Where is "npx cache", "node_modules" or "uv cache".
	Where string `json:"where"`
	// Integrity is the lockfile's Subresource Integrity string
	// ("sha512-..."), when the cache records one.
	Integrity string `json:"integrity,omitempty"`
}

// Advisory is the advisory a known-vulnerable-package finding cites.
type Advisory struct {
	ID      string   `json:"id"`
	Aliases []string `json:"aliases,omitempty"`
	Summary string   `json:"summary,omitempty"`
	// Ecosystem, Package and Version are what matched.
	Ecosystem string `json:"ecosystem"`
	Package   string `json:"package"`
	Version   string `json:"version"`
	// Fixed is the first fixed version, when the advisory names one.
	Fixed string `json:"fixed,omitempty"`
	// URL is the advisory's first ADVISORY or WEB reference.
	URL string `json:"url,omitempty"`
	// Source names where the record came from: "built-in" or a file label.
	Source string `json:"source,omitempty"`
}
