package config

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// settingsSource is one agent settings file that may change whom the
// agent trusts: which servers start unasked, which tools run without a
// prompt, which commands hooks run, where model traffic goes.
type settingsSource struct {
	Client, Scope, Path, Root string
	Format                    Format
	// Dialect picks the reader: claude, vscode, gemini, codex or hooks.
	Dialect string
	// Key is the path to the settings object inside the document
	// (Claude Code keeps per-project settings in ~/.claude.json).
	Key []string
}

// userSettings are the user-scope settings files of each client.
func userSettings(goos, home string) []settingsSource {
	vs := vscodeUser(goos, home)
	return []settingsSource{
		{Client: ClaudeCode, Scope: ScopeUser, Path: filepath.Join(home, ".claude", "settings.json"), Format: FormatJSON, Dialect: "claude"},
		{Client: ClaudeCode, Scope: ScopeUser, Path: filepath.Join(home, ".claude", "settings.local.json"), Format: FormatJSON, Dialect: "claude"},
		{Client: ClaudeCode, Scope: ScopeUser, Path: filepath.Join(home, ".claude.json"), Format: FormatJSON, Dialect: "claude"},
		{Client: Cursor, Scope: ScopeUser, Path: filepath.Join(home, ".cursor", "hooks.json"), Format: FormatJSON, Dialect: "hooks"},
		{Client: VSCode, Scope: ScopeUser, Path: filepath.Join(vs, "settings.json"), Format: FormatJSON, Dialect: "vscode"},
		{Client: Windsurf, Scope: ScopeUser, Path: filepath.Join(home, ".codeium", "windsurf", "hooks.json"), Format: FormatJSON, Dialect: "hooks"},
		{Client: GeminiCLI, Scope: ScopeUser, Path: filepath.Join(home, ".gemini", "settings.json"), Format: FormatJSON, Dialect: "gemini"},
		{Client: Codex, Scope: ScopeUser, Path: filepath.Join(home, ".codex", "config.toml"), Format: FormatTOML, Dialect: "codex"},
	}
}

// projectSettings are the settings files a client reads in a project
// root. Claude Code's local scope also lives in ~/.claude.json under the
// root's path (key filled in by the caller).
func projectSettings(root string) []settingsSource {
	return []settingsSource{
		{Client: ClaudeCode, Scope: ScopeProject, Path: filepath.Join(root, ".claude", "settings.json"), Format: FormatJSON, Dialect: "claude", Root: root},
		{Client: ClaudeCode, Scope: ScopeLocal, Path: filepath.Join(root, ".claude", "settings.local.json"), Format: FormatJSON, Dialect: "claude", Root: root},
		{Client: Cursor, Scope: ScopeProject, Path: filepath.Join(root, ".cursor", "hooks.json"), Format: FormatJSON, Dialect: "hooks", Root: root},
		{Client: VSCode, Scope: ScopeProject, Path: filepath.Join(root, ".vscode", "settings.json"), Format: FormatJSON, Dialect: "vscode", Root: root},
		{Client: Windsurf, Scope: ScopeProject, Path: filepath.Join(root, ".windsurf", "hooks.json"), Format: FormatJSON, Dialect: "hooks", Root: root},
		{Client: GeminiCLI, Scope: ScopeProject, Path: filepath.Join(root, ".gemini", "settings.json"), Format: FormatJSON, Dialect: "gemini", Root: root},
		{Client: Codex, Scope: ScopeProject, Path: filepath.Join(root, ".codex", "config.toml"), Format: FormatTOML, Dialect: "codex", Root: root},
	}
}

// discoverSettings reads every settings file of the selected clients for
// the user and each project root. Unreadable files are plan lines and
// errors like config files; absent ones are not listed.
func (d *discovery) discoverSettings() {
	src := userSettings(d.goos, d.opts.Home)
	claudeKeys := d.claudeProjectKeys()
	for _, r := range d.roots {
		src = append(src, projectSettings(r.Path)...)
		if k, ok := claudeKeys[normKey(r.Path, d.goos)]; ok {
			src = append(src, settingsSource{Client: ClaudeCode, Scope: ScopeLocal, Path: filepath.Join(d.opts.Home, ".claude.json"),
				Format: FormatJSON, Dialect: "claude", Root: r.Path, Key: []string{"projects", k}})
		}
	}
	for _, s := range src {
		if !d.wantClient(s.Client) {
			continue
		}
		d.loadSettings(s)
	}
}

func (d *discovery) wantClient(c string) bool {
	if len(d.opts.Clients) == 0 {
		return true
	}
	return containsStr(d.opts.Clients, c)
}

func (d *discovery) loadSettings(s settingsSource) {
	l := d.doc(s.Path, s.Format)
	if l.missing {
		return
	}
	label := d.label(s.Path)
	item := PlanItem{Client: s.Client, Scope: s.Scope, File: label, Root: d.rootLabel(s.Root), What: PlanSettings, Status: "read"}
	if l.err != nil {
		item.Status = "error"
		if !d.reported(s.Path) {
			d.inv.Errors = append(d.inv.Errors, model.CollectionError{Code: "config_parse", Phase: "config", Message: label + ": " + l.err.Error()})
		}
		d.inv.Plan = append(d.inv.Plan, item)
		return
	}
	facts := settingsFacts(s, l.doc)
	item.Count = len(facts)
	d.inv.Plan = append(d.inv.Plan, item)
	if len(facts) == 0 {
		return
	}
	d.inv.Settings = append(d.inv.Settings, model.SettingsFile{Client: s.Client, Scope: s.Scope, File: label, Root: item.Root, Facts: facts})
}

// settingsFacts reads one settings document with its client's reader.
func settingsFacts(s settingsSource, doc *document) []model.SettingFact {
	root := at(doc.Root, s.Key)
	m, ok := root.(map[string]any)
	if !ok {
		return nil
	}
	r := &settingsReader{doc: doc, base: s.Key}
	switch s.Dialect {
	case "claude":
		r.claude(m)
	case "vscode":
		r.vscode(m)
	case "gemini":
		r.gemini(m)
	case "codex":
		r.codex(m)
	case "hooks":
		r.hooks(m, "hooks")
	}
	sort.SliceStable(r.out, func(i, j int) bool { return r.out[i].Line < r.out[j].Line })
	return r.out
}

func at(v any, path []string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// settingsReader collects facts with their key and line.
type settingsReader struct {
	doc  *document
	base []string
	out  []model.SettingFact
}

// add records a fact for the value at path (relative to the settings
// object). The key is written with dots and [i] for list items.
func (r *settingsReader) add(kind, detail string, path ...string) {
	full := append(append([]string{}, r.base...), path...)
	var key strings.Builder
	for i, p := range path {
		if _, err := strconv.Atoi(p); err == nil && i > 0 {
			key.WriteString("[" + p + "]")
			continue
		}
		if i > 0 {
			key.WriteString(".")
		}
		key.WriteString(p)
	}
	r.out = append(r.out, model.SettingFact{Kind: kind, Key: key.String(), Line: r.doc.Line(full...), Detail: detail})
}

func isTrue(v any) bool { b, ok := v.(bool); return ok && b }

// claude reads Claude Code settings (settings.json, settings.local.json
// and the objects of ~/.claude.json). Keys per
// https://docs.claude.com/en/docs/claude-code/settings.
func (r *settingsReader) claude(m map[string]any) {
	if isTrue(m["enableAllProjectMcpServers"]) {
		r.add(model.SettingAllProjectServers, "every server in the project's .mcp.json starts without asking", "enableAllProjectMcpServers")
	}
	if l, ok := m["enabledMcpjsonServers"].([]any); ok && len(l) > 0 {
		r.add(model.SettingApprovedServers, plural(len(l), "project server")+" approved in advance", "enabledMcpjsonServers")
	}
	if h, ok := m["hooks"].(map[string]any); ok {
		r.hooks(map[string]any{"hooks": h}, "hooks")
	}
	if s, ok := m["apiKeyHelper"].(string); ok && strings.TrimSpace(s) != "" {
		r.command("apiKeyHelper runs a command for the API key", s, "apiKeyHelper")
	}
	if env, ok := m["env"].(map[string]any); ok {
		r.env(env, "env")
	}
	if p, ok := m["permissions"].(map[string]any); ok {
		if mode, _ := p["defaultMode"].(string); mode == "bypassPermissions" {
			r.add(model.SettingBypassApproval, "permission mode bypassPermissions: every tool call runs without asking", "permissions", "defaultMode")
		}
		r.allowList(p["allow"], "permissions", "allow")
	}
	r.allowList(m["allowedTools"], "allowedTools")
}

// allowList reads a Claude Code permission list: "mcp__server",
// "mcp__server__*" and "mcp__*" approve whole servers, "mcp__server__tool"
// one tool, "Bash" and "Bash(*)" every shell command.
func (r *settingsReader) allowList(v any, path ...string) {
	l, ok := v.([]any)
	if !ok {
		return
	}
	for i, x := range l {
		s, ok := x.(string)
		if !ok {
			continue
		}
		p := append(append([]string{}, path...), strconv.Itoa(i))
		switch {
		case strings.HasPrefix(s, "mcp__"):
			rest := strings.TrimPrefix(s, "mcp__")
			if rest == "*" || !strings.Contains(rest, "__") || strings.HasSuffix(rest, "__*") {
				r.add(model.SettingAutoApproveMCP, "every tool of an MCP server runs without asking", p...)
			} else {
				r.add(model.SettingAutoApproveTool, "one MCP tool runs without asking", p...)
			}
		case s == "Bash" || s == "Bash(*)" || s == "Bash(:*)":
			r.add(model.SettingTerminalApprove, "every shell command runs without asking", p...)
		}
	}
}

// endpointVars redirect the agent's model traffic or its proxy: the API
// key and every prompt then go wherever the value points.
var endpointVars = map[string]bool{
	"ANTHROPIC_BASE_URL": true, "ANTHROPIC_BEDROCK_BASE_URL": true, "ANTHROPIC_VERTEX_BASE_URL": true,
	"OPENAI_BASE_URL": true, "GOOGLE_GEMINI_BASE_URL": true, "GEMINI_API_BASE_URL": true,
	"HTTPS_PROXY": true, "HTTP_PROXY": true, "ALL_PROXY": true,
}

func (r *settingsReader) env(env map[string]any, path ...string) {
	for _, k := range sortedKeys(env) {
		if s, ok := env[k].(string); !ok || strings.TrimSpace(s) == "" {
			continue
		}
		u := strings.ToUpper(k)
		p := append(append([]string{}, path...), k)
		switch {
		case endpointVars[u]:
			r.add(model.SettingEndpointOverride, u+" redirects model or proxy traffic", p...)
		case u == "NODE_TLS_REJECT_UNAUTHORIZED" && env[k] == "0":
			r.add(model.SettingEndpointOverride, "TLS certificate checks turned off", p...)
		}
	}
}

// command records a hook or helper command: what it starts (program
// basenames only) and whether it downloads and runs code.
func (r *settingsReader) command(what, cmd string, path ...string) {
	if downloadsAndRuns(cmd) {
		r.add(model.SettingHookDownload, what+" that downloads and runs a script", path...)
		return
	}
	detail := what
	if progs := programs(cmd); len(progs) > 0 {
		detail += " starting " + strings.Join(progs, ", ")
	}
	r.add(model.SettingHookCommand, detail, path...)
}

// programs lists the programs a command line starts, basenames only.
func programs(cmd string) []string {
	var out []string
	seen := map[string]bool{}
	for _, part := range splitShell(cmd) {
		words := strings.Fields(part)
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		p := safeWord(progName(strings.Trim(words[0], `"'`)))
		if !seen[p] && p != "" {
			seen[p] = true
			out = append(out, p)
		}
	}
	if len(out) > 5 {
		out = append(out[:5], "…")
	}
	return out
}

// hooks walks a hooks object (Claude Code, Cursor, Windsurf and Gemini
// CLI all keep {event: [... {command: "..."} ...]}) and records every
// command string under it with its event name.
func (r *settingsReader) hooks(m map[string]any, key string) {
	h, ok := m[key].(map[string]any)
	if !ok {
		return
	}
	for _, event := range sortedKeys(h) {
		r.walkCommands(h[event], event, []string{key, event}, 0)
	}
}

func (r *settingsReader) walkCommands(v any, event string, path []string, depth int) {
	if depth > 8 {
		return
	}
	switch t := v.(type) {
	case []any:
		for i, x := range t {
			r.walkCommands(x, event, append(append([]string{}, path...), strconv.Itoa(i)), depth+1)
		}
	case map[string]any:
		for _, k := range sortedKeys(t) {
			p := append(append([]string{}, path...), k)
			if s, ok := t[k].(string); ok && (k == "command" || k == "bash" || k == "powershell") && strings.TrimSpace(s) != "" {
				r.command(safeWord(event)+" hook runs a command", s, p...)
				continue
			}
			r.walkCommands(t[k], event, p, depth+1)
		}
	}
}

// vscode reads VS Code settings (flat dotted keys). Per
// https://code.visualstudio.com/docs/copilot/chat/mcp-servers and the chat
// tool-approval settings.
func (r *settingsReader) vscode(m map[string]any) {
	for _, k := range []string{"chat.tools.autoApprove", "chat.tools.global.autoApprove"} {
		if isTrue(m[k]) {
			r.add(model.SettingBypassApproval, "every tool call runs without asking", k)
		}
	}
	switch v := m["chat.mcp.autostart"].(type) {
	case bool:
		if v {
			r.add(model.SettingAutoStart, "MCP servers start without asking", "chat.mcp.autostart")
		}
	case string:
		if v != "never" {
			r.add(model.SettingAutoStart, "MCP servers start without asking", "chat.mcp.autostart")
		}
	}
	switch v := m["chat.mcp.discovery.enabled"].(type) {
	case bool:
		if v {
			r.add(model.SettingAutoStart, "servers configured in other applications are loaded too", "chat.mcp.discovery.enabled")
		}
	case map[string]any:
		for _, k := range sortedKeys(v) {
			if isTrue(v[k]) {
				r.add(model.SettingAutoStart, "servers configured in another application are loaded too", "chat.mcp.discovery.enabled", k)
			}
		}
	}
	if isTrue(m["chat.tools.terminal.enableAutoApprove"]) {
		if rules, ok := m["chat.tools.terminal.autoApprove"].(map[string]any); ok {
			for _, k := range sortedKeys(rules) {
				if isTrue(rules[k]) && (k == "/.*/" || k == "/.+/" || k == "/^.*$/") {
					r.add(model.SettingTerminalApprove, "every shell command runs without asking", "chat.tools.terminal.autoApprove", k)
				}
			}
		}
	}
}

// gemini reads Gemini CLI settings: a server with "trust": true bypasses
// every confirmation for its tools
// (https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md).
func (r *settingsReader) gemini(m map[string]any) {
	if servers, ok := m["mcpServers"].(map[string]any); ok {
		for _, name := range sortedKeys(servers) {
			if s, ok := servers[name].(map[string]any); ok && isTrue(s["trust"]) {
				r.add(model.SettingAutoApproveMCP, "every tool of an MCP server runs without asking (trust)", "mcpServers", name, "trust")
			}
		}
	}
	if isTrue(m["autoAccept"]) {
		r.add(model.SettingAutoApproveTool, "read-only tool calls run without asking", "autoAccept")
	}
	if t, ok := m["tools"].(map[string]any); ok && isTrue(t["autoAccept"]) {
		r.add(model.SettingAutoApproveTool, "read-only tool calls run without asking", "tools", "autoAccept")
	}
	r.hooks(m, "hooks")
}

// codex reads Codex CLI config.toml (and its profiles): approval policy,
// sandbox mode, model provider endpoints, the notify command and trusted
// projects (https://github.com/openai/codex/blob/main/docs/config.md).
func (r *settingsReader) codex(m map[string]any) {
	r.codexPolicy(m)
	if profiles, ok := m["profiles"].(map[string]any); ok {
		for _, name := range sortedKeys(profiles) {
			if p, ok := profiles[name].(map[string]any); ok {
				sub := &settingsReader{doc: r.doc, base: append(append([]string{}, r.base...), "profiles", name)}
				sub.codexPolicy(p)
				for _, f := range sub.out {
					f.Key = "profiles." + name + "." + f.Key
					r.out = append(r.out, f)
				}
			}
		}
	}
	if providers, ok := m["model_providers"].(map[string]any); ok {
		for _, name := range sortedKeys(providers) {
			if p, ok := providers[name].(map[string]any); ok {
				if s, ok := p["base_url"].(string); ok && s != "" {
					r.add(model.SettingEndpointOverride, "a model provider's base_url redirects model traffic", "model_providers", name, "base_url")
				}
			}
		}
	}
	if n, ok := m["notify"].([]any); ok && len(n) > 0 {
		var words []string
		for _, x := range n {
			if s, ok := x.(string); ok {
				words = append(words, s)
			}
		}
		r.command("notify runs a command after each turn", strings.Join(words, " "), "notify")
	}
	if projects, ok := m["projects"].(map[string]any); ok {
		for _, k := range sortedKeys(projects) {
			if p, ok := projects[k].(map[string]any); ok && p["trust_level"] == "trusted" {
				r.add(model.SettingTrustedProject, "a project is marked trusted", "projects", k, "trust_level")
			}
		}
	}
}

func (r *settingsReader) codexPolicy(m map[string]any) {
	if m["approval_policy"] == "never" {
		r.add(model.SettingBypassApproval, "approval_policy never: commands and tool calls run without asking", "approval_policy")
	}
	if m["sandbox_mode"] == "danger-full-access" {
		r.add(model.SettingSandboxOff, "sandbox_mode danger-full-access: no sandbox", "sandbox_mode")
	}
	if env, ok := m["shell_environment_policy"].(map[string]any); ok {
		if set, ok := env["set"].(map[string]any); ok {
			r.env(set, "shell_environment_policy", "set")
		}
	}
}

func plural(n int, what string) string {
	s := strconv.Itoa(n) + " " + what
	if n != 1 {
		s += "s"
	}
	return s
}
