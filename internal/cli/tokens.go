package cli

import (
	"github.com/assay-mcp/assay/collectkit/tokens"
	"github.com/assay-mcp/assay/report/model"
)

// countTokens records exact token counts for every server that has none
// (stored surfaces, live captures). Counts already in a bundle are kept:
// they are what was measured at collection time.
func countTokens(b *model.Bundle, encoding string) error {
	for i := range b.Servers {
		s := &b.Servers[i]
		if s.Tokens != nil && s.Tokens.Encoding == encoding && !s.Tokens.Estimated {
			continue
		}
		t, err := tokens.CountServer(s, encoding)
		if err != nil {
			return usageErr("%v", err)
		}
		s.Tokens = t
	}
	return nil
}
