package cli

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// rulesDoc is the JSON shape of `assay rules --format json`.
type rulesDoc struct {
	Kind    string      `json:"kind"`
	Ruleset string      `json:"ruleset"`
	Rules   []ruleEntry `json:"rules"`
	// OWASP names the OWASP MCP Top 10 version and its categories.
	OWASP owaspDoc `json:"owasp"`
}

// ruleEntry is a catalogue rule with its OWASP MCP Top 10 category.
type ruleEntry struct {
	catalog.Rule
	OWASP string `json:"owasp,omitempty"`
}

type owaspDoc struct {
	Version    string                  `json:"version"`
	Categories []catalog.OWASPCategory `json:"categories"`
}

func ruleEntries(rules []catalog.Rule) []ruleEntry {
	out := make([]ruleEntry, len(rules))
	for i, r := range rules {
		out[i] = ruleEntry{Rule: r, OWASP: catalog.OWASP(r.ID)}
	}
	return out
}

func newRulesCmd(e *env) *cobra.Command {
	var format, category string
	cmd := &cobra.Command{
		Use:   "rules [ID...]",
		Short: "List the finding catalogue: every rule id with category, severity and title",
		Long: `Rules lists every finding Assay can report, from the one catalogue the
analysis uses: id, category, default severity, OWASP MCP Top 10 category
and title, and with ids given, the help text and remediation of each. Ids
are never reused for another meaning; retired rules stay listed as
deprecated. The OWASP mapping follows the OWASP MCP Top 10 v0.1 (2025),
https://owasp.org/www-project-mcp-top-10/ (docs/supply-chain.md).

--format json prints {"kind": "assay.rules/v1", "ruleset", "rules": [...],
"owasp": {...}} with every field, for tools that map ids to their own policy.`,
		Example: `  assay rules                       # the whole catalogue as a table
  assay rules --category injection  # one category
  assay rules INJ-001 CAP-007       # full help and remediation
  assay rules --format json | jq '.rules[] | select(.severity == "critical") | .id'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "table" && format != "json" {
				return usageErr("--format %q: want table or json", format)
			}
			if category != "" {
				if _, ok := catalog.Prefixes[category]; !ok {
					return usageErr("--category %q: want one of %s", category, strings.Join(categoryList(), ", "))
				}
			}
			rules, err := selectRules(args, category)
			if err != nil {
				return err
			}
			if format == "json" {
				b, err := model.Marshal(rulesDoc{Kind: "assay.rules/v1", Ruleset: catalog.Ruleset, Rules: ruleEntries(rules),
					OWASP: owaspDoc{Version: catalog.OWASPVersion, Categories: catalog.OWASPCategories()}})
				if err != nil {
					return err
				}
				_, err = e.stdout.Write(b)
				return err
			}
			if len(args) > 0 {
				return writeRuleDetails(e, rules)
			}
			return writeRuleTable(e, rules)
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table or json")
	cmd.Flags().StringVar(&category, "category", "", "only rules of this category: "+strings.Join(categoryList(), ", "))
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletions("table", "json"))
	_ = cmd.RegisterFlagCompletionFunc("category", fixedCompletions(categoryList()...))
	cmd.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, r := range catalog.All() {
			if !slices.Contains(args, r.ID) && strings.HasPrefix(r.ID, strings.ToUpper(toComplete)) {
				out = append(out, cobra.CompletionWithDesc(r.ID, r.Title))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	return cmd
}

func categoryList() []string {
	out := make([]string, 0, len(catalog.Prefixes))
	for c := range catalog.Prefixes {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// selectRules returns the named rules (in the order given) or every rule
// of the category, or all.
func selectRules(ids []string, category string) ([]catalog.Rule, error) {
	if len(ids) == 0 {
		var out []catalog.Rule
		for _, r := range catalog.All() {
			if category == "" || r.Category == category {
				out = append(out, r)
			}
		}
		return out, nil
	}
	var out []catalog.Rule
	for _, id := range ids {
		r, ok := catalog.Lookup(strings.ToUpper(id))
		if !ok {
			return nil, usageErr("no rule %q; 'assay rules' lists them", id)
		}
		if category == "" || r.Category == category {
			out = append(out, r)
		}
	}
	return out, nil
}

func writeRuleTable(e *env, rules []catalog.Rule) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCATEGORY\tSEVERITY\tOWASP\tTITLE")
	counts := map[string]int{}
	for _, r := range rules {
		title := r.Title
		if r.Deprecated {
			title += " (deprecated)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Category, r.Severity, strings.TrimSuffix(catalog.OWASP(r.ID), ":2025"), title)
		counts[r.Category]++
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var parts []string
	for _, c := range categoryList() {
		if counts[c] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[c], c))
		}
	}
	_, err := fmt.Fprintf(e.stdout, "\n%d rules (ruleset %s): %s\n", len(rules), catalog.Ruleset, strings.Join(parts, ", "))
	return err
}

func writeRuleDetails(e *env, rules []catalog.Rule) error {
	for i, r := range rules {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		dep := ""
		if r.Deprecated {
			dep = ", deprecated"
		}
		fmt.Fprintf(e.stdout, "%s  %s (%s, %s%s)\n\n%s\n\nRemediation: %s\n", r.ID, r.Title, r.Category, r.Severity, dep, r.Help, r.Remediation)
		if o := catalog.OWASP(r.ID); o != "" {
			fmt.Fprintf(e.stdout, "OWASP MCP Top 10: %s %s (%s)\n", o, catalog.OWASPTitle(o), catalog.OWASPVersion)
		}
	}
	return nil
}
