package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/assay-mcp/assay/collectkit/inputfile"
	"github.com/assay-mcp/assay/report/signature"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/model"
)

// readBaseline reads and verifies a baseline: a baseline whose hashes do
// not match was edited by hand or tampered with, and is not compared
// against or updated.
func readBaseline(path string) (*baseline.Baseline, error) {
	if path == "" {
		return nil, usageErr("--baseline FILE is required")
	}
	data, err := readFile(path, inputfile.MaxBaseline)
	if err != nil {
		return nil, err
	}
	bl, err := baseline.Decode(path, data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: err}
	}
	if ms := bl.Verify(); len(ms) > 0 {
		return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %d hash mismatch(es), first: %s; the baseline was changed outside assay (run 'assay verify %s')", path, len(ms), ms[0], path)}
	}
	return bl, nil
}

// today is the date exceptions are evaluated against: the clock, unless
// a test or a reproducible run passes --today.
func today(flag string) (string, error) {
	if flag == "" {
		return time.Now().UTC().Format(time.DateOnly), nil
	}
	if !baseline.ValidDate(flag) {
		return "", usageErr("--today %q: want YYYY-MM-DD", flag)
	}
	return flag, nil
}

// printSigners says which signers the baseline expects from now on, or
// why it expects none although some inputs were signed.
func printSigners(w io.Writer, bl *baseline.Baseline, obs []baseline.Observed) {
	if len(bl.Signers) > 0 {
		ids := make([]string, len(bl.Signers))
		for i, s := range bl.Signers {
			k, _ := s.Key()
			ids[i] = signature.KeyID(k)
		}
		fmt.Fprintf(w, "signers recorded: %s; a stored bundle checked against this baseline must be signed by one of them\n", strings.Join(ids, ", "))
		return
	}
	if _, why := baseline.SignersOf(obs); why != "" {
		fmt.Fprintf(w, "note: no signer recorded: %s\n", why)
	}
}

func printObjections(e *env, obj []model.Finding) {
	for _, o := range obj {
		where := o.Element
		if where == "" {
			where = o.Tool
		}
		fmt.Fprintf(e.stderr, "  %s %s: %s (%s)\n", o.ID, o.Title, o.Evidence, where)
	}
}

func newBaselineCmd(e *env) *cobra.Command {
	var sf scanFlags
	var out, by, note string
	var withText, force bool
	cmd := &cobra.Command{
		Use:   "baseline [CONFIG...] --by NAME --note TEXT",
		Short: "Record the approved surface of MCP servers for later checks",
		Long: `Baseline scans like 'assay scan' and writes the blessed state: per-component
hashes and the classification of every tool, and with --with-text the full
definitions (so every drift rule runs later and a ruleset upgrade can
re-analyse them). Commit the file; 'assay check' compares against it.

It refuses to bless a surface that already has hidden characters,
injection findings or cross-server shadowing; --force writes it anyway and
records those objections in the file. The file is written atomically, and
never from a failed or partial scan: an existing baseline stays as it was.

When every --surface file is a validly signed bundle, the baseline records
the signers' public keys; 'assay check' and 'assay verify --baseline' then
report a stored bundle that is unsigned (DRIFT-038 SIGNATURE MISSING) or
signed by another key (DRIFT-039). See docs/baseline.md.

Exit code: 0 written; 1 refused because of objections; 69 the scan was
incomplete; 64 usage; 65/66 bad or missing input; 74 write failed.`,
		Example: `  assay baseline --surface capture.json --by alice --note "initial review"
  assay baseline ~/.cursor/mcp.json --connect --yes --with-text --by ci --note nightly -o assay-baseline.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sf.validate(); err != nil {
				return err
			}
			if by == "" || note == "" {
				return usageErr("baseline needs --by NAME and --note TEXT: who blesses this surface and why")
			}
			b, err := buildBundle(cmd.Context(), e, &sf, args)
			if err != nil {
				return err
			}
			f, err := analyzeBundle(b, &sf, e.stderr)
			if err != nil {
				return err
			}
			bl, obj, err := baseline.New(b, f, baseline.Options{By: by, Note: note, WithText: withText, Force: force, CreatedAt: time.Now().UTC().Format(time.RFC3339), Inputs: sf.observed})
			switch {
			case errors.Is(err, baseline.ErrIncomplete):
				return &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("%w; %s was not written", err, out)}
			case errors.Is(err, baseline.ErrObjections):
				fmt.Fprintf(e.stderr, "assay: refusing to bless %d objection(s):\n", len(obj))
				printObjections(e, obj)
				fmt.Fprintf(e.stderr, "assay: %s was not written; fix the surface or pass --force to record the objections\n", out)
				return silentExit{code: ExitFindings}
			case err != nil:
				return usageErr("%v", err)
			}
			if len(obj) > 0 {
				fmt.Fprintf(e.stderr, "assay: --force: recording %d objection(s) in the baseline:\n", len(obj))
				printObjections(e, obj)
			}
			if err := e.writeJSON(out, bl); err != nil {
				return err
			}
			tools := 0
			for _, s := range bl.Servers {
				tools += len(s.Tools)
			}
			mode := "hashes only"
			if withText {
				mode = "with full definitions"
			}
			fmt.Fprintf(e.noteTo(out), "wrote %s: %d server(s), %d tool(s), %s, ruleset %s\n", out, len(bl.Servers), tools, mode, bl.Generator.Ruleset)
			printSigners(e.noteTo(out), bl, sf.observed)
			return nil
		},
	}
	sf.register(cmd)
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "assay-baseline.json", "baseline file to write")
	f.StringVar(&by, "by", "", "who blesses this surface (recorded)")
	f.StringVar(&note, "note", "", "why (recorded)")
	f.BoolVar(&withText, "with-text", false, "keep the full definitions, not only hashes")
	f.BoolVar(&force, "force", false, "write even over objections, recording them")
	return cmd
}
