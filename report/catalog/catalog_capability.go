package catalog

import "github.com/assay-mcp/assay/report/model"

// capabilityRules are findings about what one tool can do and whether its
// declared hints agree (produced by report/classify).
var capabilityRules = []Rule{
	{ID: "CAP-001", Category: model.CatCapability, Severity: model.SevHigh,
		Title:       "readOnlyHint: true on a tool that writes, deletes or executes",
		Help:        "The server declares the tool read-only, but its schema, name or description shows it changes state, destroys data or runs code. Clients that auto-approve read-only tools would let it act unreviewed. Severity is critical when the tool executes code.",
		Remediation: "Treat the tool by its classified tier, not its hint; ask the server author to correct the annotation; require confirmation for it in the client."},
	{ID: "CAP-002", Category: model.CatCapability, Severity: model.SevMedium,
		Title:       "destructiveHint: false on a tool that deletes or overwrites",
		Help:        "The server says the tool makes no destructive updates, but a destructive verb, a force/overwrite switch or an unguarded write to a caller-chosen path says otherwise.",
		Remediation: "Require confirmation for the tool; ask the author to set destructiveHint: true or add a concurrency guard."},
	{ID: "CAP-003", Category: model.CatCapability, Severity: model.SevMedium,
		Title:       "openWorldHint: false on a tool that reaches outside",
		Help:        "The server says the tool works in a closed domain, but it takes a caller-controlled URL, connection string or recipient, or sends to others.",
		Remediation: "Treat the tool as an egress channel; ask the author to set openWorldHint: true or pin the destination."},
	{ID: "CAP-004", Category: model.CatCapability, Severity: model.SevLow,
		Title:       "Tools declare no behaviour hints",
		Help:        "These tools declare none of readOnlyHint, destructiveHint and openWorldHint. Clients and app stores increasingly require all three to decide what may run without confirmation.",
		Remediation: "Ask the server author to annotate every tool with readOnlyHint, destructiveHint and openWorldHint."},
	{ID: "CAP-005", Category: model.CatCapability, Severity: model.SevInfo,
		Title:       "Tools declare only some behaviour hints",
		Help:        "These tools declare some but not all of readOnlyHint, destructiveHint and openWorldHint; a missing hint takes the protocol's least safe default.",
		Remediation: "Ask the server author to declare all three hints on every tool."},
	{ID: "CAP-006", Category: model.CatCapability, Severity: model.SevMedium,
		Title:       "Generic dispatcher: the real operations are invisible",
		Help:        "The tool takes an operation name and an open parameters object, so what it can do is decided at call time and cannot be reviewed or diffed from its definition.",
		Remediation: "Prefer a server version that exposes one tool per operation, or restrict the dispatcher's operations on the server side; review calls to it individually."},
	{ID: "CAP-007", Category: model.CatCapability, Severity: model.SevHigh,
		Title:       "Tool executes caller-supplied code",
		Help:        "The tool runs code, commands or a raw query language the model writes: it can read, change and destroy whatever the server can reach, and usually reach the network.",
		Remediation: "Enable it only in sandboxed contexts, require confirmation for every call, and keep untrusted content out of the same agent."},
	{ID: "CAP-008", Category: model.CatCapability, Severity: model.SevMedium,
		Title:       "Input schema could not be fully analysed",
		Help:        "The schema walk stopped (a $ref cycle, a reference outside the schema, a broken reference, or the depth or size cap). Assay fails closed and treats the tool as able to reach anywhere.",
		Remediation: "Ask the author to inline or simplify the schema; review the tool by hand."},
	{ID: "CAP-009", Category: model.CatCapability, Severity: model.SevLow,
		Title:       "Tools whose effect could not be determined",
		Help:        "Nothing in these tools' names, schemas, hints or descriptions says whether they read, write or send. Unknown is not safe.",
		Remediation: "Review the tools by hand and record the verdict in a rules file (a category keyword or an override)."},
}
