package proxy

// The one place the proxy reaches report/textsafe: everything it prints
// is one sanitised line.

import (
	"fmt"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

// line renders one finding as one sanitised stderr line.
func line(f *model.Finding) string {
	where := f.Server
	if f.Tool != "" {
		where += "/" + f.Tool
	}
	s := fmt.Sprintf("[%s] %s %s: %s", f.Severity, f.ID, where, f.Title)
	if f.Evidence != "" {
		s += ": " + f.Evidence
	}
	return textsafe.Line(textsafe.Clip(s, 600))
}

// safe sanitises any server-supplied text for one stderr line.
func safe(s string, max int) string { return textsafe.Line(textsafe.Clip(s, max)) }
