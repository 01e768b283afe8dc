package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/cost"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

func newCheckCmd(e *env) *cobra.Command {
	var sf scanFlags
	var df driftFlags
	var path, lockPath, day string
	var noPin bool
	cmd := &cobra.Command{
		Use:   "check (--baseline FILE | --lock FILE) [CONFIG...]",
		Short: "Scan and compare against a committed baseline or lock",
		Long: `Check scans like 'assay scan' (same flags), compares the result with the
baseline and grades every change as a DRIFT finding, exactly as 'assay diff'.
Exceptions recorded in the baseline suppress the findings they name until
their expiry date; an expired exception stops suppressing and is reported.
The baseline's hashes are verified first: an edited baseline is refused.

With --lock it compares against a lock written by 'assay lock' instead:
tools, hints, server identity, launch spec and command pins, by
fingerprint (the lock holds no text, so a changed description is named and
its current text shown, not diffed). Pass the same CONFIG/--server
arguments as when locking; a lock made with --connect must be checked with
--connect. A server that cannot be reached is reported as incomplete
(16), never as removed tools. --no-pin skips command pins, which name
programs on the machine that locked.

Exit code: 0 when nothing changed, else the OR of 1 escalation, 2 prompt,
4 removal, 8 injection, 16 incomplete (see 'assay diff --help'), 32 signature;
errors are 64 and above.

Signatures: a baseline written from stored bundles that were all signed
records their signers (the key ids are derived from the keys). Checking a
stored bundle (--surface FILE) against it then requires a valid signature
by one of them: an unsigned bundle is DRIFT-038 "SIGNATURE MISSING" (was it
stripped?), another key or a broken signature DRIFT-039, both bit 32. Live
scans are not files and carry no signature; baselines that record no
signer expect none.`,
		Example: `  assay check --baseline assay-baseline.json --surface capture.json
  assay check --baseline assay-baseline.json --connect --yes --format sarif -o drift.sarif
  assay check --lock assay.lock .cursor/mcp.json --connect --yes
  assay check --lock assay.lock --server "npx -y @modelcontextprotocol/server-memory@2026.8.31" --yes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sf.validate(); err != nil {
				return err
			}
			if err := df.validate(); err != nil {
				return err
			}
			switch {
			case path != "" && lockPath != "":
				return usageErr("--baseline and --lock exclude each other")
			case lockPath != "":
				return checkLock(cmd, e, &sf, &df, lockPath, noPin, args)
			case noPin:
				return usageErr("--no-pin applies to --lock only")
			case path == "":
				return usageErr("check needs --baseline FILE or --lock FILE")
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
			res, err := baseline.Check(bl, path, b, d, opts, sf.observed...)
			if err != nil {
				return &ExitError{Code: ExitDataErr, Err: err}
			}
			return writeDrift(e, &df, res)
		},
	}
	sf.register(cmd)
	df.register(cmd)
	cmd.Flags().StringVar(&path, "baseline", "", "baseline file written by 'assay baseline'")
	cmd.Flags().StringVar(&lockPath, "lock", "", "lock file written by 'assay lock' (instead of --baseline)")
	cmd.Flags().BoolVar(&noPin, "no-pin", false, "with --lock: do not compare command pins (they name this machine's programs)")
	cmd.Flags().StringVar(&day, "today", "", "evaluate exception expiry on this date (YYYY-MM-DD) instead of today")
	_ = cmd.Flags().MarkHidden("today")
	return cmd
}

// checkLock is 'assay check --lock': collect like scan, fingerprint what
// was seen with the lock's salt, and grade the differences.
func checkLock(cmd *cobra.Command, e *env, sf *scanFlags, df *driftFlags, path string, noPin bool, args []string) error {
	l, err := readLock(path)
	if err != nil {
		return err
	}
	salt, err := l.SaltOf()
	if err != nil {
		return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %w", path, err)}
	}
	b, src, err := collectBundle(cmd.Context(), e, sf, args)
	if err != nil {
		return err
	}
	if need := uncontacted(l, b); len(need) > 0 {
		return usageErr("%s was made with --connect and pins the tools of %s; check it with --connect", path, strings.Join(need, ", "))
	}
	d, _ := today("")
	cur, err := lock.Build(lockEntries(e, b, src, salt, d), salt, nil)
	if err != nil {
		return usageErr("%v", err)
	}
	f, err := analyzeBundle(b, sf, e.stderr)
	if err != nil {
		return err
	}
	found := lock.Check(l, &lock.Observed{Lock: cur, Bundle: b, Analysis: f}, &lock.Options{Ceiling: df.ceiling, NoPin: noPin})
	doc := lock.Document(found, f, Version)
	return writeDrift(e, df, &drift.Result{Findings: doc, Exit: lock.Bits(doc.Findings)})
}

// uncontacted names the locked servers whose tools the lock holds but
// which this run only read from a config (not started or contacted).
func uncontacted(l *lock.Lock, b *model.Bundle) []string {
	var out []string
	for _, s := range b.Servers {
		if s.Source != "config" {
			continue
		}
		if ls := l.Find(s.Identity); ls != nil && ls.Surface != nil {
			out = append(out, s.Name)
		}
	}
	return out
}
