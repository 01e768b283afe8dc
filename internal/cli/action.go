package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/internal/actioncfg"
)

// The hidden __action command is the engine of the GitHub Action
// (action.yml at the repository root): the composite action builds assay
// and runs `assay __action run`, which reads assay.toml, runs one
// `assay check` per server (this same binary), and writes the step
// summary, the SARIF file and the step outputs. Keeping that logic in Go
// keeps it testable here; the YAML stays a thin shell.

type actionFlags struct {
	config   string
	out      string
	failOn   string
	summary  string
	ghOutput string
	assay    string
	by, note string
	force    bool
}

func (a *actionFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&a.config, "config", actioncfg.DefaultFile, "the repository's Assay config")
	f.StringVar(&a.out, "out", "assay-out", "directory for generated configs, findings and SARIF")
	f.StringVar(&a.assay, "assay", "", "assay binary to run per server (default: this one)")
}

func newActionCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:    "__action",
		Short:  "Engine of the Assay GitHub Action (internal)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErr("__action needs a subcommand: run or baseline")
		},
	}
	var a actionFlags
	run := &cobra.Command{
		Use:   "run",
		Short: "Check every server of assay.toml against its baseline; write summary, SARIF and outputs",
		Example: `  assay __action run --config assay.toml --out "$RUNNER_TEMP/assay" --fail-on escalation,injection
  GITHUB_STEP_SUMMARY=summary.md GITHUB_OUTPUT=outputs.txt assay __action run`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return actionRun(cmd.Context(), e, &a)
		},
	}
	a.register(run)
	run.Flags().StringVar(&a.failOn, "fail-on", "", "categories that fail the run (overrides fail-on in the config): escalation, prompt, removal, injection, incomplete, all, none")
	run.Flags().StringVar(&a.summary, "summary", "", "append the markdown summary to FILE (default: $GITHUB_STEP_SUMMARY)")
	run.Flags().StringVar(&a.ghOutput, "github-output", "", "append step outputs to FILE (default: $GITHUB_OUTPUT)")

	var b actionFlags
	base := &cobra.Command{
		Use:   "baseline",
		Short: "Write the baseline of every server of assay.toml (run locally, review, commit)",
		Example: `  assay __action baseline --by alice --note "reviewed 2026-11-29"
  git add .assay && git commit -m "Assay baselines"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return actionBaseline(cmd.Context(), e, &b)
		},
	}
	b.register(base)
	base.Flags().StringVar(&b.by, "by", "", "who blesses these surfaces (recorded in each baseline)")
	base.Flags().StringVar(&b.note, "note", "", "why (recorded in each baseline)")
	base.Flags().BoolVar(&b.force, "force", false, "write baselines despite objections (hidden characters, injection), recording them")
	root.AddCommand(run, base)
	return root
}

func loadActionConfig(path string) (*actioncfg.Config, error) {
	data, err := readFile(path, inputfile.MaxRules)
	if err != nil {
		return nil, err
	}
	cfg, err := actioncfg.Parse(filepath.ToSlash(path), data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: err}
	}
	return cfg, nil
}

// runSteps writes each step's generated config and runs assay for it.
func runSteps(ctx context.Context, e *env, a *actionFlags, steps []actioncfg.Step) ([]actioncfg.StepResult, error) {
	bin := a.assay
	if bin == "" {
		self, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("finding the assay binary: %w", err)
		}
		bin = self
	}
	var results []actioncfg.StepResult
	for _, st := range steps {
		if err := os.MkdirAll(filepath.Dir(st.ConfigPath), 0o755); err != nil {
			return nil, ioErr(err)
		}
		if err := e.writeFile(st.ConfigPath, st.Config); err != nil {
			return nil, ioErr(err)
		}
		fmt.Fprintf(e.stderr, "assay: %s: %s\n", st.Server.Name, strings.Join(st.Args, " "))
		var stdout, stderr bytes.Buffer
		c := exec.CommandContext(ctx, bin, st.Args...)
		c.Stdout = &stdout
		c.Stderr = io.MultiWriter(&stderr, e.stderr)
		c.Stdin = nil
		res := actioncfg.StepResult{Step: st}
		err := c.Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &ee):
			res.Code = ee.ExitCode()
		default:
			res.Err = err
		}
		res.Stdout, res.Stderr = stdout.Bytes(), stderr.Bytes()
		results = append(results, res)
	}
	return results, nil
}

func actionRun(ctx context.Context, e *env, a *actionFlags) error {
	cfg, err := loadActionConfig(a.config)
	if err != nil {
		return err
	}
	if a.failOn != "" {
		fo, err := actioncfg.ParseFailOn(a.failOn)
		if err != nil {
			return usageErr("--fail-on: %v", err)
		}
		cfg.FailOn = fo
	}
	if err := os.MkdirAll(a.out, 0o755); err != nil {
		return ioErr(err)
	}
	out := filepath.ToSlash(a.out)
	steps, err := actioncfg.Plan(cfg, actioncfg.ModeCheck, out, nil)
	if err != nil {
		return &ExitError{Code: ExitDataErr, Err: err}
	}
	results, err := runSteps(ctx, e, a, steps)
	if err != nil {
		return err
	}
	rep := actioncfg.Collect(cfg, results)

	files := actioncfg.OutputFiles{
		SARIF:    filepath.Join(a.out, "assay.sarif"),
		Findings: filepath.Join(a.out, "findings.json"),
		Summary:  filepath.Join(a.out, "summary.md"),
	}
	sarif, err := rep.SARIF(cfg)
	if err != nil {
		return err
	}
	fj, err := rep.FindingsJSON()
	if err != nil {
		return err
	}
	md, err := rep.Summary(cfg)
	if err != nil {
		return err
	}
	for path, data := range map[string][]byte{files.SARIF: sarif, files.Findings: fj, files.Summary: md} {
		if err := e.writeFile(path, data); err != nil {
			return ioErr(err)
		}
	}
	summary := firstNonEmpty(a.summary, e.getenv("GITHUB_STEP_SUMMARY"))
	if summary != "" {
		if err := appendFile(summary, md); err != nil {
			return ioErr(err)
		}
	}
	ghOut := firstNonEmpty(a.ghOutput, e.getenv("GITHUB_OUTPUT"))
	if ghOut != "" {
		if err := appendFile(ghOut, []byte(rep.Outputs(files))); err != nil {
			return ioErr(err)
		}
	}
	fmt.Fprintf(e.stdout, "assay: code %d; wrote %s, %s, %s\n", rep.Code, files.SARIF, files.Findings, files.Summary)
	if len(rep.Failing) > 0 {
		return &ExitError{Code: ExitFindings, Err: fmt.Errorf("failing on %s (fail-on: %s)", strings.Join(rep.Failing, ", "), strings.Join(cfg.FailOn, ", "))}
	}
	return nil
}

func actionBaseline(ctx context.Context, e *env, a *actionFlags) error {
	cfg, err := loadActionConfig(a.config)
	if err != nil {
		return err
	}
	steps, err := actioncfg.Plan(cfg, actioncfg.ModeBaseline, filepath.ToSlash(a.out), &actioncfg.PlanOptions{By: a.by, Note: a.note, Force: a.force})
	if err != nil {
		return &ExitError{Code: ExitDataErr, Err: err}
	}
	for _, st := range steps {
		if err := os.MkdirAll(filepath.Dir(st.Server.Baseline), 0o755); err != nil {
			return ioErr(err)
		}
	}
	results, err := runSteps(ctx, e, a, steps)
	if err != nil {
		return err
	}
	worst := 0
	for _, r := range results {
		switch {
		case r.Err != nil:
			fmt.Fprintf(e.stderr, "assay: %s: %v\n", r.Step.Server.Name, r.Err)
			worst = max(worst, ExitSoftware)
		case r.Code != 0:
			fmt.Fprintf(e.stderr, "assay: %s: baseline not written (exit %d)\n", r.Step.Server.Name, r.Code)
			worst = max(worst, r.Code)
		default:
			fmt.Fprintf(e.stdout, "%s: wrote %s\n", r.Step.Server.Name, r.Step.Server.Baseline)
		}
	}
	if worst != 0 {
		return silentExit{code: worst}
	}
	return nil
}

func firstNonEmpty(a ...string) string {
	for _, s := range a {
		if s != "" {
			return s
		}
	}
	return ""
}

// appendFile appends to a GitHub-provided file (step summary, outputs);
// those files are shared by the job's steps and must not be replaced.
func appendFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
