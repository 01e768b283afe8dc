package cli

// Integration points with packages that are still landing. Each function
// here is replaced by a call into its package as that package lands.

import (
	"errors"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

func parseServerSpec(spec string, headers []string, getenv func(string) string) (collectkit.Target, error) {
	t, err := collectkit.ParseServerFlag(spec, headers, getenv)
	if err != nil {
		return t, usageErr("%w", err)
	}
	return t, nil
}

func applyRulesFile(opts *analyze.Options, path string) error {
	if path != "" {
		return usageErr("--rules is not available in this build")
	}
	return nil
}

func writeHTML(path string, bundles []*model.Bundle, f *model.Findings) error {
	return errors.New("--html is not available in this build")
}
