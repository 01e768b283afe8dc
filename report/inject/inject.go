// Package inject finds text that tries to steer the model in every string
// a server hands it: hidden characters, injection markup, overrides,
// concealment, sensitive targets and sinks, approval bypass, calls to
// other tools, preference manipulation and redirection, authority
// framing, shell commands in prose and encoded payloads.
//
// Where to look:
//   - normalize.go: the shadow every rule matches (case, confusables,
//     invisible characters); tokens.go splits it into words.
//   - rules.go and rules_*.go: the rules, as data, with their samples;
//     words.go: the word lists they share.
//   - compile.go and match.go: the matcher generated from the rules on
//     first use, and context (negation, quotation, discussion).
//   - features.go, score.go, train.go: the linear scorer over signals and
//     words, its committed weights and the trainer (`make train`).
//   - judge.go, hidden.go, encoded.go: one string's verdicts.
//
// It is deterministic, uses RE2 only, never calls a model or the network
// and builds nothing at package init.
package inject

import (
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// Options tune detection. Nil means defaults.
type Options struct {
	// MaxStringBytes caps the bytes of one string that are analysed; the
	// cut is reported (INJ-011). Zero means DefaultMaxStringBytes.
	MaxStringBytes int
}

// DefaultMaxStringBytes is the per-string analysis cap.
const DefaultMaxStringBytes = 64 << 10

func (o *Options) maxBytes() int {
	if o == nil || o.MaxStringBytes <= 0 {
		return DefaultMaxStringBytes
	}
	return o.MaxStringBytes
}

// Apply scans every model-facing string in b and appends injection findings to f.
func Apply(b *model.Bundle, f *model.Findings, opts *Options) {
	for i := range b.Servers {
		f.Findings = append(f.Findings, ScanServer(&b.Servers[i], opts)...)
	}
}

// ScanServer decodes s and scans it (for callers without a view).
func ScanServer(s *model.Server, opts *Options) []model.Finding {
	return ScanView(surface.New(s), opts, nil)
}

// ScanView returns the injection findings of one server, in a fixed order.
//
// Each tool's result is memoised (see package cache) under its raw
// definition, the options, the server's identity and name, and the one
// fact about its siblings the judgement reads: which of the words it
// looked up are tool names of this server. Every read of Scope.Tools is
// a lookup of a token of a string the matcher tokenised for the tool (its
// own strings and any payload decoded from them), so a run records those
// tokens (its probes); see toolMemo. A sibling the tool's text never
// mentions is in no key, so adding or removing it reuses the result.
func ScanView(v *surface.Server, opts *Options, memo *cache.Memo) []model.Finding {
	server := v.Src.Identity
	if server == "" {
		server = v.Src.Name
	}
	tools := make(map[string]bool, len(v.Tools))
	for i := range v.Tools {
		tools[strings.ToLower(v.Tools[i].Name)] = true
	}
	x := scratches.Get().(*scratch)
	defer scratches.Put(x)
	x.recording = false
	var out []model.Finding
	names := nameBits(tools)
	serverScope := &Scope{Tools: tools, names: names}
	var tm *toolMemo
	if memo != nil {
		tm = &toolMemo{memo: memo, opts: cache.Digest(opts), identity: v.Src.Identity, name: v.Src.Name, tools: tools}
	}
	for i := range v.Tools {
		t := &v.Tools[i]
		var k toolKey
		if tm != nil {
			var got []model.Finding
			var ok bool
			if k, got, ok = tm.get(t); ok {
				out = append(out, got...)
				continue
			}
			x.probes = x.probes[:0]
			x.recording = true
		}
		sc := &Scope{Self: strings.ToLower(t.Name), Tools: tools, Params: ParamsOf(v.ToolTexts(i)), names: names}
		fs := scanTexts(v.ToolTexts(i), t.Name, server, sc, opts, x)
		if tm != nil {
			x.recording = false
			tm.put(k, x.probes, append([]model.Finding(nil), fs...))
		}
		out = append(out, fs...)
	}
	for _, t := range v.Texts {
		if t.Tool >= 0 {
			continue
		}
		out = append(out, scanTexts([]surface.Text{t}, "", server, serverScope, opts, x)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Element < out[j].Element || out[i].Element == out[j].Element && out[i].ID < out[j].ID
	})
	return out
}

// ParamsOf lists the parameter names among a tool's strings.
func ParamsOf(texts []surface.Text) map[string]bool {
	out := map[string]bool{}
	for _, t := range texts {
		if rest, ok := strings.CutPrefix(t.Path, "inputSchema/properties/"); ok && t.Kind == surface.Ident && !strings.Contains(rest, "/") {
			out[strings.ToLower(rest)] = true
		}
	}
	return out
}

// scanTexts judges strings of one owner; one finding per class and element.
func scanTexts(texts []surface.Text, tool, server string, sc *Scope, opts *Options, x *scratch) []model.Finding {
	var out []model.Finding
	limit := opts.maxBytes()
	for _, t := range texts {
		text := t.Value
		add := func(id, sev, ev string) {
			fd := catalog.New(id)
			fd.Severity, fd.Server, fd.Tool, fd.Element, fd.Evidence = sev, server, tool, t.Element, ev
			out = append(out, fd)
		}
		if len(text) > limit {
			cut := limit
			for cut > 0 && text[cut]&0xC0 == 0x80 {
				cut--
			}
			add("INJ-011", model.SevLow, fmt.Sprintf("analysed %d of %d bytes", cut, len(text)))
			text = text[:cut]
		}
		psc := sc
		if p := ParamOf(t.Path); p != "" {
			c := *sc
			c.Param = p
			psc = &c
		}
		for _, v := range judge(text, KindOf(t), psc, x) {
			add(v.class.ID(), v.severity, v.evidence)
		}
	}
	return out
}

// ParamOf is the lower-cased parameter a schema path describes, or "".
func ParamOf(path string) string {
	i := strings.LastIndex(path, "properties/")
	if i < 0 {
		return ""
	}
	p, _, _ := strings.Cut(path[i+len("properties/"):], "/")
	return strings.ToLower(p)
}

// KindOf names where a string sits, for the scorer.
func KindOf(t surface.Text) string {
	switch {
	case t.Kind == surface.Ident:
		return "ident"
	case t.Kind == surface.Value:
		return "value"
	case t.Element == "server:instructions":
		return "instructions"
	case strings.HasPrefix(t.Path, "inputSchema"), strings.HasPrefix(t.Path, "outputSchema"):
		return "param"
	case strings.HasPrefix(t.Element, "prompt:"):
		return "prompt"
	case strings.HasPrefix(t.Element, "resource"):
		return "resource"
	case strings.HasSuffix(t.Path, "title"):
		return "title"
	}
	return "description"
}
