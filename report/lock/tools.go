package lock

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// tools compares the locked tools of one server with the observed ones.
// complete is false when the listing was cut short: then a missing tool
// may be a collection gap and is not reported as removed.
func (c *checker) tools(id string, old, cur []Tool, raw *model.Server, complete bool) {
	ob, nb := byName(old), byName(cur)
	var gone, added []*Tool
	for i := range old {
		if nb[old[i].Name] == nil && ob[old[i].Name] == &old[i] {
			gone = append(gone, &old[i])
		}
	}
	for i := range cur {
		if ob[cur[i].Name] == nil && nb[cur[i].Name] == &cur[i] {
			added = append(added, &cur[i])
		}
	}
	gone, added, renamed := renames(gone, added)
	raws := rawTools(raw)
	for i := range cur {
		t := &cur[i]
		if o := ob[t.Name]; o != nil && nb[t.Name] == t {
			c.tool(id, t.Name, o, t, raws[t.Name])
		}
	}
	for _, p := range renamed {
		c.add(newFinding("DRIFT-021", id, p[1].Name, "tool:"+p[1].Name+"/name", fmt.Sprintf("%s → %s (same description and input schema)", quote(p[0].Name), quote(p[1].Name))))
		c.tool(id, p[1].Name, p[0], p[1], raws[p[1].Name])
	}
	if complete {
		for _, t := range gone {
			c.add(newFinding("DRIFT-020", id, t.Name, "tool:"+t.Name+"/name", "tool "+quote(t.Name)+" removed"))
		}
	}
	for _, t := range added {
		c.added(id, t, raws[t.Name])
	}
}

// added reports a tool the lock does not hold.
func (c *checker) added(id string, t *Tool, raw json.RawMessage) {
	f := newFinding("DRIFT-009", id, t.Name, "tool:"+t.Name+"/name", "tool "+quote(t.Name)+" added")
	if r := c.report(id); r != nil {
		for _, tr := range r.Tools {
			if tr.Name != t.Name {
				continue
			}
			f.Evidence += fmt.Sprintf(" (effect %s, tier %s)", tr.Effect, tr.Tier)
			if n, ok := tierNum(tr.Tier); ok && n >= c.ceiling {
				f.Severity = model.SevHigh
				f.Evidence += fmt.Sprintf("; at or above ceiling R%d", c.ceiling)
			}
			break
		}
	}
	c.add(f)
	if t.Hidden > 0 && raw != nil {
		c.add(newFinding("DRIFT-004", id, t.Name, "tool:"+t.Name, "new tool holds "+hiddenIn(textsOf(raw))))
	}
	c.newInjection(id, t.Name, "tool:"+t.Name+"/")
}

// tool compares one locked tool with its observation, part by part.
func (c *checker) tool(id, name string, o, n *Tool, raw json.RawMessage) {
	el := "tool:" + name + "/"
	changed := func(k string) bool { return o.Hashes[k] != n.Hashes[k] }
	texts := false
	if changed(keyDescription) {
		texts = true
		c.description(id, name, o, n, raw, changed(keyInputSchema))
	} else if n.Hidden > o.Hidden && raw != nil {
		c.add(newFinding("DRIFT-004", id, name, el+"inputSchema", "now holds "+hiddenIn(textsOf(raw))))
	}
	for _, k := range []string{keyInputSchema, keyOutputSchema} {
		if changed(k) {
			texts = true
			c.add(newFinding("DRIFT-028", id, name, el+k, fmt.Sprintf("%s %s → %s; the lock holds hashes only, so the change cannot be graded", k, short(o.Hashes[k]), short(n.Hashes[k]))))
		}
	}
	if changed(keyAnnotations) {
		texts = true
		c.annotations(id, name, o, n)
	}
	for _, k := range sortedKeys(o.Other, n.Other) {
		ov, inO := o.Other[k]
		nv, inN := n.Other[k]
		switch {
		case !inO:
			c.add(newFinding("DRIFT-028", id, name, el+k, "member "+quote(k)+" added"))
		case !inN:
			c.add(newFinding("DRIFT-028", id, name, el+k, "member "+quote(k)+" removed"))
		case ov != nv:
			c.add(newFinding("DRIFT-028", id, name, el+k, fmt.Sprintf("member %s %s → %s", quote(k), short(ov), short(nv))))
		}
	}
	if texts {
		c.newInjection(id, name, el)
	}
}

// description grades a changed title or description.
func (c *checker) description(id, name string, o, n *Tool, raw json.RawMessage, schemaChanged bool) {
	el := "tool:" + name + "/description"
	if o.Hashes[keyDescriptionText] == n.Hashes[keyDescriptionText] {
		c.add(newFinding("DRIFT-018", id, name, el, "only ASCII spacing or line breaks changed"))
		return
	}
	var now []text
	if raw != nil {
		now = titleDescription(raw)
	}
	same := o.Hashes[DescriptionNormalized] == n.Hashes[DescriptionNormalized]
	if h := hiddenIn(now); h != "" && (same || n.Hidden > o.Hidden) {
		ev := "now holds " + h
		if same {
			ev = "reads the same as the locked text but differs in invisible, look-alike or letter-case characters; " + ev
		}
		c.add(newFinding("DRIFT-004", id, name, el, ev))
	}
	id3 := "DRIFT-003"
	ev := "description changed, schema unchanged"
	if schemaChanged {
		id3, ev = "DRIFT-014", "description changed with the input schema"
	}
	ev += fmt.Sprintf(" (%s → %s); the lock holds no text", short(o.Hashes[keyDescription]), short(n.Hashes[keyDescription]))
	for _, t := range now {
		if t.path == "description" {
			ev += "; now " + excerpt(t.value)
		}
	}
	c.add(newFinding(id3, id, name, el, ev))
}

// annotations grades hint changes: a revoked safety claim is DRIFT-002,
// another hint change DRIFT-015, any other annotation DRIFT-019. An absent
// hint means its default.
func (c *checker) annotations(id, name string, o, n *Tool) {
	el := "tool:" + name + "/annotations"
	eff := func(h map[string]string, k string) string {
		if v, ok := h[k]; ok {
			return v
		}
		return hintDefaults[k]
	}
	shown := func(h map[string]string, k string) string {
		if v, ok := h[k]; ok {
			return v
		}
		return "(absent)"
	}
	var revoked, hints []string
	for _, k := range HintNames {
		if shown(o.Hints, k) == shown(n.Hints, k) {
			continue
		}
		d := fmt.Sprintf("%s %s → %s", k, shown(o.Hints, k), shown(n.Hints, k))
		switch {
		case k == "readOnlyHint" && eff(o.Hints, k) == HintTrue && eff(n.Hints, k) != HintTrue,
			k == "destructiveHint" && eff(o.Hints, k) == HintFalse && eff(n.Hints, k) != HintFalse && eff(n.Hints, "readOnlyHint") != HintTrue:
			revoked = append(revoked, d)
		default:
			hints = append(hints, d)
		}
	}
	if len(revoked) > 0 {
		c.add(newFinding("DRIFT-002", id, name, el, strings.Join(revoked, "; ")))
	}
	if len(hints) > 0 {
		c.add(newFinding("DRIFT-015", id, name, el, strings.Join(hints, "; ")))
	}
	if len(revoked)+len(hints) == 0 {
		c.add(newFinding("DRIFT-019", id, name, el, fmt.Sprintf("annotations other than the four hints changed (%s → %s)", short(o.Hashes[keyAnnotations]), short(n.Hashes[keyAnnotations]))))
	}
}

// newInjection reports the observation's injection findings on a changed
// or new part: the lock approved the rest, text it never held.
func (c *checker) newInjection(id, tool, elementPrefix string) {
	if c.obs.Analysis == nil {
		return
	}
	for _, f := range c.obs.Analysis.Findings {
		if f.Category != model.CatInjection || f.Server != id || f.Tool != tool || !strings.HasPrefix(f.Element, elementPrefix) {
			continue
		}
		if i := c.hiddenFinding(id, f.Element); i >= 0 {
			// The same edit already raised a hidden-character finding on
			// this string: one edit, one finding.
			c.out[i].Evidence += "; also " + f.ID + " " + f.Title
			if model.SeverityRank(f.Severity) > model.SeverityRank(c.out[i].Severity) {
				c.out[i].Severity = f.Severity
			}
			continue
		}
		nf := newFinding("DRIFT-006", id, f.Tool, f.Element, f.ID+" "+f.Title+": "+f.Evidence)
		nf.Item = f.ID + ":" + f.Item
		if model.SeverityRank(f.Severity) > model.SeverityRank(nf.Severity) {
			nf.Severity = f.Severity
		}
		c.add(nf)
	}
}

// hiddenFinding is the index of a DRIFT-004 finding on this element, or -1.
func (c *checker) hiddenFinding(id, element string) int {
	for i, f := range c.out {
		if f.ID == "DRIFT-004" && f.Server == id && f.Element == element {
			return i
		}
	}
	return -1
}

// renames pairs a removed tool with an added one whose description and
// input schema hash identically, when the match is unique on both sides.
func renames(gone, added []*Tool) (restG, restA []*Tool, pairs [][2]*Tool) {
	key := func(t *Tool) string { return t.Hashes[keyDescription] + t.Hashes[keyInputSchema] }
	count := func(l []*Tool) map[string]int {
		m := map[string]int{}
		for _, t := range l {
			m[key(t)]++
		}
		return m
	}
	cg, ca := count(gone), count(added)
	paired := map[*Tool]bool{}
	for _, g := range gone {
		if cg[key(g)] != 1 || ca[key(g)] != 1 {
			continue
		}
		for _, a := range added {
			if key(a) == key(g) {
				pairs = append(pairs, [2]*Tool{g, a})
				paired[g], paired[a] = true, true
			}
		}
	}
	for _, g := range gone {
		if !paired[g] {
			restG = append(restG, g)
		}
	}
	for _, a := range added {
		if !paired[a] {
			restA = append(restA, a)
		}
	}
	return restG, restA, pairs
}

// byName indexes tools by name; the first of duplicate names wins.
func byName(ts []Tool) map[string]*Tool {
	m := make(map[string]*Tool, len(ts))
	for i := range ts {
		if _, dup := m[ts[i].Name]; !dup {
			m[ts[i].Name] = &ts[i]
		}
	}
	return m
}

// rawTools indexes a collected server's raw definitions by name.
func rawTools(s *model.Server) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	if s == nil {
		return m
	}
	for _, raw := range s.Tools {
		var h struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &h) == nil {
			if _, dup := m[h.Name]; !dup {
				m[h.Name] = raw
			}
		}
	}
	return m
}

func sortedKeys(ms ...map[string]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}
