package inject

import (
	"slices"
	"strings"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// toolMemo memoises one server's per-tool results in two steps.
//
// A tool's judgement reads, besides its own definition, the options and
// the server's identity and name, only Scope.Tools, and only as lookups of
// tokens of the strings the matcher tokenises for that tool (every such
// token is looked up: toolish is asked of each one). A run records those
// tokens, its probes. Since the judgement is deterministic, a run under
// another set of sibling names that gives the same answer for every probe
// reads the same answers all the way through and returns the same
// findings (the first lookup that could differ would have to be of a word
// the recorded run also looked up).
//
//   - "inject/probe": the tool (definition, options, identity, name) →
//     the probes of a run.
//   - "inject/tool": the same plus the probes and which of them are tool
//     names of the server → the findings.
//
// A lookup takes the stored probes, asks the server's names about each,
// and finds the result of a run with the same probes and the same
// answers. Without stored probes it asks for a run that probed nothing,
// whose result no sibling can change.
type toolMemo struct {
	memo                 *cache.Memo
	opts, identity, name string
	tools                map[string]bool
	names                []byte // scratch: the probes that are tool names
}

// probeSet is the stored value of an "inject/probe" key: the distinct
// probes, sorted, each followed by a NUL, and their digest.
type probeSet struct {
	words, digest string
}

// toolKey is what put needs of a lookup that missed.
type toolKey struct{ tool string }

func (m *toolMemo) get(t *surface.Tool) (toolKey, []model.Finding, bool) {
	k := toolKey{cache.Key(catalog.Ruleset, "inject/probe", m.opts, t.Component(), m.identity, m.name)}
	ps := probeSet{}
	if got, ok := m.memo.Get(k.tool); ok {
		ps = got.(probeSet)
	}
	got, ok := m.memo.Get(m.resultKey(k, ps))
	if !ok {
		return k, nil, false
	}
	return k, got.([]model.Finding), true
}

// resultKey is the "inject/tool" key of a run with probes ps under this
// server's tool names.
func (m *toolMemo) resultKey(k toolKey, ps probeSet) string {
	m.names = m.names[:0]
	for w := ps.words; w != ""; {
		i := strings.IndexByte(w, 0)
		if m.tools[w[:i]] {
			m.names = append(m.names, w[:i+1]...)
		}
		w = w[i+1:]
	}
	return cache.Key(catalog.Ruleset, "inject/tool", k.tool, ps.digest, string(m.names))
}

// put stores a run's findings under its probes (sorted and deduplicated
// here; probes is scratch).
func (m *toolMemo) put(k toolKey, probes []string, fs []model.Finding) {
	slices.Sort(probes)
	probes = slices.Compact(probes)
	n := 0
	for _, p := range probes {
		n += len(p) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range probes {
		b.WriteString(p)
		b.WriteByte(0)
	}
	ps := probeSet{words: b.String()}
	if ps.words != "" {
		ps.digest = cache.Raw([]byte(ps.words))
	}
	m.memo.Put(k.tool, ps)
	m.memo.Put(m.resultKey(k, ps), fs)
}
