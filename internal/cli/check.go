package cli

import (
	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/cost"
)

func init() {
	register(func(e *env) *cobra.Command {
		var sf scanFlags
		var df driftFlags
		var path, day string
		cmd := &cobra.Command{
			Use:   "check --baseline FILE [CONFIG...]",
			Short: "Scan and compare against a committed baseline",
			Long: `Check scans like 'assay scan' (same flags), compares the result with the
baseline and grades every change as a DRIFT finding, exactly as 'assay diff'.
Exceptions recorded in the baseline suppress the findings they name until
their expiry date; an expired exception stops suppressing and is reported.
The baseline's hashes are verified first: an edited baseline is refused.

Exit code: 0 when nothing changed, else the OR of 1 escalation, 2 prompt,
4 removal, 8 injection, 16 incomplete (see 'assay diff --help'); errors are
64 and above.`,
			Example: `  assay check --baseline assay-baseline.json --surface capture.json
  assay check --baseline assay-baseline.json --connect --yes --format sarif -o drift.sarif`,
			RunE: func(cmd *cobra.Command, args []string) error {
				if err := sf.validate(); err != nil {
					return err
				}
				if err := df.validate(); err != nil {
					return err
				}
				d, err := today(day)
				if err != nil {
					return err
				}
				bl, err := readBaseline(path)
				if err != nil {
					return err
				}
				b, err := buildBundle(cmd.Context(), e, &sf, args)
				if err != nil {
					return err
				}
				opts := df.options()
				opts.Analyze.Cost = &cost.Options{Window: sf.window, PricePerMTok: sf.price}
				if err := applyRulesFile(opts.Analyze, sf.rules); err != nil {
					return err
				}
				res, err := baseline.Check(bl, path, b, d, opts)
				if err != nil {
					return &ExitError{Code: ExitDataErr, Err: err}
				}
				return writeDrift(e, &df, res)
			},
		}
		sf.register(cmd)
		df.register(cmd)
		cmd.Flags().StringVar(&path, "baseline", "", "baseline file written by 'assay baseline'")
		cmd.Flags().StringVar(&day, "today", "", "evaluate exception expiry on this date (YYYY-MM-DD) instead of today")
		_ = cmd.Flags().MarkHidden("today")
		return cmd
	})
}
