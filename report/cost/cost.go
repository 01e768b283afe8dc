// Package cost totals what a tool surface costs an agent in tokens on every
// request, before the user types anything, and raises cost findings.
//
// Counts come from the bundle, recorded at collection time by a real
// tokenizer (collectkit/tokens). A server without recorded counts gets a
// labelled estimate (see [Calibrations]); the tokenizer itself never enters
// this package, which is compiled to WebAssembly.
//
// What one server contributes to a context is its tools' definitions summed
// one by one (ToolsSum) plus its instructions: [Basis]. The whole
// tools/list serialised once (ToolsList) is recorded too and usually comes
// out a little lower, because the wrapper costs less than the merges lost at
// tool boundaries; the sum is used because it is additive, so per-tool
// shares add up to the server and servers add up to the context. Prompts,
// resources and templates are counted but not charged: clients list them on
// demand, not in every request.
package cost

import (
	"math"
	"sort"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// Basis names what a server contributes to a context total.
const Basis = "toolsSum+instructions"

// AllContext is the id of the one context used when a bundle defines none.
const AllContext = "all"

// Defaults.
const (
	DefaultWindow        = 200000
	DefaultToolThreshold = 2000
	DefaultRepeatMin     = 3
)

// Options tune cost analysis. Nil means defaults.
type Options struct {
	// Window is the context window in tokens (default 200,000).
	Window int
	// PricePerMTok, when > 0, prices a request's fixed overhead. It is never
	// guessed: without it no cost is shown.
	PricePerMTok float64
	// Encoding is the encoding to estimate in when no server has recorded
	// counts (default o200k_base). Recorded counts name their own.
	Encoding string
	// ToolThreshold is the size above which one tool is reported (default
	// 2,000 tokens).
	ToolThreshold int
	// RepeatMin is how many tools of one server must share a sentence for
	// it to be reported as boilerplate (default 3).
	RepeatMin int
}

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	if r.Window <= 0 {
		r.Window = DefaultWindow
	}
	if r.Encoding == "" {
		r.Encoding = DefaultEncoding
	}
	if r.ToolThreshold <= 0 {
		r.ToolThreshold = DefaultToolThreshold
	}
	if r.RepeatMin < 2 {
		r.RepeatMin = DefaultRepeatMin
	}
	return r
}

// serverCost is one server's counts as the analysis uses them.
type serverCost struct {
	tokens  *model.ServerTokens
	perTool []int // in served order
	total   int   // Basis
}

// Apply fills f.Summary.Tokens, fills estimated counts into f.Servers for
// servers with none recorded, and appends cost findings. It never mutates b.
func Apply(b *model.Bundle, f *model.Findings, opts *Options) {
	views := make([]*surface.Server, len(b.Servers))
	for i := range b.Servers {
		views[i] = surface.New(&b.Servers[i])
	}
	ApplyViews(b, views, f, opts, nil)
}

// ApplyViews is [Apply] reading tool names and descriptions from the
// servers' decoded views (views[i] is b.Servers[i]), as the analysis does.
// With a memo, what it reads from each tool definition is kept under the
// definition's hash ([PassTool]) and an unchanged tool is not read again.
func ApplyViews(b *model.Bundle, views []*surface.Server, f *model.Findings, opts *Options, memo *cache.Memo) {
	o := opts.withDefaults()
	enc := summaryEncoding(b, o.Encoding)
	costs := make([]serverCost, len(b.Servers))
	tools := make([][]*toolCost, len(b.Servers))
	sum := &model.TokenSummary{Encoding: enc, Window: o.Window, Basis: Basis, PricePerMTok: positive(o.PricePerMTok)}
	for i := range b.Servers {
		tools[i] = toolCosts(views[i], memo)
		costs[i] = measure(views[i], tools[i], enc)
		c := &costs[i]
		if c.tokens.Estimated {
			sum.Estimated = true
			if i < len(f.Servers) {
				r := &f.Servers[i]
				r.Tokens = c.tokens
				for j := range r.Tools {
					if j < len(c.perTool) {
						r.Tools[j].Tokens = c.perTool[j]
					}
				}
			}
		}
		sum.Total += c.total
	}
	sum.PerContext = contextTotals(b, costs, &o)
	sum.Contexts = make(map[string]int, len(sum.PerContext))
	for _, ct := range sum.PerContext {
		sum.Contexts[ct.ID] = ct.Tokens
	}
	f.Summary.Tokens = sum
	f.Findings = append(f.Findings, windowFindings(sum, &o)...)
	for i := range b.Servers {
		f.Findings = append(f.Findings, concentrationFindings(views[i], &costs[i], enc)...)
		f.Findings = append(f.Findings, largeToolFindings(views[i], &costs[i], enc, &o)...)
		f.Findings = append(f.Findings, boilerplateFindings(views[i], tools[i], enc, &o)...)
	}
}

// summaryEncoding is the encoding of the first recorded, non-estimated
// counts, else the requested one.
func summaryEncoding(b *model.Bundle, want string) string {
	for _, s := range b.Servers {
		if s.Tokens != nil && !s.Tokens.Estimated && s.Tokens.Encoding != "" {
			return s.Tokens.Encoding
		}
	}
	return want
}

// measure takes a server's recorded counts when they are exact and in the
// summary encoding, and estimates otherwise (tools[j] is tool j's cost).
func measure(v *surface.Server, tools []*toolCost, enc string) serverCost {
	var c serverCost
	s := v.Src
	if t := s.Tokens; t != nil && !t.Estimated && t.Encoding == enc && t.Tools != nil {
		c.tokens = t
		c.perTool = make([]int, len(s.Tools))
		for i := range v.Tools {
			c.perTool[i] = t.Tools[toolName(&v.Tools[i])]
		}
	} else {
		c.tokens, c.perTool = estimate(s, tools, enc)
	}
	c.total = c.tokens.ToolsSum + c.tokens.Instructions
	return c
}

// contextTotals sums each context over its enabled, unshadowed servers
// (each identity once); with no contexts, one context "all" holds every
// server. Ids are sorted.
func contextTotals(b *model.Bundle, costs []serverCost, o *Options) []model.ContextTokens {
	byID := make(map[string]int, len(b.Servers))
	for i, s := range b.Servers {
		if _, ok := byID[s.Identity]; !ok {
			byID[s.Identity] = i
		}
	}
	var out []model.ContextTokens
	if len(b.Contexts) == 0 {
		ct := model.ContextTokens{ID: AllContext, Servers: len(b.Servers)}
		for _, c := range costs {
			ct.Tokens += c.total
			ct.Estimated = ct.Estimated || c.tokens.Estimated
		}
		out = append(out, ct)
	}
	for _, cx := range b.Contexts {
		ct := model.ContextTokens{ID: cx.ID}
		seen := map[string]bool{}
		for _, cs := range cx.Servers {
			if !cs.Enabled || cs.ShadowedBy != "" || seen[cs.Identity] {
				continue
			}
			i, ok := byID[cs.Identity]
			if !ok {
				continue
			}
			seen[cs.Identity] = true
			ct.Servers++
			ct.Tokens += costs[i].total
			ct.Estimated = ct.Estimated || costs[i].tokens.Estimated
		}
		out = append(out, ct)
	}
	for i := range out {
		out[i].Share = round4(float64(out[i].Tokens) / float64(o.Window))
		if o.PricePerMTok > 0 {
			out[i].CostPerRequest = round6(float64(out[i].Tokens) * o.PricePerMTok / 1e6)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func positive(x float64) float64 {
	if x > 0 {
		return x
	}
	return 0
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// toolName is [canon.ToolName] from the view: the struct decode it does
// matches member names case-insensitively, so a tool spelled "Name" takes
// the raw path.
func toolName(t *surface.Tool) string {
	if t.KeyCaseVariant {
		return canon.ToolName(t.Raw)
	}
	return t.Name
}
