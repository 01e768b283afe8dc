package cli

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/assay-mcp/assay/collectkit/inputfile"
	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
	"github.com/assay-mcp/assay/report/html/core"
	"github.com/assay-mcp/assay/report/html/view"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/hashes"
)

// driftFlags are the output flags of diff and check.
type driftFlags struct {
	format  string
	output  string
	ceiling string
}

func (d *driftFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&d.format, "format", "table", "output format: "+strings.Join(render.Formats, ", "))
	f.StringVarP(&d.output, "output", "o", "", "write the output to FILE instead of stdout")
	f.StringVar(&d.ceiling, "ceiling", "R4", "tier at or above which a new tool escalates (R0…R5)")
}

func (d *driftFlags) validate() error {
	if !render.Valid(d.format) {
		return usageErr("--format %q: want one of %s", d.format, strings.Join(render.Formats, ", "))
	}
	c := strings.ToUpper(d.ceiling)
	if len(c) != 2 || c[0] != 'R' || c[1] < '0' || c[1] > '5' {
		return usageErr("--ceiling %q: want a tier R0…R5", d.ceiling)
	}
	d.ceiling = c
	return nil
}

func (d *driftFlags) options() *drift.Options {
	return &drift.Options{Ceiling: d.ceiling, Version: Version, Analyze: &analyze.Options{Version: Version}}
}

// writeDrift seals and renders a drift result, then returns its exit bits
// as a silent exit (nothing printed for them on stderr).
func writeDrift(e *env, d *driftFlags, res *drift.Result) error {
	if err := hashes.SealFindings(res.Findings); err != nil {
		return &ExitError{Code: ExitSoftware, Err: err}
	}
	toStdout := d.output == "" || d.output == "-"
	ropts := &render.Options{Color: e.stdoutTTY && toStdout && e.getenv("NO_COLOR") == ""}
	if err := e.renderTo(d.output, func(buf *bytes.Buffer) error { return render.Write(buf, d.format, res.Findings, ropts) }); err != nil {
		return err
	}
	if res.Exit != 0 {
		return silentExit{code: res.Exit}
	}
	return nil
}

// readSide reads one side of a comparison: a bundle, capture, tools/list
// result, findings file or baseline.
func readSide(path string) (*drift.Side, error) {
	data, err := readFileOrStdin(path, inputfile.MaxDocument)
	if err != nil {
		return nil, err
	}
	if baseline.IsBaseline(data) {
		bl, err := baseline.Decode(path, data)
		if err != nil {
			return nil, &ExitError{Code: ExitDataErr, Err: err}
		}
		return bl.Side(path), nil
	}
	in, err := decodeInput(path, data)
	if err != nil {
		return nil, err
	}
	return drift.FromInput(in), nil
}

func newDiffCmd(e *env) *cobra.Command {
	var df driftFlags
	var htmlOut string
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "Show what changed between two stored surfaces, offline",
		Long: `Diff compares two stored observations — bundles, server captures, tools/list
results, findings files or baselines, of one server or many — and grades
every change as a DRIFT finding. Nothing is contacted.

Servers are paired by identity; a tool that disappears while another appears
with the identical description and schema is one rename. Sides that carry
their surface are re-analysed under the current ruleset, so only surface
changes produce findings. Findings files and baselines without text hold
hashes only: changes are still found, and the rules that need the text say
they could not run.

Exit code: 0 when nothing changed, else the OR of
  1 escalation  capability rose, safety hint revoked, new tool at or above
                --ceiling, capabilities changed
  2 prompt      model-facing text or definitions changed
  4 removal     a tool, server, prompt or resource is gone
  8 injection   hidden characters, cross-server text or a new injection finding
  16 incomplete a side could not be fully collected or compared
  32 signature  (check only) a stored bundle is unsigned or signed by
                another key than the baseline records
Errors are 64 and above.

--html FILE also writes the comparison as a self-contained page: the
change summary, a change timeline, the exit bits, the drift findings, then
the new side's own analysis.`,
		Example: `  assay diff bundle-2026-10.json bundle-2026-11.json
  assay diff bundle-2026-10.json bundle-2026-11.json --html drift.html
  assay diff old-capture.json new-capture.json --format markdown
  assay diff assay-baseline.json findings.json --format sarif -o drift.sarif`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErr("diff needs two files, OLD and NEW; got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := df.validate(); err != nil {
				return err
			}
			old, err := readSide(args[0])
			if err != nil {
				return err
			}
			nw, err := readSide(args[1])
			if err != nil {
				return err
			}
			opts := df.options()
			opts.KeepNew = htmlOut != ""
			res, err := drift.Diff(old, nw, opts)
			if err != nil {
				return &ExitError{Code: ExitDataErr, Err: err}
			}
			if htmlOut != "" {
				if err := driftPage(e, htmlOut, old, nw, res); err != nil {
					return err
				}
			}
			return writeDrift(e, &df, res)
		},
	}
	df.register(cmd)
	cmd.Flags().StringVar(&htmlOut, "html", "", "also write the comparison as an HTML page to FILE")
	return cmd
}

// driftPage writes the page of a comparison: the drift section (with
// its change timeline) over the new side's own analysis. The page is
// drawn by the same view code the page's in-browser compare runs.
func driftPage(e *env, path string, old, nw *drift.Side, res *drift.Result) error {
	shown := res.Findings
	if res.New != nil {
		shown = res.New
	}
	on, nn := filepath.Base(old.Name), filepath.Base(nw.Name)
	dv := core.DiffView(res, on, nn)
	po, pn := core.TimePoint(old), core.TimePoint(nw)
	po.Label, pn.Label = on, nn
	dv.Points = []view.TimePoint{po, pn}
	in := &rhtml.Input{Findings: shown, Diff: dv, Inputs: []string{on, nn}, Title: "Assay drift: " + on + " → " + nn}
	if nw.Bundle != nil {
		in.Source, in.SourceName = nw.Bundle, nn
	}
	return e.renderTo(path, func(buf *bytes.Buffer) error {
		if err := rhtml.Render(buf, in); err != nil {
			return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("rendering %s: %w", path, err)}
		}
		return nil
	})
}
