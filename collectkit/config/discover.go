package config

import (
	"errors"
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// discovery holds the state of one Discover call.
type discovery struct {
	opts   *Options
	goos   string
	read   func(string) ([]byte, error)
	roots  []redact.Root
	docs   map[string]*loaded
	inv    *Inventory
	decls  []*decl
	labels map[*decl]string
}

type loaded struct {
	doc *document
	err error
	// missing is true when the file does not exist.
	missing bool
}

// Discover reads every config the selected clients would load for the
// user and each project root, or the explicit Files. It fails only on
// misuse; unreadable files and malformed entries are Inventory.Errors.
func Discover(opts *Options) (*Inventory, error) {
	if opts == nil || opts.Home == "" {
		return nil, errors.New("config: Options.Home is required")
	}
	for _, c := range opts.Clients {
		if !knownClient(c) {
			return nil, fmt.Errorf("config: unknown client %q (known: %s)", c, strings.Join(Clients(), ", "))
		}
	}
	d := &discovery{opts: opts, goos: opts.os(), read: opts.ReadFile, docs: map[string]*loaded{}, inv: &Inventory{}, labels: map[*decl]string{}}
	if d.read == nil {
		d.read = func(p string) ([]byte, error) { return inputfile.Read(p, inputfile.MaxConfig) }
	}
	var sources []source
	if len(opts.Files) > 0 {
		sources = d.explicitSources()
	} else {
		d.findRoots()
		sources = d.discoverSources()
	}
	sources = d.filterClients(sources)
	perSource := make([][]*decl, len(sources))
	for i := range sources {
		perSource[i] = d.load(&sources[i])
	}
	d.build(sources, perSource)
	if len(opts.Files) == 0 {
		d.discoverSettings()
		d.discoverInstructions()
	}
	return d.inv, nil
}

func knownClient(c string) bool {
	for _, k := range Clients() {
		if k == c {
			return true
		}
	}
	return false
}

func (d *discovery) filterClients(src []source) []source {
	if len(d.opts.Clients) == 0 {
		return src
	}
	var out []source
	for _, s := range src {
		for _, c := range d.opts.Clients {
			if s.Client == c {
				out = append(out, s)
			}
		}
	}
	return out
}

// findRoots gathers project roots: the current directory, --project
// dirs, and Claude Code's projects keys that exist on disk.
func (d *discovery) findRoots() {
	var paths []string
	add := func(p string) {
		if p == "" {
			return
		}
		p = filepath.Clean(p)
		for _, q := range paths {
			if samePath(q, p, d.goos) {
				return
			}
		}
		paths = append(paths, p)
	}
	add(d.opts.Cwd)
	for _, p := range d.opts.Projects {
		add(p)
	}
	if doc := d.doc(filepath.Join(d.opts.Home, ".claude.json"), FormatJSON); doc.doc != nil {
		if m, ok := doc.doc.Root.(map[string]any); ok {
			if projects, ok := m["projects"].(map[string]any); ok {
				keys := make([]string, 0, len(projects))
				for k := range projects {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					if st, err := os.Stat(k); err == nil && st.IsDir() {
						add(k)
					}
				}
			}
		}
	}
	// The home directory is not a project: its files are user scope.
	var kept []string
	for _, p := range paths {
		if !samePath(p, d.opts.Home, d.goos) {
			kept = append(kept, p)
		}
	}
	sort.Strings(kept)
	used := map[string]int{}
	for _, p := range kept {
		label := d.newRootLabel(p)
		used[label]++
		if n := used[label]; n > 1 {
			label += "-" + strconv.Itoa(n)
		}
		d.roots = append(d.roots, redact.Root{Path: p, Label: label})
	}
}

func samePath(a, b, goos string) bool {
	a, b = filepath.ToSlash(filepath.Clean(a)), filepath.ToSlash(filepath.Clean(b))
	if goos == "windows" || goos == "darwin" {
		return strings.EqualFold(a, b)
	}
	return a == b
}

func (d *discovery) discoverSources() []source {
	home := d.opts.Home
	src := userSources(d.goos, home)
	// VS Code profiles: each is a parallel user configuration.
	profiles := filepath.Join(vscodeUser(d.goos, home), "profiles")
	if ents, err := os.ReadDir(profiles); err == nil {
		for _, e := range ents {
			if !e.IsDir() {
				continue
			}
			dir := filepath.Join(profiles, e.Name())
			src = append(src,
				source{Client: VSCode, Variant: "profile-" + e.Name(), Scope: ScopeUser, Path: filepath.Join(dir, "mcp.json"), Format: FormatJSON, Key: []string{"servers"}, Rank: 1, Dialect: "vscode"},
				source{Client: VSCode, Variant: "profile-" + e.Name(), Scope: ScopeUser, Path: filepath.Join(dir, "settings.json"), Format: FormatJSON, Key: []string{"mcp", "servers"}, Rank: 1, Order: 1, Dialect: "vscode"})
		}
	}
	claudeKeys := d.claudeProjectKeys()
	for _, r := range d.roots {
		for _, s := range projectSources(home, r.Path) {
			if s.Client == ClaudeCode && s.Scope == ScopeLocal {
				k, ok := claudeKeys[normKey(r.Path, d.goos)]
				if !ok {
					continue
				}
				s.Key = []string{"projects", k, "mcpServers"}
			}
			src = append(src, s)
		}
	}
	return src
}

func normKey(p, goos string) string {
	k := strings.TrimRight(filepath.ToSlash(strings.ReplaceAll(p, `\`, "/")), "/")
	if goos == "windows" || goos == "darwin" {
		k = strings.ToLower(k)
	}
	return k
}

func (d *discovery) claudeProjectKeys() map[string]string {
	out := map[string]string{}
	doc := d.doc(filepath.Join(d.opts.Home, ".claude.json"), FormatJSON)
	if doc.doc == nil {
		return out
	}
	if m, ok := doc.doc.Root.(map[string]any); ok {
		if projects, ok := m["projects"].(map[string]any); ok {
			for k := range projects {
				out[normKey(k, d.goos)] = k
			}
		}
	}
	return out
}

// doc reads and parses a file once.
func (d *discovery) doc(path string, f Format) *loaded {
	if l, ok := d.docs[path]; ok {
		return l
	}
	l := &loaded{}
	data, err := d.read(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		l.missing = true
	case err != nil:
		l.err = fmt.Errorf("cannot read: %w", unwrapPathErr(err))
	default:
		doc, perr := parse(data, f)
		if perr != nil {
			l.err = fmt.Errorf("cannot parse as %s: %w", f, scrubParseErr(perr))
		}
		l.doc = doc
	}
	d.docs[path] = l
	return l
}

// unwrapPathErr drops the absolute path an *fs.PathError carries; the
// message names the file by its label instead.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// scrubParseErr keeps a parser's position and reason but never the text
// it quotes, which may be a secret on the offending line.
func scrubParseErr(err error) error {
	msg := err.Error()
	if i := strings.IndexAny(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	for _, q := range []string{"\"", "'", "`"} {
		if i := strings.Index(msg, q); i >= 0 {
			msg = strings.TrimSpace(msg[:i]) + " (quoted text omitted)"
		}
	}
	msg = redact.Scrub(msg)
	if len(msg) > 160 {
		msg = msg[:160] + "…"
	}
	return errors.New(msg)
}

func (d *discovery) label(path string) string {
	return redact.PathLabel(path, d.opts.Home, d.roots)
}

func (d *discovery) rootLabel(root string) string {
	for _, r := range d.roots {
		if r.Path == root {
			return r.Label
		}
	}
	if root == "" {
		return ""
	}
	return d.newRootLabel(root)
}

// newRootLabel is the label of a project root: its folder name with
// KeepProjectNames, else redact.ProjectLabel of its path relative to the
// home directory (absolute outside it), stable across runs and machines
// that share the layout.
func (d *discovery) newRootLabel(root string) string {
	if d.opts.KeepProjectNames {
		return redact.RootLabel(root)
	}
	key := filepath.ToSlash(root)
	if rel, err := filepath.Rel(d.opts.Home, root); err == nil && d.opts.Home != "" && !strings.HasPrefix(rel, "..") {
		key = "~/" + filepath.ToSlash(rel)
	}
	return redact.ProjectLabel(key)
}

// load reads one source and returns its declarations.
func (d *discovery) load(s *source) []*decl {
	if len(s.Glob) > 0 {
		return d.loadGlob(s)
	}
	l := d.doc(s.Path, s.Format)
	item := PlanItem{Client: s.Client, Variant: s.Variant, Scope: s.Scope, File: d.label(s.Path)}
	if s.Root != "" {
		item.Root = d.rootLabel(s.Root)
	}
	switch {
	case l.missing:
		item.Status = "absent"
	case l.err != nil:
		item.Status = "error"
		if !d.reported(s.Path) {
			d.inv.Errors = append(d.inv.Errors, model.CollectionError{Code: "config_parse", Phase: "config", Message: item.File + ": " + l.err.Error()})
		}
	default:
		item.Status = "read"
	}
	var out []*decl
	if l.doc != nil {
		out = d.extract(s, l.doc, item.File)
	}
	item.Servers = len(out)
	d.inv.Plan = append(d.inv.Plan, item)
	return out
}

// reported marks a path's read error as reported once (a file serving
// two scopes, like ~/.claude.json, is one error).
func (d *discovery) reported(path string) bool {
	key := "\x00reported:" + path
	if _, ok := d.docs[key]; ok {
		return true
	}
	d.docs[key] = &loaded{}
	return false
}

func (d *discovery) loadGlob(s *source) []*decl {
	var files []string
	for _, g := range s.Glob {
		m, _ := filepath.Glob(filepath.Join(s.Path, g))
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		d.inv.Plan = append(d.inv.Plan, PlanItem{Client: s.Client, Scope: s.Scope, File: d.label(s.Path) + "/", Root: d.rootLabel(s.Root), Status: "absent"})
		return nil
	}
	var out []*decl
	for i, f := range files {
		sub := *s
		sub.Glob = nil
		sub.Path = f
		sub.Order = s.Order + i
		sub.Key = []string{"mcpServers"}
		sub.Format = FormatJSON
		if ext := strings.ToLower(filepath.Ext(f)); ext == ".yaml" || ext == ".yml" {
			sub.Format = FormatYAML
		}
		out = append(out, d.load(&sub)...)
	}
	return out
}

// extract finds the servers container and normalises each entry.
func (d *discovery) extract(s *source, doc *document, label string) []*decl {
	var cur any = doc.Root
	for _, k := range s.Key {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur, ok = m[k]
		if !ok {
			return nil
		}
	}
	bad := func(name, reason string) {
		msg := label + ": "
		if name != "" {
			msg += "server " + strconv.Quote(name) + ": "
		}
		d.inv.Errors = append(d.inv.Errors, model.CollectionError{Code: "bad_entry", Phase: "config", Message: msg + reason})
	}
	type raw struct {
		name string
		path []string
		m    map[string]any
	}
	var raws []raw
	switch c := cur.(type) {
	case nil:
		return nil
	case map[string]any:
		names := make([]string, 0, len(c))
		for n := range c {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			m, ok := c[n].(map[string]any)
			if !ok {
				bad(n, "entry is not an object")
				continue
			}
			raws = append(raws, raw{n, append(append([]string{}, s.Key...), n), m})
		}
	case []any:
		for i, x := range c {
			m, ok := x.(map[string]any)
			if !ok {
				bad("", "entry "+strconv.Itoa(i)+" is not an object")
				continue
			}
			n, _ := m["name"].(string)
			if n == "" {
				bad("", "entry "+strconv.Itoa(i)+" has no name")
				continue
			}
			raws = append(raws, raw{n, append(append([]string{}, s.Key...), strconv.Itoa(i)), m})
		}
	default:
		bad("", strings.Join(s.Key, ".")+" is neither an object nor a list")
		return nil
	}
	excluded, allowed := geminiFilters(s, doc)
	var out []*decl
	for _, r := range raws {
		dc, err := normalize(s, r.name, r.m)
		if err != nil {
			bad(r.name, strings.TrimPrefix(err.Error(), errEntry.Error()+": "))
			continue
		}
		if dc == nil {
			continue
		}
		dc.line = doc.Line(r.path...)
		if excluded[r.name] || (allowed != nil && !allowed[r.name]) {
			dc.disabled = true
		}
		d.labels[dc] = label
		d.decls = append(d.decls, dc)
		out = append(out, dc)
	}
	return out
}

// geminiFilters reads Gemini CLI's mcp.excluded and mcp.allowed lists.
func geminiFilters(s *source, doc *document) (excluded, allowed map[string]bool) {
	if s.Dialect != "gemini" {
		return nil, nil
	}
	m, _ := doc.Root.(map[string]any)
	mcp, _ := m["mcp"].(map[string]any)
	list := func(k string) map[string]bool {
		arr, ok := mcp[k].([]any)
		if !ok {
			return nil
		}
		out := map[string]bool{}
		for _, x := range arr {
			if s, ok := x.(string); ok {
				out[s] = true
			}
		}
		return out
	}
	return list("excluded"), list("allowed")
}
