package cli

import (
	"github.com/assay-mcp/assay/collectkit/tokens"
	"github.com/assay-mcp/assay/report/model"
)

// countTokens records exact token counts for every server that has none
// in this encoding (stored surfaces, live captures). Counts already in a
// bundle are kept: they are what was measured at collection time.
func countTokens(b *model.Bundle, encoding string) error {
	if err := tokens.CountBundle(b, encoding); err != nil {
		return usageErr("%v", err)
	}
	return nil
}
