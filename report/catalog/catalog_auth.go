package catalog

import "github.com/assay-mcp/assay/report/model"

// authRules judge how a configured server authenticates. They read the
// redacted config facts recorded at collection; no secret value ever
// reaches them.
var authRules = []Rule{
	{ID: "AUTH-001", Category: model.CatAuth, Severity: model.SevHigh,
		Title:       "Literal secret in server configuration",
		Help:        "A credential is written into the client config (an env value, a header, an argument, the URL or an inline bearer token). Config files are synced, backed up, shared in dotfile repositories and read by every extension; a key stored there leaks with them.",
		Remediation: "Rotate the exposed credential, then reference it from the environment or a secret manager (e.g. ${env:NAME}, bearer_token_env_var, a credential helper) instead of writing it into the file."},
	{ID: "AUTH-002", Category: model.CatAuth, Severity: model.SevMedium,
		Title:       "Remote server configured without authentication",
		Help:        "The server is reached over the network and its config declares no credential, no reference to one and no OAuth. Anyone who can reach the endpoint gets the same tools, or the client may be talking to an endpoint it cannot verify.",
		Remediation: "Require authentication on the server (OAuth or a token) and configure the client with a reference to the credential, or restrict the endpoint to loopback."},
	{ID: "AUTH-003", Category: model.CatAuth, Severity: model.SevCritical,
		Title:       "Unauthenticated remote server exposes state-changing tools",
		Help:        "A remote server configured without any authentication offers tools that write, reach external systems or act irreversibly. Whoever can reach the endpoint can make it act, and nothing ties its actions to an identity.",
		Remediation: "Put the server behind authentication before use, or remove the write, external and irreversible tools from its exposure; until then disable the entry."},
	{ID: "AUTH-004", Category: model.CatAuth, Severity: model.SevHigh,
		Title:       "Credential sent over plain HTTP",
		Help:        "The server URL uses http:// to a non-loopback host while the entry sends a credential. Anyone on the network path can read and replay it.",
		Remediation: "Use an https:// URL for the server, then rotate the credential that was sent in clear."},
}
