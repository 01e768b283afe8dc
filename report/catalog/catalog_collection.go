package catalog

import "github.com/assay-mcp/assay/report/model"

var collectionRules = []Rule{
	{ID: "COL-001", Category: model.CatCollection, Severity: model.SevMedium,
		Title:       "Server could not be fully collected",
		Help:        "Assay could not read the whole surface of this server (it timed out, crashed, refused the handshake or was unreachable). Findings for it may be incomplete.",
		Remediation: "Check that the server starts with the configured command and environment, then scan again; raise --timeout for slow servers."},
	{ID: "COL-002", Category: model.CatCollection, Severity: model.SevHigh,
		Title:       "Server exceeded a collection limit",
		Help:        "The server served more pages, items or bytes than Assay accepts, or repeated a pagination cursor. Hostile or broken servers do this to hide tools past a scanner's cut-off or to exhaust memory.",
		Remediation: "Treat the server as untrusted until its listing is bounded; inspect its tool list by hand."},
	{ID: "COL-003", Category: model.CatCollection, Severity: model.SevMedium,
		Title:       "Server sent malformed protocol data",
		Help:        "The server wrote non-JSON output, invalid UTF-8 or definitions the MCP SDK rejected. Clients may drop or misread these tools.",
		Remediation: "Report the malformed output to the server's maintainers; do not rely on the affected tools."},
	{ID: "COL-004", Category: model.CatCollection, Severity: model.SevMedium,
		Title:       "Server sent a request to the client during listing",
		Help:        "The server asked the client for sampling, elicitation or roots while being listed. Assay advertises no client capabilities and refused the request; a server that asks anyway is probing for model or user access.",
		Remediation: "Find out why the server requests client features before any tool is used; deny sampling and elicitation for it in your client."},
	{ID: "COL-006", Category: model.CatCollection, Severity: model.SevInfo,
		Title:       "Optional list method not offered",
		Help:        "The server answered an optional list method (prompts/list, resources/list, resources/templates/list) with -32601, method not found. That is an answer: the server has none of these, and the listing is complete.",
		Remediation: "Nothing to do; servers should omit capabilities they do not implement."},
	{ID: "COL-007", Category: model.CatCollection, Severity: model.SevInfo,
		Title:       "Server wrote non-protocol text on stdout",
		Help:        "A stdio server printed lines that are not JSON-RPC (a banner or log text) on stdout. Assay counted and ignored them and the listing is complete, but stricter clients may drop the connection.",
		Remediation: "Ask the server author to log to stderr; stdout belongs to the protocol."},
	{ID: "COL-005", Category: model.CatCollection, Severity: model.SevLow,
		Title:       "Input file could not be fully read",
		Help:        "A configuration or stored surface could not be parsed in whole; the rest was analysed.",
		Remediation: "Fix the file at the reported location and scan again."},
}

// collection error codes to rule ids
var collectionCodes = map[string]string{
	"page_cap": "COL-002", "item_cap": "COL-002", "byte_cap": "COL-002", "repeated_cursor": "COL-002", "depth_cap": "COL-002",
	"bad_json": "COL-003", "invalid_utf8": "COL-003", "sdk_warning": "COL-003",
	"server_request": "COL-004",
	"not_offered":    "COL-006", "stdout_noise": "COL-007",
	"unsupported_protocol": "COL-003", "errors_truncated": "COL-002",
	"config_parse": "COL-005", "bad_entry": "COL-005",
}

// CollectionRule maps a collection error code to its rule id; unknown
// codes are "could not be fully collected".
func CollectionRule(code string) string {
	if id, ok := collectionCodes[code]; ok {
		return id
	}
	return "COL-001"
}

// notGaps are the rules of collection notes: the listing was complete.
var notGaps = map[string]bool{"COL-004": true, "COL-006": true, "COL-007": true}

// Gap reports whether a collection finding means part of a surface may
// be missing (and so marks a scan incomplete).
func Gap(id string) bool { return !notGaps[id] }
