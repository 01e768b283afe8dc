package lock

// The one place this package reaches report/baseline: what counts as an
// incomplete collection is decided there, for baselines and locks alike.

import (
	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/model"
)

// gaps lists why a collected server is incomplete ("" entries never).
// A method the server does not implement is an answer, not a gap.
func gaps(s *model.Server) []string {
	return baseline.Incomplete(&model.Bundle{Servers: []model.Server{*s}})
}
