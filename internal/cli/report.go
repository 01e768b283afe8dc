package cli

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
	"github.com/assay-mcp/assay/internal/pdfprint"
	"github.com/assay-mcp/assay/report/html/core"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
)

func newReportCmd(e *env) *cobra.Command {
	var out, title, format, blPath, pdfOut, chromium string
	var pdfTimeout time.Duration
	var pubs []string
	cmd := &cobra.Command{
		Use:   "report INPUT... -o report.html",
		Short: "Write a self-contained HTML report from bundles, findings or surfaces",
		Long: `Report turns bundles, stored surfaces (tools/list results, server captures)
or one findings file into one HTML file. Several bundles or surfaces make
one report over all of them.

The page works offline from disk: no network, no fonts, no CDN. It prints
cleanly to PDF. It carries Assay's analysis core as WebAssembly, so a
reviewer can drop another bundle onto it and read a fresh analysis or the
drift from this report, computed in the page.

--pdf FILE also prints the page to PDF (A4, numbered pages) with a
headless Chromium, when one is installed: --chromium PATH, else $ASSAY_CHROMIUM, else chromium,
chromium-browser or google-chrome on PATH. It is never required: without a
browser the command exits 69 and says so, and the HTML page prints from
any browser (File → Print → Save as PDF). The browser runs with a fresh
profile and no network services, killed after --timeout.`,
		Example: `  assay report bundle.json -o report.html
  assay report laptop.json ci-runner.json -o fleet.html
  assay report machine-*.json --format markdown -o fleet.md
  assay report findings.json -o report.html
  assay report bundle.json -o report.html --pdf report.pdf`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "html" {
				if pdfOut != "" {
					return usageErr("--pdf prints the HTML page; it does not go with --format %s", format)
				}
				return fleetReport(e, args, format, out) // fleet.go
			}
			if out == "" && pdfOut == "" {
				return usageErr("report: -o FILE (or --pdf FILE) is required")
			}
			var browser string
			if pdfOut != "" {
				// No browser is the first error, before any work.
				b, err := pdfprint.Find(chromium)
				if err != nil {
					return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("--pdf: %w", err)}
				}
				browser = b
			}
			var pins []ed25519.PublicKey
			for _, p := range pubs {
				k, err := loadPublicKey(p)
				if err != nil {
					return err
				}
				pins = append(pins, k)
			}
			if blPath != "" {
				bl, err := readBaseline(blPath)
				if err != nil {
					return err
				}
				pins = append(pins, bl.SignerKeys()...)
			}
			in, err := reportInput(e.stderr, args, title, pins...)
			if err != nil {
				return err
			}
			page, err := rhtml.Page(in)
			if err != nil {
				return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("rendering the page: %w", err)}
			}
			if pdfOut != "" {
				pdf, err := pdfprint.Print(e.context(), page, &pdfprint.Options{Browser: browser, Timeout: pdfTimeout})
				if err != nil {
					return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("--pdf: %w", err)}
				}
				if err := e.writeFile(pdfOut, pdf); err != nil {
					return err
				}
			}
			if out == "" {
				return nil
			}
			return e.writeFile(out, page)
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the HTML report to FILE (required)")
	cmd.Flags().StringArrayVar(&pubs, "pub", nil, "pin a public key (repeatable): the page says which inputs are signed by a pinned key, and flags unsigned ones")
	cmd.Flags().StringVar(&blPath, "baseline", "", "pin the signers a baseline records: an input they did not sign is flagged (SIGNATURE MISSING when unsigned)")
	cmd.Flags().StringVar(&pdfOut, "pdf", "", "also print the page to this PDF file with a headless Chromium (optional; exit 69 without one)")
	cmd.Flags().StringVar(&chromium, "chromium", "", "the Chromium or Chrome program for --pdf (default: $ASSAY_CHROMIUM, else chromium, chromium-browser or google-chrome on PATH)")
	cmd.Flags().DurationVar(&pdfTimeout, "timeout", 30*time.Second, "time limit for printing with --pdf (the default of scan --timeout)")
	cmd.Flags().StringVar(&title, "title", "", "page title (default \"Assay report\")")
	cmd.Flags().StringVar(&format, "format", "html", "html, or json|markdown for a fleet report over bundles (to stdout unless -o)")
	return cmd
}

// reportInput reads the inputs of `assay report` and builds what the
// page shows: the analysis over all of them, each file's signature
// status (checked on the file's bytes; invalid ones are warned about on
// warn) and, when the bundles come from more than one machine, the fleet
// section. One machine keeps the plain single report.
func reportInput(warn io.Writer, paths []string, title string, pins ...ed25519.PublicKey) (*rhtml.Input, error) {
	files, err := readInputFiles(warn, paths, pins...)
	if err != nil {
		return nil, err
	}
	ins := make([]*model.Input, len(files))
	allBundles := true
	for i, file := range files {
		ins[i] = file.In
		allBundles = allBundles && file.In.Kind == model.InputBundle
	}
	// Bundles (not plain surfaces) from more than one machine add the
	// fleet section, and the other sections cover each machine once.
	var fv *view.Fleet
	if len(files) > 1 && allBundles {
		doc, err := fleetOf(files)
		if err != nil {
			return nil, err
		}
		if len(doc.Machines) > 1 {
			fv = &view.Fleet{Fleet: doc.Fleet, Machines: doc.Drill}
			kept := make([]*model.Input, 0, len(doc.Kept))
			for _, i := range doc.Kept {
				kept = append(kept, ins[i])
			}
			ins = kept
		}
	}
	f, err := core.Findings(ins, Version)
	if err != nil {
		return nil, usageErr("report: %v", err)
	}
	in := &rhtml.Input{Findings: f, Inputs: baseNames(paths), Title: title, Fleet: fv}
	in.Source, in.SourceName = reportSource(ins, f)
	for _, file := range files {
		in.Signatures = append(in.Signatures, rhtml.Signature(file.Sig))
	}
	return in, nil
}

// htmlReport writes the HTML page for an analysis already made: scan
// --html and demo call it with the scanned bundles and their findings.
func htmlReport(e *env, path string, bundles []*model.Bundle, f *model.Findings, inputs []string) error {
	in := &rhtml.Input{Findings: f, Inputs: inputs}
	if len(bundles) > 0 {
		in.Source, in.SourceName = model.Merge(bundles...), "scanned bundle"
	}
	return e.renderTo(path, func(buf *bytes.Buffer) error {
		if err := rhtml.Render(buf, in); err != nil {
			return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("rendering %s: %w", path, err)}
		}
		return nil
	})
}

// reportSource is what the page embeds for "compare with this report":
// the merged bundle when there are definitions, else the findings.
func reportSource(ins []*model.Input, f *model.Findings) (any, string) {
	var bs []*model.Bundle
	var names []string
	for _, in := range ins {
		if in.Bundle != nil {
			bs = append(bs, in.Bundle)
			names = append(names, filepath.Base(in.Name))
		}
	}
	if len(bs) == 1 {
		return bs[0], names[0]
	}
	if len(bs) > 1 {
		return model.Merge(bs...), fmt.Sprintf("%d merged bundles", len(bs))
	}
	return f, filepath.Base(ins[0].Name)
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}
