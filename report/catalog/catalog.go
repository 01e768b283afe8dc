// Package catalog is the one table of every finding rule Assay can emit.
// Each category keeps its rows in its own file (catalog_<prefix>.go) so a
// rule is found with one search for its id. An id is never reused for
// another meaning: retire a rule by marking it Deprecated, never delete it.
package catalog

import (
	"fmt"
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

// Ruleset is the analysis ruleset version. Bump it whenever a rule's
// behaviour changes, so drift re-analyses older findings first.
const Ruleset = "2026.11.1"

// Rule is one catalogue entry.
type Rule struct {
	ID          string `json:"id"`
	Category    string `json:"category"`
	Severity    string `json:"severity"`
	Title       string `json:"title"`
	Help        string `json:"help"`
	Remediation string `json:"remediation"`
	Deprecated  bool   `json:"deprecated,omitempty"`
}

// Prefixes maps each category to its id prefix.
var Prefixes = map[string]string{
	model.CatCapability: "CAP",
	model.CatChain:      "CHAIN",
	model.CatInjection:  "INJ",
	model.CatAuth:       "AUTH",
	model.CatHygiene:    "HYG",
	model.CatCost:       "COST",
	model.CatDrift:      "DRIFT",
	model.CatCollection: "COL",
}

var all []Rule
var byID map[string]*Rule

func init() {
	for _, group := range [][]Rule{capabilityRules, chainRules, injectionRules, authRules, authPostureRules, clientViewRules, headerRules, hygieneRules, costRules, driftRules, collectionRules} {
		all = append(all, group...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	byID = make(map[string]*Rule, len(all))
	for i := range all {
		byID[all[i].ID] = &all[i]
	}
}

// All returns every rule, sorted by id.
func All() []Rule { return append([]Rule(nil), all...) }

// Lookup returns the rule with the given id.
func Lookup(id string) (Rule, bool) {
	r, ok := byID[id]
	if !ok {
		return Rule{}, false
	}
	return *r, true
}

// New builds a finding from the catalogue row for id, with the rule's
// category, default severity, title and remediation. It panics on an
// unknown id: that is a programming error caught by every test.
func New(id string) model.Finding {
	r, ok := byID[id]
	if !ok {
		panic(fmt.Sprintf("catalog: unknown rule id %q", id))
	}
	return model.Finding{ID: r.ID, Category: r.Category, Severity: r.Severity, Title: r.Title, Remediation: r.Remediation}
}
