package cli

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/assay-mcp/assay/report/fleet"
	"github.com/assay-mcp/assay/report/html/core"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
)

// SignatureRow is what a fleet report says about one input's signature.
type SignatureRow struct {
	Source string `json:"source"`
	// Status is unsigned, verified or invalid.
	Status   string `json:"status"`
	KeyID    string `json:"keyId,omitempty"`
	Pinned   bool   `json:"pinned,omitempty"`
	OtherKey bool   `json:"otherKey,omitempty"`
	Problem  string `json:"problem,omitempty"`
}

// fleetDoc is the fleet JSON document: the merged view plus the
// signature check of every input file.
type fleetDoc struct {
	*fleet.Fleet
	Signatures []SignatureRow `json:"signatures"`
	// Drill is each kept machine's own analysis and signature, in the
	// order of Fleet.Machines, for the HTML page's per-machine drill-down.
	// It is not part of the fleet JSON document.
	Drill []view.FleetMachine `json:"-"`
	// Kept are the indexes of the input files that count: a machine sent
	// twice is counted once.
	Kept []int `json:"-"`
}

// SignatureStatus checks a bundle file's embedded signature: the line a
// report shows is "signed by KEY, verified", "SIGNATURE INVALID: ..." or
// nothing for an unsigned bundle. It is core.SignatureOf, the check the
// page's WebAssembly core runs on dropped files, so both say the same.
func SignatureStatus(source string, data []byte) SignatureRow {
	return SignatureRow(core.SignatureOf(source, data))
}

// String is the human line for a signature row.
func (s SignatureRow) String() string {
	switch s.Status {
	case "verified":
		return view.Signature(s).Line()
	case "missing":
		return "SIGNATURE MISSING: " + s.Problem
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
	return e.renderTo(out, render)
}

// loadFleet reads, checks the signature of and analyses every bundle,
// and merges them. The HTML fleet page is built from the same document.
func loadFleet(warn io.Writer, paths []string) (*fleetDoc, error) {
	files, err := readInputFiles(warn, paths)
	if err != nil {
		return nil, err
	}
	return fleetOf(files)
}

// inputFile is one input as read: decoded, and its signature checked on
// the file's own bytes (decoding and merging drop the signature).
type inputFile struct {
	Path string
	In   *model.Input
	Sig  SignatureRow
}

// readInputFiles reads every input and checks its signature; an invalid
// signature is reported loudly on warn and does not stop the report.
func readInputFiles(warn io.Writer, paths []string, pins ...ed25519.PublicKey) ([]inputFile, error) {
	var out []inputFile
	for _, p := range paths {
		in, data, err := readInputData(p)
		if err != nil {
			return nil, err
		}
		sig := SignatureRow(core.SignatureWith(filepath.Base(p), data, pins))
		if sig.Status == "invalid" || sig.Status == "missing" {
			fmt.Fprintf(warn, "assay: WARNING: %s: %s\n", p, sig)
		}
		out = append(out, inputFile{Path: p, In: in, Sig: sig})
	}
	return out, nil
}

// fleetOf analyses every bundle on its own and merges them (core.Fleet,
// the same code the page runs on dropped bundles), keeping each
// machine's findings for the drill-down.
func fleetOf(files []inputFile) (*fleetDoc, error) {
	var fis []core.FleetInput
	var sigs []SignatureRow
	for _, file := range files {
		in := file.In
		if in.Bundle == nil {
			return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: is a %s; a fleet report reads bundles (assay-collect or assay scan --bundle)", file.Path, in.Kind)}
		}
		sigs = append(sigs, file.Sig)
		fis = append(fis, core.FleetInput{Source: filepath.Base(file.Path), Bundle: in.Bundle, Signature: view.Signature(file.Sig)})
	}
	vf, kept := core.Fleet(fis, Version)
	return &fleetDoc{Fleet: vf.Fleet, Signatures: sigs, Drill: vf.Machines, Kept: kept}, nil
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
