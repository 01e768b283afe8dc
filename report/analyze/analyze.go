// Package analyze is the analysis pipeline: bundle in, findings out. It is
// the one entry point shared by the CLI and the WebAssembly core, so both
// produce byte-identical findings for the same input.
package analyze

import (
	"encoding/json"
	"sort"

	"github.com/assay-mcp/assay/report/apps"
	"github.com/assay-mcp/assay/report/authposture"
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/classify"
	"github.com/assay-mcp/assay/report/clientview"
	"github.com/assay-mcp/assay/report/cost"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/hygiene"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/instructions"
	"github.com/assay-mcp/assay/report/internal/par"
	"github.com/assay-mcp/assay/report/mcpheader"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/policy"
	"github.com/assay-mcp/assay/report/schemaref"
	"github.com/assay-mcp/assay/report/supply"
	"github.com/assay-mcp/assay/report/surface"
	"github.com/assay-mcp/assay/report/trust"
)

// Options configure an analysis. Nil means defaults.
type Options struct {
	// Version is the generator version to stamp.
	Version  string
	Classify *classify.Options
	Inject   *inject.Options
	Cost     *cost.Options
	// Supply adds advisories (--advisories) to the built-in set.
	Supply *supply.Options
	// Instructions tunes the instruction-file and skill pass.
	Instructions *instructions.Options
	// Policy is a loaded --rules file: extra classification keywords,
	// exceptions, downward overrides, disabled rules and ignored findings.
	Policy *policy.Policy
	// Observe, when set, is called as each pass starts (one of [Passes])
	// and returns what to call when it ends. `make bench` measures CPU
	// per tool by pass with it; the core itself reads no clock.
	Observe func(pass string) (end func())
	// Memo, when set, reuses results across analyses in one process (see
	// package cache): `assay diff` gives both sides the same Memo, so an
	// unchanged server is scanned once.
	Memo *cache.Memo
	// Unsealed leaves the document-level hashes (analysis, surfaces,
	// document) unset, for a caller that never reads or writes them:
	// drift's two sides when it keeps neither (the comparison hashes its
	// own result). Sealing a 10,000-tool analysis is a canonical encoding
	// of the whole 28 MB document.
	Unsealed bool
}

// Passes names the pipeline's steps in order, as [Options.Observe] sees
// them. Injection and classification are kept apart from the rest so
// their share of the time is easy to attribute.
var Passes = []string{PassDecode, PassHashes, PassCost, PassClassify, PassInject, PassHygiene, PassContext, PassFinish, PassSeal}

// Pass names.
const (
	PassDecode   = "decode"   // each server's view (surface.New)
	PassHashes   = "hashes"   // skeleton and every component hash
	PassClassify = "classify" // classification and chains
	PassInject   = "inject"   // injection heuristics
	PassHygiene  = "hygiene"
	PassContext  = "context" // supply chain, trust settings, instruction files, MCP Apps
	PassCost     = "cost"
	PassFinish   = "finish" // collection findings, policy, fingerprints, sort, summary
	PassSeal     = "seal"   // analysis, surfaces and document hashes
)

func (o *Options) observe(pass string) func() {
	if o.Observe == nil {
		return func() {}
	}
	if end := o.Observe(pass); end != nil {
		return end
	}
	return func() {}
}

// Analyze runs every pass over b and returns canonical, sorted findings.
// It never mutates b.
func Analyze(b *model.Bundle, opts *Options) *model.Findings {
	if opts == nil {
		opts = &Options{}
	}
	f := &model.Findings{
		Kind:      model.FindingsKind,
		Generator: model.Generator{Name: "assay", Version: opts.Version, Ruleset: catalog.Ruleset},
		Contexts:  b.Contexts,
		Servers:   make([]model.ServerReport, len(b.Servers)),
		Findings:  []model.Finding{},
	}
	// Each server's raw surface is decoded once into its view; every pass
	// that has moved onto the view reads it instead of the raw JSON.
	end := opts.observe(PassDecode)
	views := make([]*surface.Server, len(b.Servers))
	par.ForEach(len(b.Servers), func(i int) { views[i] = surface.New(&b.Servers[i]) })
	end()
	end = opts.observe(PassHashes)
	par.ForEach(len(b.Servers), func(i int) { f.Servers[i] = serverSkeleton(views[i], opts.Memo) })
	end()
	// Cost reads only the views and the skeleton. Its findings land in the
	// same place after Finish sorts them. The views stay alive for the
	// injection and classification passes, which read them
	// (inject.ScanView, classify.ApplyViews) and memoise per tool through
	// opts.Memo, keyed as package cache says.
	end = opts.observe(PassCost)
	cost.ApplyViews(b, views, f, opts.Cost, opts.Memo)
	end()
	collectionFindings(b, f)
	copts := opts.Classify
	if copts == nil && opts.Policy != nil {
		copts = opts.Policy.Classify()
	}
	end = opts.observe(PassClassify)
	classify.ApplyViews(b, views, f, copts, opts.Memo)
	end()
	// Injection scanning is per server and the costliest pass: run servers
	// in parallel and append in server order, so output is unchanged.
	end = opts.observe(PassInject)
	perServer := make([][]model.Finding, len(b.Servers))
	par.ForEach(len(b.Servers), func(i int) { perServer[i] = injectServer(opts.Memo, views[i], opts.Inject) })
	for _, fs := range perServer {
		f.Findings = append(f.Findings, fs...)
	}
	end()
	end = opts.observe(PassHygiene)
	hygiene.Apply(b, f)
	end()
	// Beyond the server surface: the packages servers start, the agent
	// settings that change trust, instruction files and skills, MCP Apps.
	end = opts.observe(PassContext)
	supply.Apply(b, f, opts.Supply)
	trust.Apply(b, f)
	instructions.Apply(b, f, opts.Instructions)
	apps.Apply(b, f)
	authposture.Apply(b, f)
	clientview.Apply(b, f)
	mcpheader.Apply(b, f)
	schemaref.ApplyViews(b, views, f)
	end()
	end = opts.observe(PassFinish)
	policy.Apply(opts.Policy, f)
	Finish(f)
	end()
	if opts.Unsealed {
		return f
	}
	end = opts.observe(PassSeal)
	defer end()
	// Surface, analysis and document hashes, once classification and
	// fingerprints are final. Sealing here (not in each writer) keeps the
	// CLI and the WebAssembly core byte-identical, and lets 'assay verify'
	// catch any later edit of a findings file.
	if err := hashes.SealFindings(f); err != nil {
		// Only an encoding failure can get here; keep the other hashes.
		f.Hashes = hashes.FindingsHashes(f)
	}
	return f
}

// Finish fingerprints, sorts and summarises f. Drift and other producers of
// findings call it too, so every findings document is ordered the same way.
func Finish(f *model.Findings) {
	for i := range f.Findings {
		f.Findings[i].SetFingerprint()
	}
	sort.SliceStable(f.Findings, func(i, j int) bool {
		a, b := &f.Findings[i], &f.Findings[j]
		if ra, rb := model.SeverityRank(a.Severity), model.SeverityRank(b.Severity); ra != rb {
			return ra > rb
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Element != b.Element {
			return a.Element < b.Element
		}
		return a.Fingerprint < b.Fingerprint
	})
	s := model.Summary{
		Servers:    len(f.Servers),
		Findings:   0,
		BySeverity: map[string]int{},
		ByCategory: map[string]int{},
		ByEffect:   map[string]int{},
		Tokens:     f.Summary.Tokens,
	}
	for _, sv := range f.Servers {
		s.Tools += len(sv.Tools)
		for _, t := range sv.Tools {
			s.ByEffect[t.Effect]++
		}
		if model.HasGap(sv.Errors) {
			s.Incomplete = true
		}
	}
	for _, fd := range f.Findings {
		if fd.Suppressed != "" {
			continue
		}
		s.Findings++
		s.BySeverity[fd.Severity]++
		s.ByCategory[fd.Category]++
		if fd.Category == model.CatCollection && catalog.Gap(fd.ID) {
			s.Incomplete = true
		}
	}
	f.Summary = s
}

// serverSkeleton is a server's report before any judgement: identity,
// counts, tool names and titles, and every hash, read from the view. A
// tool's hashes depend on its raw definition alone, so with a memo an
// unchanged tool is hashed once per process (both sides of a diff).
func serverSkeleton(v *surface.Server, memo *cache.Memo) model.ServerReport {
	s := v.Src
	r := model.ServerReport{
		Name:            s.Name,
		Identity:        s.Identity,
		Transport:       s.Transport,
		Endpoint:        s.Endpoint,
		Source:          s.Source,
		ProtocolVersion: s.ProtocolVersion,
		Tools:           make([]model.ToolReport, len(s.Tools)),
		Prompts:         len(s.Prompts),
		Resources:       len(s.Resources),
		Templates:       len(s.ResourceTemplates),
		Tokens:          s.Tokens,
		Errors:          s.Errors,
		Config:          s.Config,
	}
	// serverInfo is read as a struct decode reads it (member names match
	// case-insensitively), as it always was.
	var info struct{ Name, Version string }
	_ = json.Unmarshal(s.ServerInfo, &info)
	r.Implementation, r.Version = info.Name, info.Version
	if s.Config != nil {
		r.Auth = s.Config.Auth
	}
	names := make([]string, len(s.Tools))
	toolHashes := make([]map[string]string, len(s.Tools))
	for i := range v.Tools {
		vt := &v.Tools[i]
		name, title := vt.Name, vt.Title
		if vt.KeyCaseVariant {
			name, title = headOf(vt.Raw)
		}
		t := model.ToolReport{Name: name, Title: title, Kinds: []string{}, Effect: model.EffectUnknown, Tier: "R0"}
		if s.Tokens != nil {
			t.Tokens = s.Tokens.Tools[name]
		}
		names[i] = name
		if memo != nil {
			toolHashes[i] = toolHashesMemo(memo, vt, vt.Component())
		} else {
			toolHashes[i] = hashes.ToolHashesOf(vt)
		}
		t.Hashes = toolHashes[i]
		r.Tools[i] = t
	}
	// Recomputed from the raw definitions, never copied from the bundle:
	// stored hashes are what `assay verify` checks against these.
	r.Hashes = hashes.ServerHashes(s, names, toolHashes)
	return r
}

// headOf reads name and title the way a struct decode does, for the rare
// definition whose member names differ from the standard ones by case.
func headOf(raw json.RawMessage) (name, title string) {
	var h struct {
		Name  string `json:"name"`
		Title string `json:"title"`
	}
	_ = json.Unmarshal(raw, &h)
	return h.Name, h.Title
}

func collectionFindings(b *model.Bundle, f *model.Findings) {
	for i, s := range b.Servers {
		for _, e := range s.Errors {
			fd := catalog.New(catalog.CollectionRule(e.Code))
			fd.Server = s.Identity
			fd.Element = "server:" + e.Phase
			fd.Item = e.Code
			fd.Evidence = e.Message
			f.Findings = append(f.Findings, fd)
		}
		_ = i
	}
	for _, e := range b.Errors {
		fd := catalog.New(catalog.CollectionRule(e.Code))
		fd.Item = e.Code + ":" + e.Phase
		fd.Evidence = e.Message
		f.Findings = append(f.Findings, fd)
	}
}
