package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

// SARIF output follows SARIF 2.1.0 as GitHub code scanning reads it:
//
//   - one run; tool.driver.rules lists every catalogue rule, fired or not,
//     so code scanning knows every rule and can close alerts whose rule
//     stopped firing;
//   - properties["security-severity"] carries GitHub's numeric scale:
//     critical 9.5, high 8.0, medium 5.5, low 3.0, info 0.0 (GitHub's
//     bands are critical > 9.0, high 7.0–8.9, medium 4.0–6.9, low 0.1–3.9);
//   - level follows severity: critical and high are "error", medium is
//     "warning", low and info are "note";
//   - partialFingerprints["assayFingerprint/v1"] is Finding.Fingerprint, so
//     an alert survives rewording, reordering and line moves;
//   - a result points at the config file and line declaring its server
//     when known, else at Options.Artifact when set, and always carries a
//     logical location server → tool → element;
//   - suppressed findings are kept with an external suppression;
//   - every rule and result is tagged with its OWASP MCP Top 10 category
//     ("owasp-mcp/MCP03:2025", see catalog.OWASPFor);
//   - a finding that names its own file and line (agent settings,
//     instruction files, one declaration of a server) points there.

const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	toolURI      = "https://github.com/assay-mcp/assay"
	// FingerprintKey names Assay's fingerprint in partialFingerprints.
	FingerprintKey = "assayFingerprint/v1"
)

// SecuritySeverity maps an Assay severity to GitHub's security-severity
// score. Unknown severities score as medium so they are never hidden.
func SecuritySeverity(sev string) string {
	switch sev {
	case model.SevCritical:
		return "9.5"
	case model.SevHigh:
		return "8.0"
	case model.SevMedium:
		return "5.5"
	case model.SevLow:
		return "3.0"
	case model.SevInfo:
		return "0.0"
	}
	return "5.5"
}

// SARIFLevel maps an Assay severity to a SARIF result level.
func SARIFLevel(sev string) string {
	switch sev {
	case model.SevCritical, model.SevHigh:
		return "error"
	case model.SevLow, model.SevInfo:
		return "note"
	}
	return "warning"
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
	// ColumnKind is required by GitHub when regions are present.
	ColumnKind string `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
	Properties     *sarifProps `json:"properties,omitempty"`
}

type sarifProps struct {
	Ruleset string `json:"ruleset,omitempty"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name"`
	ShortDescription     sarifText         `json:"shortDescription"`
	FullDescription      sarifText         `json:"fullDescription"`
	Help                 sarifMessage      `json:"help"`
	DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
	Properties           sarifRuleProperty `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifRuleProperty struct {
	Tags             []string `json:"tags"`
	SecuritySeverity string   `json:"security-severity"`
	Category         string   `json:"category"`
	Severity         string   `json:"severity"`
	Deprecated       bool     `json:"deprecated,omitempty"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Properties          sarifResultProps   `json:"properties"`
}

type sarifResultProps struct {
	Category         string `json:"category"`
	Severity         string `json:"severity"`
	SecuritySeverity string `json:"security-severity"`
	Server           string `json:"server,omitempty"`
	Tool             string `json:"tool,omitempty"`
	Context          string `json:"context,omitempty"`
	Element          string `json:"element,omitempty"`
	// Tags carries the finding's OWASP MCP Top 10 tag, which for
	// injection in instruction files differs from its rule's.
	Tags []string `json:"tags,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
	Message          *sarifText     `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification,omitempty"`
}

func writeSARIF(w io.Writer, f *model.Findings, opts *Options) error {
	log := buildSARIF(f, opts)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func buildSARIF(f *model.Findings, opts *Options) *sarifLog {
	rules := catalog.All()
	index := make(map[string]int, len(rules))
	for i, r := range rules {
		index[r.ID] = i
	}
	// A findings file from another Assay version may name rules this
	// catalogue lacks; describe them from the finding so every result has
	// its rule.
	var extra []catalog.Rule
	for _, fd := range f.Findings {
		if _, ok := index[fd.ID]; ok {
			continue
		}
		index[fd.ID] = -1
		extra = append(extra, catalog.Rule{ID: fd.ID, Category: fd.Category, Severity: fd.Severity,
			Title: fd.Title, Help: fd.Title, Remediation: fd.Remediation})
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i].ID < extra[j].ID })
	for _, r := range extra {
		index[r.ID] = len(rules)
		rules = append(rules, r)
	}

	driver := sarifDriver{
		Name:           "assay",
		Version:        f.Generator.Version,
		InformationURI: toolURI,
		Rules:          make([]sarifRule, len(rules)),
	}
	if f.Generator.Ruleset != "" {
		driver.Properties = &sarifProps{Ruleset: f.Generator.Ruleset}
	}
	for i, r := range rules {
		driver.Rules[i] = sarifRuleOf(r)
	}

	servers := make(map[string]*model.ServerReport, len(f.Servers))
	for i := range f.Servers {
		servers[f.Servers[i].Identity] = &f.Servers[i]
	}
	results := make([]sarifResult, 0, len(f.Findings))
	for _, fd := range f.Findings {
		results = append(results, sarifResultOf(fd, index[fd.ID], servers[fd.Server], opts))
	}
	return &sarifLog{
		Schema:  sarifSchema,
		Version: sarifVersion,
		Runs: []sarifRun{{
			Tool:       sarifTool{Driver: driver},
			Results:    results,
			ColumnKind: "unicodeCodePoints",
		}},
	}
}

func sarifRuleOf(r catalog.Rule) sarifRule {
	help := r.Help
	md := escapeMarkdown(r.Help)
	if r.Remediation != "" {
		help += "\n\nRemediation: " + r.Remediation
		md += "\n\n**Remediation:** " + escapeMarkdown(r.Remediation)
	}
	return sarifRule{
		ID:                   r.ID,
		Name:                 ruleName(r.Title),
		ShortDescription:     sarifText{Text: r.Title},
		FullDescription:      sarifText{Text: r.Help},
		Help:                 sarifMessage{Text: help, Markdown: md},
		DefaultConfiguration: sarifRuleConfig{Level: SARIFLevel(r.Severity)},
		Properties: sarifRuleProperty{
			Tags:             ruleTags(r.Category, catalog.OWASP(r.ID)),
			SecuritySeverity: SecuritySeverity(r.Severity),
			Category:         r.Category,
			Severity:         r.Severity,
			Deprecated:       r.Deprecated,
		},
	}
}

// ruleTags are a rule's SARIF tags: security, mcp, its category and its
// OWASP MCP Top 10 category when mapped.
func ruleTags(category, owasp string) []string {
	tags := []string{"security", "mcp", category}
	if owasp != "" {
		tags = append(tags, OWASPTag(owasp))
	}
	return tags
}

// OWASPTag is the SARIF tag of an OWASP MCP Top 10 category id.
func OWASPTag(id string) string { return "owasp-mcp/" + id }

// ruleName turns a title into the PascalCase identifier SARIF suggests
// for rule names ("Server exceeded a collection limit" →
// "ServerExceededACollectionLimit").
func ruleName(title string) string {
	var b strings.Builder
	up := true
	for _, r := range title {
		isAlnum := (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if !isAlnum {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

func sarifResultOf(fd model.Finding, ruleIndex int, sv *model.ServerReport, opts *Options) sarifResult {
	res := sarifResult{
		RuleID:              fd.ID,
		RuleIndex:           ruleIndex,
		Level:               SARIFLevel(fd.Severity),
		Message:             sarifText{Text: resultMessage(fd, sv)},
		PartialFingerprints: map[string]string{FingerprintKey: fd.Fingerprint},
		Properties: sarifResultProps{
			Category:         fd.Category,
			Severity:         fd.Severity,
			SecuritySeverity: SecuritySeverity(fd.Severity),
			Server:           textsafe.Line(fd.Server),
			Tool:             textsafe.Line(fd.Tool),
			Context:          textsafe.Line(fd.Context),
			Element:          textsafe.Line(fd.Element),
		},
	}
	if o := catalog.OWASPFor(fd.ID, fd.Element); o != "" {
		res.Properties.Tags = []string{OWASPTag(o)}
	}
	loc := sarifLocation{LogicalLocations: logicalLocations(fd, sv)}
	switch {
	case fd.File != "":
		loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(fd.File)}}
		if fd.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: fd.Line}
		}
	case sv != nil && sv.Config != nil && sv.Config.File != "":
		loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(sv.Config.File)}}
		if sv.Config.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: sv.Config.Line}
		}
	case opts.Artifact != "":
		loc.PhysicalLocation = &sarifPhysical{
			ArtifactLocation: sarifArtifact{URI: fileURI(opts.Artifact)},
			Region:           &sarifRegion{StartLine: 1},
		}
	}
	res.Locations = []sarifLocation{loc}
	if fd.Suppressed != "" {
		res.Suppressions = []sarifSuppression{{Kind: "external", Status: "accepted", Justification: textsafe.Line(fd.Suppressed)}}
	}
	return res
}

// resultMessage is the one line code scanning shows: title, where and the
// evidence, with server text neutralised.
func resultMessage(fd model.Finding, sv *model.ServerReport) string {
	var b strings.Builder
	b.WriteString(fd.Title)
	where := findingWhere(fd, sv)
	if where != "" {
		b.WriteString(" (")
		b.WriteString(where)
		b.WriteString(")")
	}
	if fd.Evidence != "" {
		b.WriteString(": ")
		b.WriteString(textsafe.Line(fd.Evidence))
	}
	return b.String()
}

// findingWhere names server, tool and element for people, escaped.
func findingWhere(fd model.Finding, sv *model.ServerReport) string {
	var parts []string
	switch {
	case sv != nil:
		parts = append(parts, "server "+textsafe.Line(sv.Name))
	case fd.Server != "":
		parts = append(parts, "server "+textsafe.Line(fd.Server))
	case fd.Context != "":
		parts = append(parts, "context "+textsafe.Line(fd.Context))
	}
	if fd.Tool != "" {
		parts = append(parts, "tool "+textsafe.Line(fd.Tool))
	} else if len(fd.Tools) > 0 {
		parts = append(parts, "tools "+strings.Join(toolList(fd.Tools, textsafe.Line), ", "))
	}
	if fd.Element != "" && !elementIsTool(fd.Element, fd.Tool) {
		parts = append(parts, textsafe.Line(fd.Element))
	}
	return strings.Join(parts, ", ")
}

// maxListedTools caps the tools named for one grouped finding.
const maxListedTools = 5

// toolList formats the tools a grouped finding covers, at most
// maxListedTools of them and a count of the rest.
func toolList(tools []string, format func(string) string) []string {
	var out []string
	for i, t := range tools {
		if i == maxListedTools {
			out = append(out, fmt.Sprintf("and %d more", len(tools)-i))
			break
		}
		out = append(out, format(t))
	}
	return out
}

// elementIsTool reports whether element says no more than the tool name.
func elementIsTool(element, tool string) bool {
	return tool != "" && (element == "tool:"+tool || element == "tool:"+tool+"/name")
}

func logicalLocations(fd model.Finding, sv *model.ServerReport) []sarifLogical {
	server := fd.Server
	name := server
	if sv != nil {
		name = sv.Name
	}
	if server == "" {
		server = fd.Context
		name = fd.Context
	}
	if server == "" {
		server = "assay"
		name = "assay"
	}
	fq := server
	loc := sarifLogical{Name: name, Kind: "module"}
	if fd.Tool != "" {
		fq += "/" + fd.Tool
		loc = sarifLogical{Name: fd.Tool, Kind: "function"}
	}
	if fd.Element != "" {
		fq += "/" + fd.Element
		loc = sarifLogical{Name: fd.Element, Kind: "member"}
	} else if fd.Item != "" && fd.Tool == "" {
		fq += "/" + fd.Item
		loc = sarifLogical{Name: fd.Item, Kind: "member"}
	}
	loc.Name = textsafe.Line(loc.Name)
	loc.FullyQualifiedName = textsafe.Line(fq)
	return []sarifLogical{loc}
}

// fileURI turns a redacted file label into a relative URI reference:
// backslashes become slashes and characters outside the URI unreserved
// and path sets are percent-encoded.
func fileURI(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
			strings.IndexByte("-._~/!$&'()*+,;=@", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&0xf])
		}
	}
	return b.String()
}
