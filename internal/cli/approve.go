package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/model"
)

func newApproveCmd(e *env) *cobra.Command {
	var sf scanFlags
	var path, tool, by, note, day, rule, expires string
	var force, acceptSigner bool
	cmd := &cobra.Command{
		Use:   "approve --baseline FILE --tool NAME --by NAME --note TEXT [CONFIG...]",
		Short: "Accept one change into a baseline, or record an exception",
		Long: `Approve scans like 'assay check' (same flags) and accepts the change of one
tool into the baseline: --tool SERVER/TOOL, or a tool name unique across
servers, or a server name to accept all of that server's changes. A new
tool is added, a removed one dropped. Who and why are recorded.

With --exception RULE it records an exception instead (no scan): findings
of RULE on --tool SERVER/TOOL (SERVER alone: any of its tools; * for any
server or tool) are suppressed until --expires.

The baseline's hashes are verified first, the scan must be complete, and a
tool whose new text has hidden characters, injection findings or
cross-server references is refused unless --force. The file is rewritten
atomically.

When the baseline records signers, every --surface file must be signed by
one of them; an unsigned or differently signed bundle is refused (DRIFT-038
SIGNATURE MISSING, DRIFT-039) unless --accept-signer, which replaces the
recorded signers with this scan's (none when its files are not all signed);
--accept-signer without --tool records only that (a key rotation).

Exit code: 0 approved; 1 refused (objections, a signature the baseline
does not expect, or nothing changed);
64 usage; 65/66 bad or missing baseline; 69 incomplete scan.`,
		Example: `  assay approve --baseline assay-baseline.json --surface capture.json --tool files/read_file --by alice --note "vendor changelog 2.1"
  assay approve --baseline assay-baseline.json --exception DRIFT-003 --tool files/read_file --expires 2027-01-31 --by alice --note "wording fix pending upstream"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if by == "" || note == "" {
				return usageErr("approve needs --by NAME and --note TEXT")
			}
			bl, err := readBaseline(path)
			if err != nil {
				return err
			}
			if rule != "" {
				if tool == "" || expires == "" {
					return usageErr("--exception needs --tool SERVER/TOOL (or SERVER, or */TOOL) and --expires YYYY-MM-DD")
				}
				server, tool, _ := strings.Cut(tool, "/")
				if err := bl.AddException(baseline.Exception{Rule: rule, Server: server, Tool: tool, Reason: note, By: by, Expires: expires}); err != nil {
					return usageErr("%v", err)
				}
				if err := e.writeJSON(path, bl); err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "recorded exception %s for %s until %s in %s\n", rule, strings.TrimSuffix(server+"/"+tool, "/"), expires, path)
				return nil
			}
			if tool == "" && !acceptSigner {
				return usageErr("approve needs --tool NAME (or --exception RULE, or --accept-signer)")
			}
			if err := sf.validate(); err != nil {
				return err
			}
			d, err := today(day)
			if err != nil {
				return err
			}
			b, err := buildBundle(cmd.Context(), e, &sf, args)
			if err != nil {
				return err
			}
			if gaps := baseline.Incomplete(b); len(gaps) > 0 {
				return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("%w: %s; %s was not changed", baseline.ErrIncomplete, strings.Join(gaps, "; "), path)}
			}
			f, err := analyzeBundle(b, &sf, e.stderr)
			if err != nil {
				return err
			}
			if err := approveSigners(e, bl, sf.observed, acceptSigner); err != nil {
				return err
			}
			if tool == "" { // --accept-signer alone: a key rotation, no tool change
				return writeSigners(e, bl, path)
			}
			obj := objectionsFor(baseline.Objections(b, f), tool)
			if len(obj) > 0 && !force {
				fmt.Fprintf(e.stderr, "assay: refusing to approve %s over %d objection(s):\n", tool, len(obj))
				printObjections(e, obj)
				return silentExit{code: ExitFindings}
			}
			ap, err := baseline.Approve(bl, b, f, tool, by, note, d)
			if errors.Is(err, baseline.ErrNothingToApprove) && acceptSigner {
				return writeSigners(e, bl, path)
			}
			if errors.Is(err, baseline.ErrNothingToApprove) {
				fmt.Fprintf(e.stderr, "assay: %v\n", err)
				return silentExit{code: ExitFindings}
			}
			if err != nil {
				return usageErr("%v", err)
			}
			if len(obj) > 0 {
				bl.Forced = true
				bl.Objections = append(bl.Objections, obj...)
				if err := bl.Seal(); err != nil {
					return &ExitError{Code: ExitSoftware, Err: err}
				}
			}
			if err := e.writeJSON(path, bl); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "approved %s on %s by %s in %s\n", strings.TrimPrefix(ap.Tool, ""), ap.Server, by, path)
			return nil
		},
	}
	sf.register(cmd)
	f := cmd.Flags()
	f.StringVar(&path, "baseline", "", "baseline file to update")
	f.StringVar(&tool, "tool", "", "SERVER/TOOL, a unique TOOL name, or a SERVER to accept")
	f.StringVar(&by, "by", "", "who approves (recorded)")
	f.StringVar(&note, "note", "", "why (recorded; the reason of an exception)")
	f.BoolVar(&force, "force", false, "approve over objections, recording them")
	f.BoolVar(&acceptSigner, "accept-signer", false, "replace the baseline's recorded signers with this scan's (key rotation)")
	f.StringVar(&rule, "exception", "", "record an exception for this rule id instead of approving")
	f.StringVar(&expires, "expires", "", "last day (YYYY-MM-DD) the exception suppresses")
	f.StringVar(&day, "today", "", "record this date (YYYY-MM-DD) instead of today")
	_ = f.MarkHidden("today")
	return cmd
}

// approveSigners refuses an approval from stored bundles that lack the
// signature the baseline expects, unless accept: then the baseline's
// signers become this scan's and the change is said on stderr.
func approveSigners(e *env, bl *baseline.Baseline, obs []baseline.Observed, accept bool) error {
	fs := baseline.SignerFindings(bl, obs)
	if !accept {
		if len(fs) == 0 {
			return nil
		}
		fmt.Fprintf(e.stderr, "assay: refusing to approve from input the baseline's signers did not sign:\n")
		printObjections(e, fs)
		fmt.Fprintf(e.stderr, "assay: pass --accept-signer to record this scan's signers instead\n")
		return silentExit{code: ExitFindings}
	}
	bl.Signers, _ = baseline.SignersOf(obs)
	printSigners(e.stderr, bl, obs)
	if len(bl.Signers) == 0 {
		fmt.Fprintf(e.stderr, "assay: --accept-signer: the baseline no longer expects a signature\n")
	}
	return nil
}

// writeSigners rewrites the baseline after --accept-signer changed only
// its signers.
func writeSigners(e *env, bl *baseline.Baseline, path string) error {
	if err := bl.Seal(); err != nil {
		return &ExitError{Code: ExitSoftware, Err: err}
	}
	if err := e.writeJSON(path, bl); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "recorded the signers of this scan in %s\n", path)
	return nil
}

// objectionsFor keeps the objections about one selection (SERVER/TOOL,
// TOOL or SERVER).
func objectionsFor(obj []model.Finding, sel string) []model.Finding {
	srv, tool, ok := strings.Cut(sel, "/")
	var out []model.Finding
	for _, o := range obj {
		switch {
		case ok && strings.Contains(o.Server, srv) && o.Tool == tool:
		case !ok && (o.Tool == sel || o.Server == sel || strings.HasPrefix(o.Server, sel+"@") || strings.HasPrefix(o.Server, sel+"|")):
		default:
			continue
		}
		out = append(out, o)
	}
	return out
}
