package catalog

import "github.com/assay-mcp/assay/report/model"

// authPostureRules judge a remote server's authorization as observed
// without credentials (model.AuthPosture): the unauthenticated answer,
// the WWW-Authenticate challenge, the Protected Resource Metadata
// (RFC 9728) and the authorization server metadata (RFC 8414 / OpenID
// Connect discovery). See report/authposture.
var authPostureRules = []Rule{
	{ID: "AUTH-005", Category: model.CatAuth, Severity: model.SevMedium,
		Title:       "Remote server answers MCP requests without authentication",
		Help:        "An MCP request sent with no credential at all was accepted (HTTP 2xx): anyone who can reach the endpoint can list its tools and, unless each tool checks on its own, call them.",
		Remediation: "Require OAuth (or at least a bearer token) on the MCP endpoint and answer unauthenticated requests with 401 and a WWW-Authenticate challenge naming the resource metadata; or bind the server to loopback."},
	{ID: "AUTH-006", Category: model.CatAuth, Severity: model.SevMedium,
		Title: "Protected server publishes no Protected Resource Metadata",
		Help: "The server refuses unauthenticated requests but neither its challenge nor the RFC 9728 well-known URL leads to Protected Resource Metadata. Since MCP 2025-06-18" +
			" clients discover the authorization server from it; without it they guess or need hand configuration, which invites pointing them at the wrong server.",
		Remediation: "Serve /.well-known/oauth-protected-resource (with the endpoint path appended) naming the resource and its authorization servers, and point to it from the WWW-Authenticate resource_metadata parameter."},
	{ID: "AUTH-007", Category: model.CatAuth, Severity: model.SevLow,
		Title:       "Challenge does not name the resource metadata",
		Help:        "The 401 answer has no WWW-Authenticate resource_metadata parameter (RFC 9728 §5.1); clients find the metadata only by the well-known fallback, and some do not try it.",
		Remediation: "Add resource_metadata=\"https://…/.well-known/oauth-protected-resource…\" to the Bearer challenge of every 401 answer."},
	{ID: "AUTH-008", Category: model.CatAuth, Severity: model.SevMedium,
		Title:       "No authorization server metadata found",
		Help:        "No RFC 8414 or OpenID Connect discovery document was found for the authorization server. Clients cannot learn its endpoints, PKCE support or registration method and fall back to defaults or hand configuration.",
		Remediation: "Publish /.well-known/oauth-authorization-server (RFC 8414) or /.well-known/openid-configuration for the issuer the resource metadata names."},
	{ID: "AUTH-009", Category: model.CatAuth, Severity: model.SevHigh,
		Title:       "Authorization server issuer does not match its metadata location",
		Help:        "The metadata's issuer differs from the issuer it was fetched for (RFC 8414 §3.3 says it MUST be identical). A client that validates refuses the server; one that does not can be mixed up between authorization servers and send codes or tokens to the wrong one.",
		Remediation: "Make issuer exactly the authorization server URL the resource metadata lists, and serve the metadata at that issuer's well-known location."},
	{ID: "AUTH-010", Category: model.CatAuth, Severity: model.SevLow,
		Title:       "Authorization server does not advertise the iss response parameter",
		Help:        "authorization_response_iss_parameter_supported is absent or false (RFC 9207): authorization responses do not carry the issuer, so a client talking to several authorization servers cannot detect a mix-up attack.",
		Remediation: "Return iss in authorization responses and set authorization_response_iss_parameter_supported to true."},
	{ID: "AUTH-011", Category: model.CatAuth, Severity: model.SevHigh,
		Title:       "PKCE with S256 not advertised",
		Help:        "code_challenge_methods_supported does not list S256. The MCP authorization spec requires PKCE with S256 and tells clients to refuse an authorization server that does not advertise it; without it an intercepted authorization code can be redeemed.",
		Remediation: "Support PKCE (RFC 7636) with S256 and list it in code_challenge_methods_supported; reject plain."},
	{ID: "AUTH-012", Category: model.CatAuth, Severity: model.SevLow,
		Title: "Open dynamic client registration without Client ID Metadata Documents",
		Help: "The authorization server accepts dynamic client registration (RFC 7591) and does not support Client ID Metadata Documents. Anyone can register a client with any" +
			" name and logo, which makes consent screens easy to spoof; MCP 2025-11-25 prefers URL-based client ids that identify the client's origin.",
		Remediation: "Support Client ID Metadata Documents (client_id_metadata_document_supported: true) and restrict or moderate dynamic registration."},
	{ID: "AUTH-013", Category: model.CatAuth, Severity: model.SevInfo,
		Title:       "No client registration mechanism advertised",
		Help:        "Neither a registration_endpoint nor Client ID Metadata Documents are advertised: every client must be pre-registered by hand, and MCP clients will fail to connect without that step.",
		Remediation: "If the server is meant for general MCP clients, support Client ID Metadata Documents; otherwise document the pre-registration."},
	{ID: "AUTH-014", Category: model.CatAuth, Severity: model.SevInfo,
		Title:       "Authorization scopes advertised",
		Help:        "The scopes the challenge and metadata advertise: what a token for this server may be asked to carry. Review them against least privilege; a broad scope granted once covers every tool.",
		Remediation: "Advertise narrow, per-capability scopes and request only those a task needs."},
	{ID: "AUTH-015", Category: model.CatAuth, Severity: model.SevHigh,
		Title: "Authorization metadata uses plain HTTP",
		Help: "A metadata document, or a URL it lists (issuer, authorization, token or registration endpoint), uses http:// to a non-loopback host. OAuth 2.1 requires TLS for " +
			"all of them: codes, tokens and client secrets would cross the network in clear, and the metadata itself can be rewritten in transit.",
		Remediation: "Serve the metadata and every endpoint over https://; only loopback redirect URIs may use http."},
	{ID: "AUTH-016", Category: model.CatAuth, Severity: model.SevHigh,
		Title: "Authorization metadata URL is not http(s) or carries shell metacharacters",
		Help: "A URL in the authorization metadata (often authorization_endpoint) has a scheme other than http(s), does not parse, or contains shell metacharacters. Clients op" +
			"en the authorization URL with the system browser; mcp-remote passed it to a shell, which let a malicious server run commands on the user's machine (CVE-2025-651" +
			"4).",
		Remediation: "Do not connect clients to this server. Serve only https:// URLs without shell metacharacters; clients should validate the scheme and never pass the URL through a shell."},
	{ID: "AUTH-017", Category: model.CatAuth, Severity: model.SevMedium,
		Title:       "Resource metadata names another resource",
		Help:        "The resource field of the Protected Resource Metadata is not the MCP endpoint that pointed to it (RFC 9728 §3.3: it MUST be identical). Tokens would be bound to a different audience, and a validating client refuses the metadata.",
		Remediation: "Set resource to the exact canonical URL of the MCP endpoint."},
	{ID: "AUTH-018", Category: model.CatAuth, Severity: model.SevMedium,
		Title:       "Resource metadata names no authorization server",
		Help:        "The Protected Resource Metadata lists no authorization_servers; an MCP client has nowhere to obtain a token and will fail or fall back to guessing.",
		Remediation: "List the issuer URL of the authorization server in authorization_servers."},
	{ID: "AUTH-019", Category: model.CatAuth, Severity: model.SevLow,
		Title:       "Authorization metadata could not be read",
		Help:        "A metadata document exists but could not be used: it is not JSON, is larger than Assay reads, redirected to another host, or the host did not answer. Clients fail the same way, or a redirect may send them somewhere unexpected.",
		Remediation: "Serve the metadata as a small JSON object at its well-known URL on the same host, without cross-host redirects."},
}

// clientViewRules judge a surface listed under several client identities
// (see report/clientview).
var clientViewRules = []Rule{
	{ID: "INJ-016", Category: model.CatInjection, Severity: model.SevHigh,
		Title: "Surface differs by client identity",
		Help: "Listed under another client name and version (the clientInfo of initialize, or the per-request clientInfo of MCP 2026-07-28), the server returned different tool" +
			"s, definitions or instructions. A server that shows a scanner or reviewer a cleaner surface than the agent that will use it is what a rug-pull looks like: every" +
			" review of it is void.",
		Remediation: "Do not approve the server on this scan. Ask the operator why the surface depends on the client; review the variant the agent actually receives, and pin the surface with a lock."},
}

// headerRules judge the x-mcp-header schema annotation (see report/mcpheader).
var headerRules = []Rule{
	{ID: "HYG-030", Category: model.CatHygiene, Severity: model.SevMedium,
		Title:       "Secret or personal data mirrored into an HTTP header",
		Help:        "A tool parameter whose name, header or description suggests a credential or personal data carries the x-mcp-header annotation (MCP 2026-07-28): clients copy its value into an HTTP header of every call, where proxies, gateways and access logs record it.",
		Remediation: "Remove x-mcp-header from the parameter, or mirror only a non-sensitive routing value (a region, a tenant id) into the header."},
	{ID: "HYG-031", Category: model.CatHygiene, Severity: model.SevMedium,
		Title:       "Input schema $ref points outside the schema",
		Help:        "A $ref in the tool's inputSchema names another document (a URL or relative path). A client that resolves it fetches a location the server chose, which can track users, reach internal hosts, or swap the schema (and its descriptions) after review.",
		Remediation: "Inline the referenced definitions under $defs and use local #/$defs/… references only."},
	{ID: "HYG-032", Category: model.CatHygiene, Severity: model.SevLow,
		Title:       "Input schema $ref does not resolve",
		Help:        "A local $ref in the tool's inputSchema has no target. Clients reject the schema, ignore the parameter's constraints, or let the model guess its shape.",
		Remediation: "Define the referenced schema under $defs or fix the pointer."},
	{ID: "HYG-033", Category: model.CatHygiene, Severity: model.SevLow,
		Title:       "Input schema is recursive or too large when its $refs are inlined",
		Help:        "Resolving the inputSchema's $refs loops back to an enclosing schema or expands beyond Assay's bounds (nodes or depth). Clients that inline references to show the model one schema hang, truncate, or send the model a huge definition; a crafted chain of $defs is a denial of service.",
		Remediation: "Keep tool input schemas flat and finite; avoid recursive and multiplying $defs."},
}
