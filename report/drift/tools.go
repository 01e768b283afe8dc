package drift

import (
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// tools pairs the tools of one server by name, then pairs renames, and
// reports additions, removals, router relocation and per-tool changes.
func (d *differ) tools(o, n *serverView) {
	id := n.rep.Identity
	var gone, added []*toolView
	for _, t := range o.tools {
		if n.byName[t.rep.Name] == nil {
			gone = append(gone, t)
		}
	}
	for _, t := range n.tools {
		if o.byName[t.rep.Name] == nil {
			added = append(added, t)
		}
	}
	gone, added, renamed := d.renames(id, gone, added)
	for _, t := range n.tools {
		if ot := o.byName[t.rep.Name]; ot != nil && n.byName[t.rep.Name] == t {
			d.tool(n, id, ot, t)
		}
	}
	for _, p := range renamed {
		d.tool(n, id, p[0], p[1])
	}
	for _, t := range gone {
		d.add("DRIFT-020", id, t.rep.Name, "tool:"+t.rep.Name+"/name", "tool "+quote(t.rep.Name)+" removed"+effectNote(t, d.old.classOK))
	}
	for _, t := range added {
		ev := "tool " + quote(t.rep.Name) + " added" + effectNote(t, d.new.classOK)
		f := d.add("DRIFT-009", id, t.rep.Name, "tool:"+t.rep.Name+"/name", ev)
		if d.new.classOK && tierNum(t.rep.Tier) >= d.ceiling {
			f.Severity = model.SevHigh
			f.Evidence += fmt.Sprintf("; at or above ceiling R%d", d.ceiling)
		}
		if t.raw != nil {
			for _, tx := range hashes.ToolTexts(t.raw) {
				d.checkText(n, id, t.rep.Name, "tool:"+t.rep.Name+"/"+tx.Path, "", tx.Value)
			}
		}
	}
	d.router(o, n, gone)
}

func effectNote(t *toolView, classOK bool) string {
	if !classOK {
		return ""
	}
	s := fmt.Sprintf(" (effect %s, tier %s", t.rep.Effect, t.rep.Tier)
	if len(t.rep.Kinds) > 0 {
		s += ", kinds " + strings.Join(t.rep.Kinds, ",")
	}
	return s + ")"
}

// renames pairs a removed tool with an added one when their description and
// schemas hash identically and the match is unique on both sides.
func (d *differ) renames(id string, gone, added []*toolView) (restG, restA []*toolView, pairs [][2]*toolView) {
	key := func(t *toolView) string {
		if t.h[hashes.Description] == "" {
			return ""
		}
		return t.h[hashes.Description] + t.h[hashes.InputSchema] + t.h[hashes.OutputSchema]
	}
	count := map[string][2]int{}
	for _, t := range gone {
		c := count[key(t)]
		c[0]++
		count[key(t)] = c
	}
	for _, t := range added {
		c := count[key(t)]
		c[1]++
		count[key(t)] = c
	}
	byKey := map[string]*toolView{}
	for _, t := range added {
		byKey[key(t)] = t
	}
	paired := map[*toolView]bool{}
	for _, t := range gone {
		k := key(t)
		if k == "" || count[k] != [2]int{1, 1} {
			restG = append(restG, t)
			continue
		}
		nt := byKey[k]
		paired[nt] = true
		d.renamed[id+"\x00"+nt.rep.Name] = t.rep.Name
		f := d.add("DRIFT-021", id, nt.rep.Name, "tool:"+nt.rep.Name+"/name", fmt.Sprintf("%s → %s", quote(t.rep.Name), quote(nt.rep.Name)))
		f.Item = "rename:" + t.rep.Name + "->" + nt.rep.Name
		f.Tools = []string{t.rep.Name, nt.rep.Name}
		sort.Strings(f.Tools)
		pairs = append(pairs, [2]*toolView{t, nt})
	}
	for _, t := range added {
		if !paired[t] {
			restA = append(restA, t)
		}
	}
	return restG, restA, pairs
}

// router reports tools removed in the same comparison that adds a router:
// a tool classification marks as a generic dispatcher that was not one
// before.
func (d *differ) router(o, n *serverView, gone []*toolView) {
	if len(gone) == 0 {
		return
	}
	if !d.new.classOK {
		d.skip("router relocation needs a current classification of the newer side")
		return
	}
	var names []string
	var effects []string
	for _, t := range gone {
		names = append(names, t.rep.Name)
		if d.old.classOK && t.rep.Effect != "" {
			effects = append(effects, t.rep.Name+"="+t.rep.Effect)
		}
	}
	sort.Strings(names)
	sort.Strings(effects)
	for _, t := range n.tools {
		if !t.rep.Router {
			continue
		}
		if ot := o.byName[t.rep.Name]; ot != nil && ot.rep.Router {
			continue
		}
		ev := fmt.Sprintf("router %s appeared as %d tools left: %s", quote(t.rep.Name), len(names), listQuoted(names, 8))
		if len(effects) > 0 {
			ev += "; their effects: " + strings.Join(effects, ", ")
		}
		f := d.add("DRIFT-007", n.rep.Identity, t.rep.Name, "tool:"+t.rep.Name+"/name", ev)
		f.Item = "router:" + t.rep.Name
		f.Tools = names
	}
}

// capabilityRose describes how t rose from o, or "" when it did not.
func capabilityRose(o, n *model.ToolReport) string {
	var parts []string
	if oe, ne := model.EffectRank(o.Effect), model.EffectRank(n.Effect); oe >= 0 && ne > oe {
		parts = append(parts, fmt.Sprintf("effect %s → %s", o.Effect, n.Effect))
	}
	if ot, nt := tierNum(o.Tier), tierNum(n.Tier); ot >= 0 && nt > ot {
		parts = append(parts, fmt.Sprintf("tier %s → %s", o.Tier, n.Tier))
	}
	if k := appeared(o.Kinds, n.Kinds); len(k) > 0 {
		parts = append(parts, "kinds +"+strings.Join(k, ",+"))
	}
	return strings.Join(parts, "; ")
}

func appeared(old, new []string) []string {
	in := map[string]bool{}
	for _, k := range old {
		in[k] = true
	}
	var out []string
	for _, k := range new {
		if !in[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
