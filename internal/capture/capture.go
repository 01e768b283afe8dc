package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/report/model"
)

// runner captures packages one at a time; several run in parallel.
type runner struct {
	opts    options
	node    string // resolved node program
	nodeVer string
	known   map[string]bool // packages of testdata/corpus: skipped
}

// outcome is one package's index entry plus, when it was captured, its
// surface file.
type outcome struct {
	entry   indexEntry
	surface *surface
}

// layout is the folders of one capture. Everything sits under home, the
// server's HOME, so one rewrite (home → /home/user) removes every
// machine path from what is kept.
type layout struct {
	root, home, proj, data, tmp string
}

func newLayout(base, slug string) (*layout, error) {
	if err := os.MkdirAll(base, 0o755); err != nil {
		return nil, err
	}
	root, err := os.MkdirTemp(base, strings.ReplaceAll(slug, "@", "_")+"-")
	if err != nil {
		return nil, err
	}
	l := &layout{root: root, home: filepath.Join(root, "home")}
	l.proj, l.data, l.tmp = filepath.Join(l.home, "project"), filepath.Join(l.home, "data"), filepath.Join(l.home, "tmp")
	for _, d := range []string{l.proj, l.data, l.tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	// A file for servers that want a credentials or database file.
	if err := os.WriteFile(filepath.Join(l.data, "dummy.json"), []byte("{}\n"), 0o644); err != nil {
		return nil, err
	}
	return l, nil
}

// capturePackage resolves, installs, starts and captures one package.
func (r *runner) capturePackage(ctx context.Context, c candidate) outcome {
	e := indexEntry{Package: c.Name, Why: c.Reason}
	if reserved(c.Name) {
		return excluded(e, "reserved: listed in shared/RESERVED.md (or its name under another scope, or a per-platform build); never installed")
	}
	if r.known[c.Name] {
		return excluded(e, "already captured in testdata/corpus")
	}
	m, err := view(ctx, c.Name)
	if err != nil {
		return failed(e, "resolve", err.Error())
	}
	e.Version, e.Licence = m.Version, m.licence()
	if reserved(m.Name) {
		return excluded(e, "reserved: listed in shared/RESERVED.md; never installed")
	}
	bins := m.bins()
	if len(bins) == 0 {
		return excluded(e, "not a server: the package has no bin entry")
	}
	sdk := m.sdk()
	if sdk == "" && len(m.Dependencies) > 0 {
		return excluded(e, "not an MCP server: no MCP SDK among its dependencies")
	}
	if sdk == "" {
		sdk = "none declared (bundled)"
	}
	e.SDK = sdk
	return r.installAndCapture(ctx, e, m, bins)
}

func (r *runner) installAndCapture(ctx context.Context, e indexEntry, m *manifest, bins map[string]string) outcome {
	slug := fileSlug(m.Name, m.Version)
	l, err := newLayout(r.opts.work, slug)
	if err != nil {
		return failed(e, "setup", err.Error())
	}
	if !r.opts.keep {
		defer os.RemoveAll(l.root)
	}
	if err := install(ctx, l.proj, m.Name, m.Version, r.opts.installTimeout); err != nil {
		return failed(e, "install", err.Error())
	}
	pkgDir := filepath.Join(l.proj, "node_modules", filepath.FromSlash(m.Name))
	binName, binPath := pickBin(m.Name, bins)
	rel := filepath.ToSlash(filepath.Join("node_modules", m.Name, filepath.Clean(binPath)))
	if why := nodeProgram(filepath.Join(l.proj, rel)); why != "" {
		return failed(e, "bin", fmt.Sprintf("bin %q: %s", binName, why))
	}
	readme := readReadme(pkgDir)
	plan := newPlan(m.Name, readme, l)
	started := time.Now()
	var res *live.Result
	var att attempt
	for i := 0; i < r.opts.attempts; i++ {
		att = plan.next(res)
		if att.Env == nil {
			break // nothing new to try
		}
		res = r.runOnce(ctx, l, rel, att)
		plan.record(att, res)
		if ctx.Err() != nil || (res.Connected && nonEmpty(res)) {
			break
		}
	}
	e.Attempts = len(plan.tried)
	e.DurationMs = time.Since(started).Milliseconds()
	s := r.surfaceOf(m, rel, plan, res, l, e.DurationMs)
	s.InstalledDeps = installedDeps(filepath.Join(l.proj, "node_modules"))
	e.Tools, e.Prompts, e.Resources, e.Templates = len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates)
	if !res.Connected {
		reason := "no handshake"
		if e, ok := fatal(res); ok {
			reason = e.Code + ": " + scrubText(e.Message, l.home)
		}
		e.Status, e.Reason = statusFailed, reason
		var hints []string
		for i, a := range plan.tried {
			hints = append(hints, fmt.Sprintf("start %d: %s", i+1, clip(oneLine(a.Stderr), 160)))
		}
		e.StderrHint = strings.Join(hints, " || ")
		return outcome{entry: e}
	}
	e.Status = statusCaptured
	if e.Tools == 0 {
		e.Reason = "connected, but the server listed no tools"
	}
	return outcome{entry: e, surface: s}
}

// runOnce starts the server once with one attempt's settings.
func (r *runner) runOnce(ctx context.Context, l *layout, rel string, att attempt) *live.Result {
	// The chosen node first on PATH, for servers that start node again.
	env := map[string]string{"HOME": l.home, "TMPDIR": l.tmp, "NO_COLOR": "1",
		"PATH": filepath.Dir(r.node) + string(os.PathListSeparator) + os.Getenv("PATH")}
	for k, v := range att.Env {
		env[k] = expand(v, l)
	}
	args := []string{rel}
	for _, a := range att.Args {
		args = append(args, expand(a, l))
	}
	actx, cancel := context.WithTimeout(ctx, r.opts.timeout)
	defer cancel()
	return live.Run(actx, live.Spec{
		Transport:       "stdio",
		Path:            r.node,
		Args:            args,
		Env:             env,
		Dir:             l.proj,
		Limits:          live.Limits{MaxBytes: 32 << 20, Grace: 2 * time.Second},
		Client:          mcp.Implementation{Name: "assay-capture", Version: "1"},
		ProtocolVersion: att.Protocol,
	})
}

// fatal is the error that ended a failed start: the first that is not a
// note about stray stdout lines, SDK warnings or a refused server
// request, which precede it.
func fatal(res *live.Result) (model.CollectionError, bool) {
	for _, e := range res.Errors {
		note := e.Code == live.CodeSDKWarning || e.Code == live.CodeServerRequest ||
			e.Code == live.CodeStdoutNoise || e.Code == live.CodeNotOffered
		if !note {
			return e, true
		}
	}
	if len(res.Errors) > 0 {
		return res.Errors[0], true
	}
	return model.CollectionError{}, false
}

func nonEmpty(res *live.Result) bool {
	return len(res.Tools)+len(res.Prompts)+len(res.Resources)+len(res.ResourceTemplates) > 0
}

// expand puts the capture's data folder in place of $DATA.
func expand(v string, l *layout) string {
	return strings.ReplaceAll(v, "$DATA", l.data)
}

// nodeProgram checks that the bin is a file Node can run: a JavaScript
// file or one whose #! line names node. It returns why not, or "".
func nodeProgram(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "the bin file is missing from the installed package"
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := f.Read(head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte("#!")) {
		line, _, _ := bytes.Cut(head, []byte("\n"))
		if !bytes.Contains(line, []byte("node")) {
			return fmt.Sprintf("not a Node program (%s)", clip(strings.TrimSpace(string(line)), 60))
		}
		return ""
	}
	switch filepath.Ext(path) {
	case ".js", ".mjs", ".cjs", "":
		return ""
	}
	return "not a JavaScript file"
}

// readReadme returns the package's README text (at most 256 KiB).
func readReadme(dir string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range ents {
		if strings.HasPrefix(strings.ToLower(e.Name()), "readme") && !e.IsDir() {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err == nil {
				return string(data[:min(len(data), 256<<10)])
			}
		}
	}
	return ""
}

func excluded(e indexEntry, why string) outcome {
	e.Status, e.Reason = statusExcluded, why
	return outcome{entry: e}
}

func failed(e indexEntry, stage, why string) outcome {
	e.Status, e.Reason = statusFailed, stage+": "+why
	return outcome{entry: e}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// rawJSON marshals v for the surface, nil as null.
func rawJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return b
}
