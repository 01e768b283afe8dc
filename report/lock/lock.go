package lock

// Kind names the lock format and its major version.
const Kind = "assay.lock/v1"

// Lock is the document 'assay lock' writes. Servers are sorted by
// identity and tools by name, so reordering a config or a server's
// tools/list never changes a byte.
type Lock struct {
	Kind string `json:"kind"`
	// Salt keys every HMAC in the lock (64 hex digits). 'assay lock'
	// keeps the salt of the lock it replaces, so re-locking an unchanged
	// set of servers writes the same bytes.
	Salt    string   `json:"salt"`
	Servers []Server `json:"servers"`
	// Hash is SHA-256 over the canonical JSON of the lock without this
	// member; a hand-edited lock is refused.
	Hash string `json:"hash"`
}

// Server is one locked server.
type Server struct {
	// Name is the configured name (or the name 'assay lock --server'
	// derived from the command).
	Name string `json:"name"`
	// Identity pairs the server across runs: name, transport, endpoint.
	Identity string `json:"identity"`
	Launch   Launch `json:"launch"`
	// Pin is the command pin of a local server; absent for remote ones
	// and when the program could not be resolved.
	Pin *Pin `json:"pin,omitempty"`
	// Surface is what the server served; absent when it was not started
	// or contacted (a lock made without --connect of configured servers).
	Surface *Surface `json:"surface,omitempty"`
}

// Launch is how the server is started or reached, in a strict form that
// holds no secret, no full URL and no path beyond a base name.
type Launch struct {
	// Transport is stdio, http or sse.
	Transport string `json:"transport"`
	// Command is the program's base name.
	Command string `json:"command,omitempty"`
	// Args are the arguments as a bundle would show them: secrets and
	// token-like words replaced by a marker, URLs reduced to scheme and
	// host, paths to their base name.
	Args []string `json:"args,omitempty"`
	// URL is the scheme and host of a remote server.
	URL string `json:"url,omitempty"`
	// Env and Headers are the sorted names passed; values never.
	Env     []string `json:"env,omitempty"`
	Headers []string `json:"headers,omitempty"`
	// ArgsHMAC is the salted HMAC of the exact arguments with secret
	// values left out ("hmac-sha256:" + hex).
	ArgsHMAC string `json:"argsHmac,omitempty"`
	// ValuesHMAC is the salted HMAC of the non-secret env, header and URL
	// values; credential-looking names are left out, so rotating a key is
	// no change.
	ValuesHMAC string `json:"valuesHmac,omitempty"`
}

// Pin is the command pin of a local server: which program runs and what
// it runs, by content.
type Pin struct {
	// Executable is the resolved program, the home directory written as ~.
	Executable string `json:"executable"`
	// SHA256 is the hex SHA-256 of the program file (symbolic links
	// followed).
	SHA256 string `json:"sha256"`
	// Entry is the script or package entry point the program runs (home
	// as ~), when one could be found.
	Entry string `json:"entry,omitempty"`
	// EntrySHA256 is the hex SHA-256 of Entry.
	EntrySHA256 string `json:"entrySha256,omitempty"`
	// Package is the package a runner starts (npx, uvx, ...), as given,
	// with token-like words removed.
	Package string `json:"package,omitempty"`
	// Date is the day (YYYY-MM-DD) this pin was first recorded.
	Date string `json:"date"`
}

// Surface is a server's surface as fingerprints.
type Surface struct {
	// ProtocolVersion is the version negotiated when locking.
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	// Era is legacy (initialize) or modern (server/discover, 2026-07-28
	// and later).
	Era string `json:"era,omitempty"`
	// ServerName and ServerVersion are serverInfo.name and .version.
	ServerName    string `json:"serverName,omitempty"`
	ServerVersion string `json:"serverVersion,omitempty"`
	// Hashes covers serverInfo, capabilities, instructions, prompts,
	// resources and templates (see report/hashes).
	Hashes map[string]string `json:"hashes"`
	Tools  []Tool            `json:"tools"`
}

// Tool is one tool as fingerprints.
type Tool struct {
	Name string `json:"name"`
	// Hashes covers description ({title, description} as served),
	// descriptionText (ASCII spacing folded), descriptionNormalized (as
	// the injection rules read it: invisible characters dropped,
	// look-alikes mapped, case folded), inputSchema, outputSchema and
	// annotations.
	Hashes map[string]string `json:"hashes"`
	// Other hashes every other member of the definition (_meta, icons,
	// execution, ...) by name.
	Other map[string]string `json:"other,omitempty"`
	// Hints are the four behaviour hints in clear: "true", "false" or
	// "<non-boolean>"; an absent hint is absent.
	Hints map[string]string `json:"hints,omitempty"`
	// Hidden counts invisible and look-alike characters in the tool's
	// model-facing text.
	Hidden int `json:"hidden,omitempty"`
}

// Keys of Tool.Hashes beyond those of report/hashes.
const (
	// DescriptionNormalized hashes title and description as the
	// injection rules read them.
	DescriptionNormalized = "descriptionNormalized"
)

// Eras.
const (
	EraLegacy = "legacy"
	EraModern = "modern"
)

// ModernVersion is the first protocol version without initialize.
const ModernVersion = "2026-07-28"

// Hint values.
const (
	HintTrue       = "true"
	HintFalse      = "false"
	HintNonBoolean = "<non-boolean>"
)

// HintNames are the four MCP behaviour hints, in the order reports list them.
var HintNames = []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// hintDefaults are the spec's defaults: "readOnlyHint default false;
// destructiveHint default true; idempotentHint default false;
// openWorldHint default true". An absent hint means its default.
var hintDefaults = map[string]string{
	"readOnlyHint": HintFalse, "destructiveHint": HintTrue, "idempotentHint": HintFalse, "openWorldHint": HintTrue,
}

// EraOf names the era of a negotiated protocol version.
func EraOf(version string) string {
	switch {
	case version == "":
		return ""
	case version >= ModernVersion:
		return EraModern
	}
	return EraLegacy
}
