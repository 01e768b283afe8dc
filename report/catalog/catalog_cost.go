package catalog

import "github.com/assay-mcp/assay/report/model"

// costRules are raised by report/cost. Token figures in their evidence name
// the encoding and say when they are estimates.
var costRules = []Rule{
	{
		ID: "COST-001", Category: model.CatCost, Severity: model.SevLow,
		Title: "Tool surface takes a large share of the context window",
		Help: "The tool definitions and instructions of a context's enabled servers are sent with every request, before the user types anything. " +
			"This context's fixed overhead passes 10% of the window (low); 25% raises it to medium and 50% to high. " +
			"The share leaves less room for the conversation and costs the same tokens on every model call.",
		Remediation: "Disable servers this agent does not need in this project, prefer servers that expose fewer, smaller tools, or use a client feature that loads tools on demand.",
	},
	{
		ID: "COST-002", Category: model.CatCost, Severity: model.SevInfo,
		Title: "A few tools take most of a server's token budget",
		Help: "At most three tools, and no more than one in five of the server's tools, hold half or more of its tool tokens. " +
			"Trimming those few definitions (long descriptions, inlined schemas, enumerated values) saves most of the server's cost.",
		Remediation: "Shorten the named tools' descriptions and schemas, move reference text to documentation or a resource, or split rarely used options into a separate tool.",
	},
	{
		ID: "COST-003", Category: model.CatCost, Severity: model.SevLow,
		Title: "One tool definition is very large",
		Help: "A single tool's definition (name, title, description, input and output schemas, annotations) is over the size threshold (2,000 tokens by default; medium above five times it). " +
			"It is paid on every request whether or not the tool is used.",
		Remediation: "Cut the part of the definition the evidence names: summarise the description, drop examples and repeated text, and replace long enumerations or deeply nested schemas with simpler ones.",
	},
	{
		ID: "COST-004", Category: model.CatCost, Severity: model.SevInfo,
		Title: "Boilerplate sentence repeated across tool descriptions",
		Help: "The same sentence appears in the descriptions of several of one server's tools. Every copy after the first costs tokens on every request; " +
			"the saving is estimated from a calibrated characters-per-token ratio. It is raised to low when the saving reaches 500 tokens.",
		Remediation: "State the sentence once, in the server's instructions or in the one tool it concerns, and remove it from the other descriptions.",
	},
	{ID: "COST-005", Category: model.CatCost, Severity: model.SevLow,
		Title:       "Instruction file adds many tokens to every request",
		Help:        "An agent instruction file (AGENTS.md, CLAUDE.md, GEMINI.md, rules) or the descriptions of installed skills are loaded into every request, like tool definitions. This one is large enough to crowd the context window on its own.",
		Remediation: "Trim the file to what the agent needs in every session; move reference material into files the agent opens on demand."},
}
