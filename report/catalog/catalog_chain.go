package catalog

import "github.com/assay-mcp/assay/report/model"

// chainRules are findings across the servers one agent loads together
// (produced by report/classify).
var chainRules = []Rule{
	{ID: "CHAIN-001", Category: model.CatChain, Severity: model.SevHigh,
		Title: "Exfiltration chain: private data, untrusted input and an outbound channel in one context",
		Help: "One agent can read private data, ingest content an attacker controls, and send data out. Injected instructions in the untrusted content can make the agent leak " +
			"the private data. The evidence names the tools behind each leg and the cut point: the leg with the fewest tools, where removing or gating tools breaks the chain" +
			" most cheaply.",
		Remediation: "Break a leg, starting at the cut point: disable those tools in this context, split the servers across agents, or require confirmation for every call to them."},
	{ID: "CHAIN-002", Category: model.CatChain, Severity: model.SevMedium,
		Title:       "Two servers expose the same tool name",
		Help:        "When two servers in one context offer a tool of the same name, the client may call the wrong one, and a later server can shadow a trusted tool.",
		Remediation: "Disable one of the servers in this context, or ask the client to namespace tool names."},
	{ID: "CHAIN-003", Category: model.CatChain, Severity: model.SevHigh,
		Title:       "Tool description or server instructions name another server's tool",
		Help:        "A tool description or a server's instructions refer to a tool that belongs to a different server in the same context. This text is read by the model; one server steering how another server's tools are used is a known shadowing and poisoning technique.",
		Remediation: "Review the description; if the reference is not a documented integration, remove the server."},
}
