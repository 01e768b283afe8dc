package model

import "encoding/json"

// Kinds of the documents Assay reads and writes.
const (
	BundleKind   = "assay.bundle/v1"
	FindingsKind = "assay.findings/v1"
)

// Generator names the program that wrote a document.
type Generator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// Ruleset is the analysis ruleset version (findings only).
	Ruleset string `json:"ruleset,omitempty"`
}

// Bundle is what was observed: server surfaces exactly as served plus a
// redacted config inventory. It is safe to send: every field is listed in
// [BundleAllowlist] and nothing else is ever written.
type Bundle struct {
	Kind      string    `json:"kind"`
	Generator Generator `json:"generator"`
	// CreatedAt is informational only; no hash covers it.
	CreatedAt string `json:"createdAt,omitempty"`
	// Host describes the collecting machine without naming it.
	Host *Host `json:"host,omitempty"`
	// Contexts is what each agent loads: client × project root.
	Contexts []Context `json:"contexts,omitempty"`
	Servers  []Server  `json:"servers"`
	// Errors are problems not tied to one server (an unreadable config).
	Errors []CollectionError `json:"errors,omitempty"`
	// Settings are agent settings files that change trust, as redacted facts.
	Settings []SettingsFile `json:"settings,omitempty"`
	// Instructions are agent instruction files and skills (model-facing text).
	Instructions []InstructionFile `json:"instructions,omitempty"`
	// Hashes are document-level hashes; "document" covers the canonical
	// bundle without signature, createdAt and this entry, so `assay verify`
	// catches an edit anywhere else (see report/hashes).
	Hashes map[string]string `json:"hashes,omitempty"`
	// Signature, when present, signs the canonical bundle without this field.
	Signature *Signature `json:"signature,omitempty"`
}

// Host is the coarse description of the machine a bundle came from.
type Host struct {
	OS   string `json:"os,omitempty"`
	Arch string `json:"arch,omitempty"`
	// Label is an operator-chosen or anonymised machine label, never the
	// hostname unless the operator passed it explicitly.
	Label string `json:"label,omitempty"`
}

// Signature is an Ed25519 signature over the canonical JSON of the bundle
// with the signature field removed.
type Signature struct {
	Algorithm string `json:"algorithm"`
	PublicKey string `json:"publicKey"`
	KeyID     string `json:"keyId"`
	Value     string `json:"value"`
}

// Server is one MCP server's observed surface. Definitions are kept raw,
// exactly as served: unknown fields, _meta, icons and absent-versus-false
// hints all survive.
type Server struct {
	// Name is the configured name (or serverInfo.name for a bare surface).
	Name string `json:"name"`
	// Identity pairs servers across scans: name + transport + endpoint.
	Identity string `json:"identity"`
	// Transport is stdio, http, sse or surface.
	Transport string `json:"transport"`
	// Endpoint is the command basename or the URL host, never a full path.
	Endpoint string `json:"endpoint,omitempty"`
	// Source says how the surface was obtained: live, surface, config.
	Source string `json:"source"`

	ProtocolVersion   string            `json:"protocolVersion,omitempty"`
	ServerInfo        json.RawMessage   `json:"serverInfo,omitempty"`
	Capabilities      json.RawMessage   `json:"capabilities,omitempty"`
	Instructions      *string           `json:"instructions,omitempty"`
	Tools             []json.RawMessage `json:"tools"`
	Prompts           []json.RawMessage `json:"prompts,omitempty"`
	Resources         []json.RawMessage `json:"resources,omitempty"`
	ResourceTemplates []json.RawMessage `json:"resourceTemplates,omitempty"`
	// ListCache are the cache hints (ttlMs, cacheScope) of the list
	// results that carried them, in list order (see listcache.go).
	ListCache []ListCache `json:"listCache,omitempty"`

	// Tokens are counts recorded at collection time by a real tokenizer.
	Tokens *ServerTokens `json:"tokens,omitempty"`
	// Config is the redacted declaration this server came from, if any.
	Config *ServerConfig `json:"config,omitempty"`
	// Errors are collection problems for this server; a server with errors
	// may be incomplete.
	Errors []CollectionError `json:"errors,omitempty"`
	// Hashes are the per-component surface hashes (see package canon).
	Hashes map[string]string `json:"hashes,omitempty"`
	// Auth is the authorization posture of a remote server, observed
	// without credentials (see auth.go).
	Auth *AuthPosture `json:"auth,omitempty"`
	// Clients are the surfaces listed under other client identities.
	Clients []ClientView `json:"clients,omitempty"`
}

// ServerTokens are the token counts of one server's model-facing surface.
type ServerTokens struct {
	Encoding string `json:"encoding"`
	// Tools maps tool name to the tokens of its canonical definition.
	Tools map[string]int `json:"tools"`
	// ToolsSum is the sum over Tools.
	ToolsSum int `json:"toolsSum"`
	// ToolsList is the whole tools/list result serialised once.
	ToolsList    int `json:"toolsList"`
	Instructions int `json:"instructions,omitempty"`
	Prompts      int `json:"prompts,omitempty"`
	Resources    int `json:"resources,omitempty"`
	Templates    int `json:"templates,omitempty"`
	// Estimated is true when counts come from a characters-per-token
	// estimate rather than a tokenizer.
	Estimated bool `json:"estimated,omitempty"`
}

// CollectionError is a named problem met while collecting or reading.
type CollectionError struct {
	// Code is a stable machine name: timeout, crashed, bad_json,
	// page_cap, item_cap, byte_cap, repeated_cursor, server_request,
	// sdk_warning, invalid_utf8, unreachable, config_parse, ...
	Code    string `json:"code"`
	Message string `json:"message"`
	// Phase is initialize, tools/list, prompts/list, ... or config.
	Phase string `json:"phase,omitempty"`
}
