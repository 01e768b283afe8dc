package cli

// The small adapters scan (and baseline, check, approve) use to reach
// collectkit, the rules file and the report page, turning their errors
// into the CLI's exit codes.

import (
	"github.com/assay-mcp/assay/collectkit/inputfile"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/policy"
)

// parseServerSpec turns one --server value into a target (usage error, 64,
// when it cannot).
func parseServerSpec(spec string, headers []string, getenv func(string) string) (collectkit.Target, error) {
	t, err := collectkit.ParseServerFlag(spec, headers, getenv)
	if err != nil {
		return t, usageErr("%w", err)
	}
	return t, nil
}

// applyRulesFile loads a --rules file into the analysis options. A bad
// file is one clear error naming it (exit 65); a missing one exits 66.
func applyRulesFile(opts *analyze.Options, path string) error {
	if path == "" {
		return nil
	}
	data, err := readFile(path, inputfile.MaxRules)
	if err != nil {
		return err
	}
	p, err := policy.Load(data, path)
	if err != nil {
		return &ExitError{Code: ExitDataErr, Err: err}
	}
	opts.Policy = p
	return nil
}

// writeHTML writes the self-contained page for a scan (--html, demo).
func writeHTML(e *env, path string, bundles []*model.Bundle, f *model.Findings) error {
	return htmlReport(e, path, bundles, f, nil)
}
