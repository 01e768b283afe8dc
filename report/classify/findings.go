package classify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
)

// capabilityFindings reports, for one server, hint contradictions, code
// execution, routers, failed schema walks, and (aggregated per server)
// tools with missing hints or unknown effect.
func capabilityFindings(s *model.Server, rs []*result) []model.Finding {
	var out []model.Finding
	var noHints, someHints, unknown []string
	for _, r := range rs {
		if r == nil {
			continue
		}
		// tool reports finding id about the element "tool:NAME"+sub (the
		// element is built only for a finding: most tools have none).
		tool := func(id, sub, evidence string) {
			fd := catalog.New(id)
			fd.Server, fd.Tool, fd.Element, fd.Evidence = s.Identity, r.Name, "tool:"+r.Name+sub, evidence
			out = append(out, fd)
		}
		if isTrue(r.hints.ReadOnly) {
			if c := r.contradiction(func(c cand) bool {
				// Sending counts; merely reaching a URL to read it does not
				// (a fetch changes nothing), so URL signals, which also
				// ingest, are left out.
				return hasAnyKind(c.kinds, model.KindWrite, model.KindDestructive, model.KindCodeExec) ||
					hasAnyKind(c.kinds, model.KindEgress) && !hasAnyKind(c.kinds, model.KindIngestsUntrusted)
			}); c != nil {
				tool("CAP-001", "/annotations/readOnlyHint", "readOnlyHint: true, but "+cite(c))
				if r.has(model.KindCodeExec) {
					out[len(out)-1].Severity = model.SevCritical
				}
			}
		}
		if isFalse(r.hints.Destructive) {
			if c := r.contradiction(func(c cand) bool { return hasAnyKind(c.kinds, model.KindDestructive) }); c != nil {
				tool("CAP-002", "/annotations/destructiveHint", "destructiveHint: false, but "+cite(c))
			}
		}
		if isFalse(r.hints.OpenWorld) {
			if c := r.contradiction(func(c cand) bool { return hasAnyKind(c.kinds, model.KindEgress) }); c != nil {
				tool("CAP-003", "/annotations/openWorldHint", "openWorldHint: false, but "+cite(c))
			}
		}
		if r.has(model.KindCodeExec) {
			if c := r.contradiction(func(c cand) bool { return hasAnyKind(c.kinds, model.KindCodeExec) }); c != nil {
				tool("CAP-007", "", cite(c))
			}
		}
		if r.Router {
			tool("CAP-006", "/inputSchema", excerpt(r.routerWhy, 300))
		}
		if r.implausible != "" {
			tool("CAP-013", "/annotations", excerpt(r.implausible, 300))
		}
		if r.walkFail != "" {
			tool("CAP-008", "/inputSchema", excerpt(r.walkFail+" at "+r.walkPtr, 400))
		}
		switch r.hints.count() {
		case 0:
			noHints = append(noHints, r.Name)
		case 1, 2:
			someHints = append(someHints, r.Name)
		}
		if r.Effect == model.EffectUnknown && !r.Router {
			unknown = append(unknown, r.Name)
		}
	}
	total := len(rs)
	// The verb agrees with the count and the noun with the total, so a
	// reader sees "1 of 6 tools declares …" and "1 of 1 tool has …".
	agg := func(id, item string, names []string, one, many string) {
		if len(names) == 0 {
			return
		}
		fd := catalog.New(id)
		fd.Server, fd.Element, fd.Item = s.Identity, "server:tools", item
		fd.Evidence = fmt.Sprintf("%d of %d %s %s: %s", len(names), total, numfmt.Noun(total, "tool", "tools"),
			numfmt.Noun(len(names), one, many), nameList(names, 8))
		fd.Tools = sortedCopy(names)
		out = append(out, fd)
	}
	agg("CAP-004", "hints:none", noHints, "declares no hints", "declare no hints")
	agg("CAP-005", "hints:partial", someHints, "declares only some hints", "declare only some hints")
	agg("CAP-009", "effect:unknown", unknown, "has an unknown effect", "have an unknown effect")
	return out
}

// contradiction returns the strongest non-annotation candidate matching
// pred: the evidence that disagrees with a declared hint.
func (r *result) contradiction(pred func(cand) bool) *cand {
	var best *cand
	for i := range r.cands {
		c := &r.cands[i]
		if c.signal == sigAnnotation || c.signal == sigRule || !pred(*c) {
			continue
		}
		if best == nil || c.tier > best.tier || c.tier == best.tier && sigRank(c.signal) < sigRank(best.signal) {
			best = c
		}
	}
	return best
}

func cite(c *cand) string {
	where := c.ptr
	if strings.HasPrefix(where, "name:") {
		where = "name word \"" + strings.TrimPrefix(where, "name:") + "\""
	}
	return excerpt(c.detail+" ("+c.signal+" "+where+")", 400)
}

func hasAnyKind(ks []string, want ...string) bool {
	for _, k := range ks {
		for _, w := range want {
			if k == w {
				return true
			}
		}
	}
	return false
}

// nameList joins up to n names, escaped, with a count of the rest.
func nameList(names []string, n int) string {
	var b strings.Builder
	for i, x := range names {
		if i == n {
			fmt.Fprintf(&b, " and %d more", len(names)-n)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(excerpt(x, 120))
	}
	return b.String()
}

func sortedCopy(xs []string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	return out
}
