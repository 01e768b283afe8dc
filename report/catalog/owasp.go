package catalog

import "strings"

// OWASP MCP Top 10. Each rule maps to the one category of the OWASP Top
// 10 for Model Context Protocol it is an instance of, so SARIF, the
// report and the catalogue can name it. Source: the OWASP MCP Top 10
// project, https://owasp.org/www-project-mcp-top-10/ (repository
// OWASP/www-project-mcp-top-10, list "OWASP Top 10 for Model Context
// Protocol version v0.1", 2025 ids MCP01:2025 to MCP10:2025). The
// mapping and its reasoning are in docs/supply-chain.md.

// OWASPVersion names the list the mapping follows.
const OWASPVersion = "OWASP MCP Top 10 v0.1 (2025)"

// OWASPCategory is one entry of the list.
type OWASPCategory struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// OWASPCategories lists the ten categories in order.
func OWASPCategories() []OWASPCategory {
	return []OWASPCategory{
		{"MCP01:2025", "Token Mismanagement & Secret Exposure"},
		{"MCP02:2025", "Privilege Escalation via Scope Creep"},
		{"MCP03:2025", "Tool Poisoning"},
		{"MCP04:2025", "Software Supply Chain Attacks & Dependency Tampering"},
		{"MCP05:2025", "Command Injection & Execution"},
		{"MCP06:2025", "Intent Flow Subversion"},
		{"MCP07:2025", "Insufficient Authentication & Authorization"},
		{"MCP08:2025", "Lack of Audit and Telemetry"},
		{"MCP09:2025", "Shadow MCP Servers"},
		{"MCP10:2025", "Context Injection & Over-Sharing"},
	}
}

// owaspByRule is the mapping table: every catalogue id, one category.
// A test fails when a rule is missing here.
var owaspByRule = map[string]string{
	"AUTH-001": "MCP01:2025", "AUTH-002": "MCP07:2025", "AUTH-003": "MCP07:2025", "AUTH-004": "MCP01:2025", "INJ-016": "MCP03:2025", "DRIFT-036": "MCP02:2025", "DRIFT-037": "MCP04:2025", "HYG-030": "MCP01:2025", "HYG-031": "MCP04:2025", "HYG-032": "MCP08:2025", "HYG-033": "MCP10:2025",
	"DRIFT-038": "MCP04:2025", "DRIFT-039": "MCP04:2025",
	"DRIFT-040": "MCP10:2025",
	"AUTH-005":  "MCP07:2025", "AUTH-006": "MCP07:2025", "AUTH-007": "MCP07:2025", "AUTH-008": "MCP07:2025", "AUTH-009": "MCP07:2025", "AUTH-010": "MCP07:2025", "AUTH-011": "MCP01:2025", "AUTH-012": "MCP07:2025",
	"AUTH-013": "MCP07:2025", "AUTH-014": "MCP02:2025", "AUTH-015": "MCP01:2025", "AUTH-016": "MCP05:2025", "AUTH-017": "MCP01:2025", "AUTH-018": "MCP07:2025", "AUTH-019": "MCP07:2025",

	"CAP-001": "MCP03:2025", "CAP-002": "MCP03:2025", "CAP-003": "MCP03:2025", "CAP-004": "MCP02:2025",
	"CAP-005": "MCP02:2025", "CAP-006": "MCP02:2025", "CAP-007": "MCP05:2025", "CAP-008": "MCP08:2025",
	"CAP-009": "MCP08:2025", "CAP-010": "MCP10:2025", "CAP-011": "MCP10:2025", "CAP-012": "MCP02:2025", "CAP-013": "MCP03:2025",

	"CHAIN-001": "MCP10:2025", "CHAIN-002": "MCP03:2025", "CHAIN-003": "MCP03:2025",

	"COL-001": "MCP08:2025", "COL-002": "MCP03:2025", "COL-003": "MCP08:2025", "COL-004": "MCP02:2025", "COL-005": "MCP08:2025",
	"COL-006": "MCP08:2025", "COL-007": "MCP08:2025",

	"COST-001": "MCP10:2025", "COST-002": "MCP10:2025", "COST-003": "MCP10:2025", "COST-004": "MCP10:2025", "COST-005": "MCP10:2025",

	"DRIFT-001": "MCP02:2025", "DRIFT-002": "MCP02:2025", "DRIFT-003": "MCP03:2025", "DRIFT-004": "MCP03:2025",
	"DRIFT-005": "MCP03:2025", "DRIFT-006": "MCP03:2025", "DRIFT-007": "MCP03:2025", "DRIFT-008": "MCP03:2025",
	"DRIFT-009": "MCP02:2025", "DRIFT-010": "MCP03:2025", "DRIFT-011": "MCP03:2025", "DRIFT-012": "MCP03:2025",
	"DRIFT-013": "MCP02:2025", "DRIFT-014": "MCP03:2025", "DRIFT-015": "MCP03:2025", "DRIFT-016": "MCP03:2025",
	"DRIFT-017": "MCP03:2025", "DRIFT-018": "MCP03:2025", "DRIFT-019": "MCP03:2025", "DRIFT-020": "MCP03:2025",
	"DRIFT-021": "MCP03:2025", "DRIFT-022": "MCP04:2025", "DRIFT-023": "MCP03:2025", "DRIFT-024": "MCP09:2025",
	"DRIFT-025": "MCP09:2025", "DRIFT-026": "MCP08:2025", "DRIFT-027": "MCP08:2025", "DRIFT-028": "MCP08:2025",
	"DRIFT-029": "MCP08:2025", "DRIFT-030": "MCP03:2025", "DRIFT-031": "MCP03:2025", "DRIFT-032": "MCP04:2025",
	"DRIFT-033": "MCP04:2025", "DRIFT-034": "MCP09:2025", "DRIFT-035": "MCP04:2025",

	"HYG-001": "MCP02:2025", "HYG-002": "MCP05:2025", "HYG-003": "MCP05:2025", "HYG-004": "MCP05:2025",
	"HYG-005": "MCP04:2025", "HYG-006": "MCP04:2025", "HYG-007": "MCP09:2025", "HYG-008": "MCP09:2025",
	"HYG-009": "MCP07:2025", "HYG-010": "MCP04:2025", "HYG-011": "MCP04:2025", "HYG-012": "MCP04:2025",
	"HYG-013": "MCP09:2025", "HYG-014": "MCP09:2025", "HYG-015": "MCP05:2025", "HYG-016": "MCP05:2025",
	"HYG-017": "MCP01:2025", "HYG-018": "MCP02:2025", "HYG-019": "MCP02:2025", "HYG-020": "MCP02:2025",
	"HYG-021": "MCP02:2025", "HYG-022": "MCP09:2025", "HYG-023": "MCP02:2025", "HYG-024": "MCP04:2025",
	"HYG-025": "MCP04:2025",

	"INJ-001": "MCP03:2025", "INJ-002": "MCP03:2025", "INJ-003": "MCP03:2025", "INJ-004": "MCP03:2025",
	"INJ-005": "MCP03:2025", "INJ-006": "MCP03:2025", "INJ-007": "MCP03:2025", "INJ-008": "MCP03:2025",
	"INJ-009": "MCP03:2025", "INJ-010": "MCP03:2025", "INJ-011": "MCP08:2025",
	"INJ-017": "MCP03:2025", "INJ-018": "MCP03:2025", "INJ-019": "MCP03:2025",
}

// OWASP returns the OWASP MCP Top 10 category id of a rule ("" when the
// rule is unknown).
func OWASP(ruleID string) string { return owaspByRule[ruleID] }

// OWASPFor returns the category of one finding: its rule's, except that
// injection found in agent instruction files and skills (context the
// agent loads, not a tool definition) is intent-flow subversion.
func OWASPFor(ruleID, element string) string {
	if strings.HasPrefix(ruleID, "INJ-") && ruleID != "INJ-011" && strings.HasPrefix(element, "instruction:") {
		return "MCP06:2025"
	}
	return OWASP(ruleID)
}

// OWASPTitle returns the title of a category id ("" when unknown).
func OWASPTitle(id string) string {
	for _, c := range OWASPCategories() {
		if c.ID == id {
			return c.Title
		}
	}
	return ""
}
