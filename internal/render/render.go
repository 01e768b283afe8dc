// Package render turns a findings document into every output format. It
// is native only (the CycloneDX library links net/url), outside the pure
// core; nothing in report/ or the page imports it. It
// is the format registry: one list, one switch. Every renderer reads
// findings only, so a saved findings file re-renders identically.
package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// Formats lists the output formats, in the order help shows them.
var Formats = []string{"table", "json", "sarif", "markdown", "cyclonedx"}

// Options tune rendering. Nil means defaults.
type Options struct {
	// Color enables ANSI colour in the table (the CLI decides: terminal
	// and NO_COLOR unset).
	Color bool
	// Width is the terminal width for wrapping (0 = 100).
	Width int
	// Artifact is the repository file SARIF results point at when the
	// config declaring their server is unknown (GitHub code scanning
	// drops results with no physical location). The Action passes its
	// assay.toml. Empty means logical locations only.
	Artifact string
}

// Write renders f in the named format to w.
func Write(w io.Writer, format string, f *model.Findings, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	switch format {
	case "json":
		b, err := model.Marshal(f)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case "table":
		return writeTable(w, f, opts)
	case "sarif":
		return writeSARIF(w, f, opts)
	case "markdown":
		return writeMarkdown(w, f, opts)
	case "cyclonedx":
		return writeCycloneDX(w, f)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

// Valid reports whether name is a known format.
func Valid(name string) bool {
	for _, f := range Formats {
		if f == name {
			return true
		}
	}
	return false
}
