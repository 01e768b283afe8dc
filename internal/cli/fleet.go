package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/fleet"
	"github.com/assay-mcp/assay/report/signature"
)

// SignatureRow is what a fleet report says about one input's signature.
type SignatureRow struct {
	Source string `json:"source"`
	// Status is unsigned, verified or invalid.
	Status  string `json:"status"`
	KeyID   string `json:"keyId,omitempty"`
	Problem string `json:"problem,omitempty"`
}

// fleetDoc is the fleet JSON document: the merged view plus the
// signature check of every input file.
type fleetDoc struct {
	*fleet.Fleet
	Signatures []SignatureRow `json:"signatures"`
}

// SignatureStatus checks a bundle file's embedded signature: the line a
// report shows is "signed by KEY, verified", "SIGNATURE INVALID: ..." or
// nothing for an unsigned bundle. signature.Verify is pure, so the page
// can do the same with the same result.
func SignatureStatus(source string, data []byte) SignatureRow {
	r := signature.Verify(data, nil)
	row := SignatureRow{Source: source, Status: "unsigned"}
	if !r.Signed {
		return row
	}
	row.KeyID = r.KeyID
	if r.Valid {
		row.Status = "verified"
		return row
	}
	row.Status, row.Problem = "invalid", r.Problem
	return row
}

// String is the human line for a signature row.
func (s SignatureRow) String() string {
	switch s.Status {
	case "verified":
		return fmt.Sprintf("signed by %s, verified", s.KeyID)
	case "invalid":
		return fmt.Sprintf("SIGNATURE INVALID (%s): %s", s.KeyID, s.Problem)
	}
	return "unsigned"
}

// fleetReport renders `assay report BUNDLE... --format json|markdown`:
// every bundle analysed on its own, then merged by report/fleet (servers
// × machines, versions, secrets, unpinned servers, riskiest tools, the
// same machine sent twice counted once). Bad signatures are reported
// loudly on stderr and in the output; they do not stop the report.
func fleetReport(e *env, paths []string, format, out string) error {
	if format != "json" && format != "markdown" {
		return usageErr("report: --format %q: want html, json or markdown", format)
	}
	doc, err := loadFleet(e.stderr, paths)
	if err != nil {
		return err
	}
	sigs := doc.Signatures
	render := func(buf *bytes.Buffer) error {
		if format == "json" {
			enc := json.NewEncoder(buf)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			return enc.Encode(doc)
		}
		if err := fleet.WriteMarkdown(buf, doc.Fleet); err != nil {
			return err
		}
		writeSignaturesMarkdown(buf, sigs)
		return nil
	}
	if out != "" {
		return renderTo(out, render)
	}
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	_, err = e.stdout.Write(buf.Bytes())
	return err
}

// loadFleet reads, checks the signature of and analyses every bundle,
// and merges them. The HTML fleet page can be built from the same
// document.
func loadFleet(warn io.Writer, paths []string) (*fleetDoc, error) {
	var machines []fleet.Machine
	var sigs []SignatureRow
	for _, p := range paths {
		in, err := readInput(p)
		if err != nil {
			return nil, err
		}
		if in.Bundle == nil {
			return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: is a %s; a fleet report reads bundles (assay-collect or assay scan --bundle)", p, in.Kind)}
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, ioErr(err)
		}
		sig := SignatureStatus(filepath.Base(p), data)
		if sig.Status == "invalid" {
			fmt.Fprintf(warn, "assay: WARNING: %s: %s\n", p, sig)
		}
		sigs = append(sigs, sig)
		f := analyze.Analyze(in.Bundle, &analyze.Options{Version: Version})
		machines = append(machines, fleet.Machine{Source: filepath.Base(p), Bundle: in.Bundle, Findings: f})
	}
	return &fleetDoc{Fleet: fleet.Build(machines), Signatures: sigs}, nil
}

func writeSignaturesMarkdown(w io.Writer, sigs []SignatureRow) {
	fmt.Fprint(w, "\n## Signatures\n\n| bundle | signature |\n|---|---|\n")
	for _, s := range sigs {
		line := s.String()
		if s.Status == "invalid" {
			line = "**" + line + "**"
		}
		fmt.Fprintf(w, "| %s | %s |\n", mdCell(s.Source), mdCell(line))
	}
}

func mdCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;").Replace(s)
}
