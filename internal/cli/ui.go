package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/outfile"
	"github.com/assay-mcp/assay/internal/tui"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/baseline"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

// newUICmd is 'assay ui': the interactive explorer (internal/tui) over
// the same audit 'assay scan' makes, or over stored bundles and findings.
func newUICmd(e *env) *cobra.Command {
	s := &uiSession{e: e}
	cmd := &cobra.Command{
		Use:   "ui [CONFIG... | BUNDLE | FINDINGS...]",
		Short: "Explore an audit interactively in the terminal",
		Long: `UI opens an interactive two-pane explorer in the terminal: contexts, servers
and tools on the left, riskiest first and coloured by severity; on the right
the selection's findings with evidence and remediation, a tool's effect,
tier, kinds, classification signals, tokens, description and input schema,
a server's redacted launch spec, auth and lock/baseline drift, a context's
token total and chain findings. Every string a server supplied is shown
neutralised: control, bidi and zero-width characters appear as \u202e,
\x1b and so on, never as themselves.

Inputs are those of 'assay scan' (CONFIG files, --server, --surface,
--connect), or stored files: an Assay bundle or findings file given as an
argument is read, not collected. Consent to start servers is asked before
the interface opens. Press ? inside for the keys: / searches, S C E filter
by severity, category and effect, s opens a schema, e exports the view as
markdown, a approves a drift into --baseline (asking for a note), r
refreshes in the background the servers confirmed at launch (exactly the
same launch spec; a server added or changed in the config since is shown,
not run), q or Ctrl-C quits and restores the terminal. NO_COLOR and
TERM=dumb turn colour off.

Exit code: 0 after q; 64 usage or no terminal; 65/66 bad or missing input;
69 no server could be collected.`,
		Example: `  assay demo --dir d && assay ui d/bundle.json      # explore the demo audit
  assay ui findings.json                               # analysis only, no definitions
  assay ui .cursor/mcp.json --connect --baseline assay-baseline.json --by alice
  assay ui --server "npx -y @modelcontextprotocol/server-memory@2026.8.31" --yes
  assay ui --surface tools.json --lock assay.lock`,
		RunE: func(cmd *cobra.Command, args []string) error { return s.run(cmd.Context(), args) },
	}
	s.sf.register(cmd)
	f := cmd.Flags()
	f.StringVar(&s.basePath, "baseline", "", "compare with this baseline; enables a (approve)")
	f.StringVar(&s.lockPath, "lock", "", "compare with this lock (instead of --baseline)")
	f.BoolVar(&s.noPin, "no-pin", false, "with --lock: do not compare command pins")
	f.StringVar(&s.by, "by", "", "who approves, recorded in the baseline (default $USER)")
	f.StringVar(&s.exportPath, "export", "assay-view.md", "default file offered by e (export)")
	f.BoolVar(&s.mouse, "mouse", false, "enable the mouse wheel (terminal selection then needs Shift)")
	return cmd
}

// uiSession is one run of 'assay ui': its flags, what launch confirmed and
// the current audit (shared by refresh and approve, hence the lock).
type uiSession struct {
	e                      *env
	sf                     scanFlags
	basePath, lockPath, by string
	exportPath             string
	noPin, mouse           bool
	configs, findingsFiles []string
	confirmed              map[[32]byte]bool // launch specs collected at launch
	mu                     sync.Mutex
	bundle                 *model.Bundle
	findings               *model.Findings
	// launchOpts are the analysis options open read (rules file,
	// advisories) to check them before the screen opens; the first
	// analysis uses them, a refresh reads them again.
	launchOpts *analyze.Options
}

func (s *uiSession) run(ctx context.Context, args []string) error {
	if err := s.sf.validate(); err != nil {
		return err
	}
	if s.basePath != "" && s.lockPath != "" {
		return usageErr("--baseline and --lock exclude each other")
	}
	if !s.e.stdoutTTY || !isTTY(s.e.stdin) {
		return usageErr("assay ui needs a terminal on stdin and stdout; use 'assay scan' for files and pipes")
	}
	if err := s.split(args); err != nil {
		return err
	}
	d, analyse, err := s.open(ctx)
	if err != nil {
		return err
	}
	color := s.e.getenv("NO_COLOR") == "" && s.e.getenv("TERM") != "dumb" && s.e.getenv("TERM") != ""
	acts := s.actions()
	acts.Analyse = analyse
	m := tui.New(ctx, d, tui.Options{Color: color, ExportPath: s.exportPath, Actions: acts})
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(s.e.stdin), tea.WithOutput(terminalOut(s.e.stdout)), tea.WithAltScreen()}
	if s.mouse {
		opts = append(opts, tea.WithMouseCellMotion())
	}
	if _, err := tea.NewProgram(m, opts...).Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return &ExitError{Code: ExitIOErr, Err: fmt.Errorf("terminal: %w", err)}
	}
	return nil
}

// terminalOut is the terminal itself behind the stdout wrapper that
// records failed writes: Bubble Tea reads the window size (and follows
// SIGWINCH) only from an output that is a terminal file. Handed the
// wrapper, it never learnt the size: the screen stayed 80×24 whatever the
// terminal, and lines were not cleared to their end, leaving stale text.
func terminalOut(w io.Writer) io.Writer {
	if so, ok := w.(*outfile.Stdout); ok {
		if f, ok := so.W.(*os.File); ok {
			return f
		}
	}
	return w
}

func isTTY(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// split sorts the arguments: Assay bundles join --surface, findings files
// are read as they are, anything else is a client config.
func (s *uiSession) split(args []string) error {
	for _, a := range args {
		switch storedKind(a) {
		case model.BundleKind:
			s.sf.surfaces = append(s.sf.surfaces, a)
		case model.FindingsKind:
			s.findingsFiles = append(s.findingsFiles, a)
		default:
			s.configs = append(s.configs, a)
		}
	}
	return nil
}

// storedKind peeks at the "kind" Assay writes first in its documents.
func storedKind(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for _, k := range []string{model.BundleKind, model.FindingsKind} {
		if bytes.Contains(head, []byte(`"`+k+`"`)) {
			return k
		}
	}
	return ""
}

// load builds the audit. At launch it collects like 'assay scan' (with
// consent) and records each launch spec it contacted; on refresh it
// contacts only those exact specs and notes the others.
func (s *uiSession) load(ctx context.Context, launch bool, progress ...func(tui.Progress)) (*tui.Data, error) {
	b, src, notes, err := s.collect(ctx, launch, progress)
	if err != nil {
		return nil, err
	}
	return s.finish(b, src, notes, launch, nil)
}

// open is load for the start of the interface: what was collected or
// read shows at once (the bundle's skeleton, tui.Data.Pending) and the
// analysis runs in the background as the returned action. Everything the
// analysis could fail on for the user's input (the rules, advisories,
// baseline or lock files) is read here first, so a bad input still ends
// with its exit code before the interface opens. Findings files alone
// need no analysis and open analysed.
func (s *uiSession) open(ctx context.Context) (*tui.Data, func(context.Context, func(tui.Progress)) (*tui.Data, error), error) {
	s.sf.deferObserve = true // signatures are checked only for --baseline, in the background
	b, src, notes, err := s.collect(ctx, true, nil)
	if err != nil {
		return nil, nil, err
	}
	if b == nil {
		d, err := s.finish(nil, nil, notes, true, nil)
		return d, nil, err
	}
	opts, err := analysisOptions(&s.sf)
	if err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	s.launchOpts = opts
	s.mu.Unlock()
	var gate *tui.Gate
	switch {
	case s.basePath != "":
		if _, err := readBaseline(s.basePath); err != nil {
			return nil, nil, err
		}
		gate = &tui.Gate{Kind: "baseline", Path: s.basePath}
	case s.lockPath != "":
		l, err := readLock(s.lockPath)
		if err != nil {
			return nil, nil, err
		}
		if _, err := l.SaltOf(); err != nil {
			return nil, nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %w", s.lockPath, err)}
		}
		gate = &tui.Gate{Kind: "lock", Path: s.lockPath}
	}
	d := &tui.Data{Bundle: b, Findings: tui.Skeleton(b), Pending: true, Gate: gate, Notes: notes, Source: s.source()}
	analyse := func(ctx context.Context, progress func(tui.Progress)) (*tui.Data, error) {
		return s.finish(b, src, notes, false, progress)
	}
	return d, analyse, nil
}

// collect gathers the bundle: nil when only findings files were given.
func (s *uiSession) collect(ctx context.Context, launch bool, progress []func(tui.Progress)) (*model.Bundle, *collectkit.Sources, map[string]string, error) {
	notes := map[string]string{}
	if len(s.findingsFiles) > 0 && len(s.sf.surfaces)+len(s.sf.servers)+len(s.configs) == 0 && !s.sf.connect {
		return nil, nil, notes, nil
	}
	collect := s.refreshCollect(ctx, notes, progress)
	if launch {
		collect = s.launchCollect(ctx)
	}
	b, src, err := collectBundleWith(ctx, s.e, &s.sf, s.configs, collect)
	if err != nil {
		return nil, nil, nil, err
	}
	if s.basePath == "" {
		s.sf.deferred = nil // only a baseline reads the files' signatures: keep no copy of their bytes
	}
	notes = notesByIdentity(b, notes)
	if launch {
		if err := unreachable(b); err != nil {
			return nil, nil, nil, err
		}
	}
	return b, src, notes, nil
}

// finish analyses b (reporting each step to progress, when given), adds
// the findings files and compares with the baseline or lock. At launch a
// failed comparison is an error; later it is shown.
func (s *uiSession) finish(b *model.Bundle, src *collectkit.Sources, notes map[string]string, launch bool, progress func(tui.Progress)) (*tui.Data, error) {
	steps := len(analyze.Passes)
	if s.basePath != "" || s.lockPath != "" {
		steps++
	}
	var observe func(string) func()
	if progress != nil {
		observe = func(pass string) func() {
			progress(tui.Progress{Done: slices.Index(analyze.Passes, pass), Total: steps, Step: pass})
			return nil
		}
	}
	f, err := s.analyze(b, observe)
	if err != nil {
		return nil, err
	}
	if progress != nil && steps > len(analyze.Passes) {
		progress(tui.Progress{Done: steps - 1, Total: steps, Step: "comparing with the " + s.gateKind()})
	}
	d := &tui.Data{Bundle: b, Findings: f, Notes: notes, Source: s.source()}
	if d.Gate, err = s.gate(b, src, f); err != nil {
		if launch {
			return nil, err
		}
		d.Gate = &tui.Gate{Kind: s.gateKind(), Path: s.basePath + s.lockPath, Err: err.Error()}
	}
	s.mu.Lock()
	s.bundle, s.findings = b, f
	s.mu.Unlock()
	return d, nil
}

func (s *uiSession) source() string {
	n := len(s.sf.surfaces) + len(s.findingsFiles) + len(s.configs)
	switch {
	case len(s.sf.servers) > 0 || s.sf.connect:
		return "live"
	case n == 1:
		return strings.Join(append(append(append([]string{}, s.sf.surfaces...), s.findingsFiles...), s.configs...), "")
	}
	return fmt.Sprintf("%d files", n)
}

// analyze runs the scan analysis (observe sees each pass, see
// analyze.Options.Observe) and appends stored findings files.
func (s *uiSession) analyze(b *model.Bundle, observe func(string) func()) (*model.Findings, error) {
	var f *model.Findings
	if b != nil {
		s.mu.Lock()
		opts := s.launchOpts
		s.launchOpts = nil
		s.mu.Unlock()
		if opts == nil {
			var err error
			if opts, err = analysisOptions(&s.sf); err != nil {
				return nil, err
			}
		}
		o := *opts
		o.Observe = observe
		f = analyze.Analyze(b, &o)
	} else {
		f = &model.Findings{Kind: model.FindingsKind, Findings: []model.Finding{}}
	}
	for _, p := range s.findingsFiles {
		in, err := readInput(p)
		if err != nil {
			return nil, err
		}
		g := in.Findings
		f.Generator = g.Generator
		f.Servers = append(f.Servers, g.Servers...)
		f.Findings = append(f.Findings, g.Findings...)
		f.Contexts = append(f.Contexts, g.Contexts...)
		if b == nil && len(s.findingsFiles) == 1 {
			f.Summary = g.Summary
		}
	}
	if b != nil && len(s.findingsFiles) == 0 {
		return f, nil
	}
	f.Summary.Servers = len(f.Servers)
	f.Summary.Findings, f.Summary.Tools = 0, 0
	for _, sv := range f.Servers {
		f.Summary.Tools += len(sv.Tools)
	}
	for _, fd := range f.Findings {
		if fd.Suppressed == "" {
			f.Summary.Findings++
		}
	}
	return f, nil
}

// specKey identifies one exact launch spec (program, arguments, env,
// URL, headers, directory) without keeping it readable.
func specKey(t collectkit.Target) [32]byte {
	h := sha256.New()
	put := func(s string) { fmt.Fprintf(h, "%d:%s;", len(s), s) }
	put(t.Name)
	put(t.Transport)
	put(t.Command)
	for _, a := range t.Args {
		put(a)
	}
	put("|")
	for _, m := range []map[string]string{t.Env, t.Headers} {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			put(k)
			put(m[k])
		}
		put("|")
	}
	put(t.URL)
	put(t.Dir)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

func (s *uiSession) collectOptions(yes bool, stderr io.Writer, progress bool) *collectkit.Options {
	return &collectkit.Options{Timeout: s.sf.timeout, StartTimeout: s.sf.start, Parallel: s.sf.parallel, Yes: yes, In: s.e.stdin,
		Stderr: stderr, Progress: progress, Client: mcp.Implementation{Name: "assay", Version: Version}, AsClients: s.sf.asIDs}
}

// launchCollect collects like scan (the consent prompt on the terminal,
// before the interface opens) and records what was confirmed.
func (s *uiSession) launchCollect(ctx context.Context) func([]collectkit.Target) ([]model.Server, error) {
	return func(targets []collectkit.Target) ([]model.Server, error) {
		got, err := collectkit.Collect(ctx, targets, s.collectOptions(s.sf.yes, s.e.stderr, s.e.stderrTTY))
		if err != nil {
			return nil, err
		}
		s.confirmed = map[[32]byte]bool{}
		for _, t := range targets {
			s.confirmed[specKey(t)] = true
		}
		return got, nil
	}
}

// refreshCollect re-collects, in the background and silently, only the
// targets whose exact spec was confirmed at launch; the others keep their
// config-only entry and get a note.
func (s *uiSession) refreshCollect(ctx context.Context, notes map[string]string, progress []func(tui.Progress)) func([]collectkit.Target) ([]model.Server, error) {
	report := func(tui.Progress) {}
	if len(progress) > 0 && progress[0] != nil {
		report = progress[0]
	}
	return func(targets []collectkit.Target) ([]model.Server, error) {
		var run []collectkit.Target
		for _, t := range targets {
			if s.confirmed[specKey(t)] {
				run = append(run, t)
			} else {
				notes[t.Name] = "added or changed in the config since launch: shown, not run (restart assay ui to confirm it)"
			}
		}
		out := make([]model.Server, len(run))
		var mu sync.Mutex
		done := 0
		report(tui.Progress{Total: len(run)})
		sem := make(chan struct{}, s.sf.parallel)
		var wg sync.WaitGroup
		for i, t := range run {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				got, err := collectkit.Collect(ctx, []collectkit.Target{t}, s.collectOptions(true, io.Discard, false))
				mu.Lock()
				defer mu.Unlock()
				if err == nil && len(got) == 1 {
					out[i] = got[0]
				} else {
					out[i] = model.Server{Name: t.Name, Transport: t.Transport, Source: "live", Tools: []json.RawMessage{},
						Errors: []model.CollectionError{{Code: "refresh_failed", Message: fmt.Sprint(err)}}}
				}
				done++
				report(tui.Progress{Done: done, Total: len(run), Server: t.Name})
			}()
		}
		wg.Wait()
		return out, nil
	}
}

func (s *uiSession) gateKind() string {
	if s.lockPath != "" {
		return "lock"
	}
	return "baseline"
}

// gate compares the audit with --baseline or --lock, as 'assay check'.
func (s *uiSession) gate(b *model.Bundle, src *collectkit.Sources, f *model.Findings) (*tui.Gate, error) {
	switch {
	case b == nil && (s.basePath != "" || s.lockPath != ""):
		return nil, usageErr("--baseline and --lock need a bundle or a scan, not only findings files")
	case s.basePath != "":
		bl, err := readBaseline(s.basePath)
		if err != nil {
			return nil, err
		}
		d, _ := today("")
		s.sf.observeDeferred()
		res, err := baseline.Check(bl, s.basePath, b, d, (&driftFlags{ceiling: "R4"}).options(), s.sf.observed...)
		if err != nil {
			return nil, &ExitError{Code: ExitDataErr, Err: err}
		}
		return &tui.Gate{Kind: "baseline", Path: s.basePath, Drift: driftOnly(res)}, nil
	case s.lockPath != "":
		l, err := readLock(s.lockPath)
		if err != nil {
			return nil, err
		}
		salt, err := l.SaltOf()
		if err != nil {
			return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: %w", s.lockPath, err)}
		}
		if src == nil {
			src = &collectkit.Sources{}
		}
		d, _ := today("")
		quiet := *s.e
		quiet.stderr = io.Discard
		cur, err := lock.Build(lockEntries(&quiet, b, src, salt, d), salt, nil)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		found := lock.Check(l, &lock.Observed{Lock: cur, Bundle: b, Analysis: f}, &lock.Options{Ceiling: "R4", NoPin: s.noPin})
		return &tui.Gate{Kind: "lock", Path: s.lockPath, Drift: found}, nil
	}
	return nil, nil
}

func driftOnly(res *drift.Result) []model.Finding {
	var out []model.Finding
	for _, fd := range res.Findings.Findings {
		if fd.Category == model.CatDrift {
			out = append(out, fd)
		}
	}
	return out
}

// actions are the callbacks the model runs off its loop.
func (s *uiSession) actions() tui.Actions {
	a := tui.Actions{
		Refresh: func(ctx context.Context, p func(tui.Progress)) (*tui.Data, error) { return s.load(ctx, false, p) },
		Export:  s.exportMarkdown,
	}
	if s.basePath != "" {
		a.Approve = s.approve
	}
	return a
}

// exportMarkdown writes the view atomically, never over a directory or a
// file that is not markdown.
func (s *uiSession) exportMarkdown(path string, md []byte) error {
	if st, err := os.Stat(path); err == nil && (st.IsDir() || !strings.HasSuffix(strings.ToLower(path), ".md")) {
		return fmt.Errorf("%s exists and is not a .md file; choose another name", path)
	}
	return s.e.writeFile(path, md)
}

// approve is 'assay approve' on the audit on screen: same checks (complete
// scan, no objections), the baseline rewritten atomically, then re-checked.
func (s *uiSession) approve(ctx context.Context, sel tui.Selection, note string) (*tui.Data, string, error) {
	by := s.by
	for _, k := range []string{"USER", "LOGNAME"} {
		if by == "" {
			by = s.e.getenv(k)
		}
	}
	if by == "" {
		return nil, "", fmt.Errorf("who approves is unknown: start assay ui with --by NAME")
	}
	s.mu.Lock()
	b, f := s.bundle, s.findings
	s.mu.Unlock()
	bl, err := readBaseline(s.basePath)
	if err != nil {
		return nil, "", err
	}
	if gaps := baseline.Incomplete(b); len(gaps) > 0 {
		return nil, "", fmt.Errorf("%w: %s", baseline.ErrIncomplete, strings.Join(gaps, "; "))
	}
	target := approveTarget(f, sel)
	if obj := objectionsFor(baseline.Objections(b, f), target); len(obj) > 0 {
		ids := make([]string, 0, len(obj))
		for _, o := range obj {
			ids = append(ids, o.ID)
		}
		slices.Sort(ids)
		return nil, "", fmt.Errorf("refusing over %d objection(s) (%s); review with 'assay approve --force' if intended", len(obj), strings.Join(slices.Compact(ids), ", "))
	}
	d, _ := today("")
	if _, err := baseline.Approve(bl, b, f, target, by, note, d); err != nil {
		return nil, "", err
	}
	if err := s.e.writeJSON(s.basePath, bl); err != nil {
		return nil, "", err
	}
	data := &tui.Data{Bundle: b, Findings: f, Source: s.source()}
	if data.Gate, err = s.gate(b, nil, f); err != nil {
		data.Gate = &tui.Gate{Kind: "baseline", Path: s.basePath, Err: err.Error()}
	}
	return data, fmt.Sprintf("approved %s by %s in %s", target, by, s.basePath), nil
}

// notesByIdentity re-keys notes made by configured name to the identity
// the bundle gives each server.
func notesByIdentity(b *model.Bundle, byName map[string]string) map[string]string {
	out := make(map[string]string, len(byName))
	for _, sv := range b.Servers {
		if n, ok := byName[sv.Name]; ok {
			out[sv.Identity] = n
		}
	}
	return out
}

// approveTarget is the selection as 'assay approve --tool' takes it: the
// bare tool name when it is unique (server names may hold a '/'), else
// SERVER/TOOL, or the server for a whole server.
func approveTarget(f *model.Findings, sel tui.Selection) string {
	if sel.Tool == "" {
		return sel.ServerName
	}
	n := 0
	for _, sv := range f.Servers {
		for _, t := range sv.Tools {
			if t.Name == sel.Tool {
				n++
			}
		}
	}
	if n == 1 {
		return sel.Tool
	}
	return sel.ServerName + "/" + sel.Tool
}
