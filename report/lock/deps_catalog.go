package lock

// The one place this package reaches report/catalog: lock findings are
// catalogue DRIFT findings.

import (
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// newFinding builds a finding from the catalogue row for id.
func newFinding(id, server, tool, element, evidence string) model.Finding {
	f := catalog.New(id)
	f.Server, f.Tool, f.Element, f.Evidence = server, tool, element, evidence
	return f
}

// ruleset is the catalogue version lock findings are stamped with.
const ruleset = catalog.Ruleset
