package model

// Findings is what Assay concludes from one or more bundles.
type Findings struct {
	Kind      string            `json:"kind"`
	Generator Generator         `json:"generator"`
	Summary   Summary           `json:"summary"`
	Contexts  []Context         `json:"contexts,omitempty"`
	Servers   []ServerReport    `json:"servers"`
	Findings  []Finding         `json:"findings"`
	Hashes    map[string]string `json:"hashes,omitempty"`
}

// Summary holds the headline numbers.
type Summary struct {
	Servers    int            `json:"servers"`
	Tools      int            `json:"tools"`
	Findings   int            `json:"findings"`
	BySeverity map[string]int `json:"bySeverity"`
	ByCategory map[string]int `json:"byCategory"`
	ByEffect   map[string]int `json:"byEffect"`
	// Incomplete is true when a server or file could not be fully read.
	Incomplete bool `json:"incomplete,omitempty"`
	// Tokens totals, with the encoding named.
	Tokens *TokenSummary `json:"tokens,omitempty"`
}

// TokenSummary totals token cost across the analysed surface.
type TokenSummary struct {
	Encoding  string `json:"encoding"`
	Window    int    `json:"window"`
	Total     int    `json:"total"`
	Estimated bool   `json:"estimated,omitempty"`
	// Contexts maps context id to its total over enabled servers.
	Contexts map[string]int `json:"contexts,omitempty"`
	// Basis names what one server contributes to Total and Contexts, e.g.
	// "toolsSum+instructions" (see report/cost).
	Basis string `json:"basis,omitempty"`
	// PricePerMTok is the input price per million tokens the user gave;
	// zero means no price was given and no cost is shown.
	PricePerMTok float64 `json:"pricePerMTok,omitempty"`
	// PerContext details each context in id order: tokens, window share
	// and, when a price was given, cost per request.
	PerContext []ContextTokens `json:"perContext,omitempty"`
}

// ContextTokens is the fixed token overhead of one context: what every
// request of that agent carries before the user types anything.
type ContextTokens struct {
	ID      string `json:"id"`
	Tokens  int    `json:"tokens"`
	Servers int    `json:"servers"`
	// Share is Tokens / window, rounded to 4 decimals.
	Share float64 `json:"share"`
	// CostPerRequest is Tokens priced at PricePerMTok (only with a price).
	CostPerRequest float64 `json:"costPerRequest,omitempty"`
	// Estimated is true when any server in it has estimated counts.
	Estimated bool `json:"estimated,omitempty"`
}

// ServerReport is the analysis of one server.
type ServerReport struct {
	Name            string            `json:"name"`
	Identity        string            `json:"identity"`
	Transport       string            `json:"transport"`
	Endpoint        string            `json:"endpoint,omitempty"`
	Source          string            `json:"source"`
	ProtocolVersion string            `json:"protocolVersion,omitempty"`
	Implementation  string            `json:"implementation,omitempty"`
	Version         string            `json:"version,omitempty"`
	Auth            string            `json:"auth,omitempty"`
	Tools           []ToolReport      `json:"tools"`
	Prompts         int               `json:"prompts,omitempty"`
	Resources       int               `json:"resources,omitempty"`
	Templates       int               `json:"templates,omitempty"`
	Tokens          *ServerTokens     `json:"tokens,omitempty"`
	Hashes          map[string]string `json:"hashes,omitempty"`
	Errors          []CollectionError `json:"errors,omitempty"`
	Config          *ServerConfig     `json:"config,omitempty"`
}

// ToolReport is the classification of one tool.
type ToolReport struct {
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Effect string `json:"effect"`
	Tier   string `json:"tier"`
	// Kinds is sorted; never null.
	Kinds  []string `json:"kinds"`
	Router bool     `json:"router,omitempty"`
	Tokens int      `json:"tokens"`
	// Evidence cites what produced each effect, kind and tier.
	Evidence []Evidence `json:"evidence,omitempty"`
	// Override records an attributed downward tier override from a rules file.
	Override *Override         `json:"override,omitempty"`
	Hashes   map[string]string `json:"hashes,omitempty"`
}

// Evidence is one signal behind a classification.
type Evidence struct {
	// Signal is name, schema, annotation, description or rule.
	Signal string `json:"signal"`
	// Pointer is a JSON pointer into the tool (/inputSchema/properties/url)
	// or the name token.
	Pointer string `json:"pointer,omitempty"`
	// Detail is a short human explanation or excerpt.
	Detail string `json:"detail,omitempty"`
	// Sets names what this signal raised: an effect, kind or tier.
	Sets []string `json:"sets,omitempty"`
}

// Override is a reviewed downward tier change with attribution.
type Override struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Reason string `json:"reason"`
	By     string `json:"by"`
}

// Finding is one conclusion, with a stable id and fingerprint.
type Finding struct {
	// ID is the catalogue rule id, e.g. INJ-001.
	ID       string `json:"id"`
	Category string `json:"category"`
	Severity string `json:"severity"`
	Title    string `json:"title"`
	// Server is the server identity; Tool the tool name when relevant.
	Server string `json:"server,omitempty"`
	Tool   string `json:"tool,omitempty"`
	// Context is the context id for chain/shadowing/cost findings.
	Context string `json:"context,omitempty"`
	// Element names the string the finding is about, e.g.
	// tool:NAME/description or server:instructions.
	Element string `json:"element,omitempty"`
	// Evidence is a short escaped excerpt or explanation.
	Evidence    string `json:"evidence,omitempty"`
	Fingerprint string `json:"fingerprint"`
	Remediation string `json:"remediation,omitempty"`
	// Item overrides Tool/Element in the fingerprint when a finding is
	// about something else (a config location, a chain leg set).
	Item string `json:"item,omitempty"`
	// Tools lists every tool a grouped finding covers (drift groups one
	// identical edit made across many tools into one finding), sorted.
	Tools []string `json:"tools,omitempty"`
	// Suppressed records why an exception or ignore rule silenced it.
	Suppressed string `json:"suppressed,omitempty"`
	// File and Line locate a finding about a file that declares no
	// server (agent settings, instruction files, skills) or about one
	// declaration of a server: a redacted label and a 1-based line.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Advisory is the advisory a known-vulnerable-package finding cites.
	Advisory *Advisory `json:"advisory,omitempty"`
}

// Enumerations.
const (
	EffectRead         = "read"
	EffectWrite        = "write"
	EffectExternal     = "external"
	EffectIrreversible = "irreversible"
	EffectUnknown      = "unknown"

	KindCodeExec         = "code_exec"
	KindDestructive      = "destructive"
	KindWrite            = "write"
	KindEgress           = "egress"
	KindReadSensitive    = "read_sensitive"
	KindIngestsUntrusted = "ingests_untrusted"

	CatCapability = "capability"
	CatChain      = "chain"
	CatInjection  = "injection"
	CatAuth       = "auth"
	CatHygiene    = "hygiene"
	CatCost       = "cost"
	CatDrift      = "drift"
	CatCollection = "collection"

	SevCritical = "critical"
	SevHigh     = "high"
	SevMedium   = "medium"
	SevLow      = "low"
	SevInfo     = "info"
)

// SeverityRank orders severities; higher is worse. Unknown is -1.
func SeverityRank(s string) int {
	switch s {
	case SevInfo:
		return 0
	case SevLow:
		return 1
	case SevMedium:
		return 2
	case SevHigh:
		return 3
	case SevCritical:
		return 4
	}
	return -1
}

// EffectRank orders effects; unknown has no rank (-1).
func EffectRank(e string) int {
	switch e {
	case EffectRead:
		return 0
	case EffectWrite:
		return 1
	case EffectExternal:
		return 2
	case EffectIrreversible:
		return 3
	}
	return -1
}
