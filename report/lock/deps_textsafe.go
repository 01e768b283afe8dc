package lock

// The one place this package reaches report/textsafe: server strings in
// evidence are escaped so they cannot act on a terminal or hide anything.

import "github.com/assay-mcp/assay/report/textsafe"

// quote shows a server-supplied name escaped, quoted and cut short.
func quote(s string) string { return `"` + textsafe.Line(textsafe.Clip(s, 80)) + `"` }

// safe escapes a config-supplied word for one line of evidence.
func safe(s string) string { return textsafe.Line(textsafe.Clip(s, 80)) }
