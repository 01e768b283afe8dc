package drift

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// tool compares one paired tool: o on the earlier side, t on the newer.
// Change detection uses hashes, so it works from hash-only sides; grading
// and evidence use the raw definitions when both sides have them.
func (d *differ) tool(n *serverView, id string, o, t *toolView) {
	name := t.rep.Name
	start := len(d.out)
	defer d.capability(id, o, t, start)
	oh, nh := o.h, t.h
	if len(oh) == 0 || len(nh) == 0 {
		d.skipMust("tools recorded without hashes could not be compared")
		return
	}
	if o.raw != nil && t.raw != nil {
		// Outside the tool hash: compared on the raw definitions.
		d.currentFields(id, name, o, t)
	}
	if oh[hashes.Tool] == nh[hashes.Tool] {
		return
	}
	both := o.raw != nil && t.raw != nil
	if oh[hashes.Annotations] != nh[hashes.Annotations] {
		if both {
			d.annotations(n, id, name, o.raw, t.raw)
		} else {
			d.add("DRIFT-028", id, name, "tool:"+name+"/annotations", fmt.Sprintf("annotations %s → %s", short(oh[hashes.Annotations]), short(nh[hashes.Annotations])))
		}
	}
	if oh[hashes.Description] != nh[hashes.Description] {
		d.description(n, id, o, t)
	}
	for _, part := range []string{hashes.InputSchema, hashes.OutputSchema} {
		if oh[part] != nh[part] {
			d.schema(n, id, part, o, t)
		}
	}
}

// capability raises DRIFT-001 when the tool's classification rose. When
// the same tool revoked a safety hint (DRIFT-002, already critical) the
// rise is its consequence: it is added to that finding's evidence instead
// of being a second finding for one edit.
func (d *differ) capability(id string, o, t *toolView, start int) {
	if !d.old.classOK || !d.new.classOK {
		return
	}
	why := capabilityRose(o.rep, t.rep)
	if why == "" {
		return
	}
	for i := start; i < len(d.out); i++ {
		if d.out[i].ID == "DRIFT-002" && d.out[i].Tool == t.rep.Name {
			d.out[i].Evidence += "; classification: " + why
			return
		}
	}
	f := d.add("DRIFT-001", id, t.rep.Name, "tool:"+t.rep.Name, why)
	rose := model.EffectRank(o.rep.Effect) >= 0 && o.rep.Effect != model.EffectIrreversible && t.rep.Effect == model.EffectIrreversible
	if rose || slices.Contains(appeared(o.rep.Kinds, t.rep.Kinds), model.KindCodeExec) {
		f.Severity = model.SevCritical
	}
}

// titleDesc is the prose a tool leads with: title then description.
func titleDesc(t *toolView) (title, desc string) {
	x := t.members()
	return x.Title, x.Description
}

func (d *differ) description(n *serverView, id string, o, t *toolView) {
	name := t.rep.Name
	oh, nh := o.h, t.h
	ev := fmt.Sprintf("description %s → %s", short(oh[hashes.Description]), short(nh[hashes.Description]))
	var key, shared string
	if o.raw != nil && t.raw != nil {
		ot, od := titleDesc(o)
		nt, nd := titleDesc(t)
		oldText, newText := ot+"\n"+od, nt+"\n"+nd
		r, a := sentenceDiff(oldText, newText)
		if len(r)+len(a) > 0 {
			shared = sentenceEvidence(r, a)
			ev += "; " + shared
			key = "description\x00" + strings.Join(r, "\x01") + "\x00" + strings.Join(a, "\x01")
		}
		// Group by the words edited when that is a small edit: the same
		// words inserted into many different sentences is still one edit.
		if wr, wa, ok := wordEdits(oldText, newText); ok && len(wr)+len(wa) > 0 && len(wr)+len(wa) <= 6 {
			key = "words\x00" + strings.Join(wr, "\x01") + "\x00" + strings.Join(wa, "\x01")
			shared = wordEvidence(wr, wa)
		}
		if ot != nt {
			d.checkText(n, id, name, "tool:"+name+"/title", ot, nt)
		}
		if od != nd {
			d.checkText(n, id, name, "tool:"+name+"/description", od, nd)
		}
	} else if t.raw != nil {
		nt, nd := titleDesc(t)
		d.checkText(n, id, name, "tool:"+name+"/title", "", nt)
		d.checkText(n, id, name, "tool:"+name+"/description", "", nd)
	}
	rule := "DRIFT-014"
	switch {
	case oh[hashes.DescriptionText] != "" && oh[hashes.DescriptionText] == nh[hashes.DescriptionText]:
		rule, key = "DRIFT-018", ""
	case oh[hashes.InputSchema] == nh[hashes.InputSchema] && oh[hashes.OutputSchema] == nh[hashes.OutputSchema]:
		rule = "DRIFT-003"
	}
	d.addEdit(rule, id, name, "description", ev, key, shared)
}

// schema grades a changed input or output schema.
func (d *differ) schema(n *serverView, id, part string, o, t *toolView) {
	name := t.rep.Name
	el := "tool:" + name + "/" + part
	oText, nText := prefixed(hashes.TextKeys(o.h), part), prefixed(hashes.TextKeys(t.h), part)
	var os, ns *shape
	var ovals, nvals map[string]string
	both := o.raw != nil && t.raw != nil
	if both {
		os, ns = parseShape(member(o.raw, part)), parseShape(member(t.raw, part))
		ovals, nvals = textValues(o.raw, part), textValues(t.raw, part)
	}
	var changed []string
	for _, p := range sortedKeys(oText, nText) {
		if oText[p] == nText[p] {
			continue
		}
		if (oText[p] == "" || nText[p] == "") && both && !ownerInBoth(p, part, os, ns) {
			continue // text of a parameter added or removed: the shape delta names it
		}
		changed = append(changed, p)
	}
	if len(changed) > 0 {
		var parts, keyParts []string
		for i, p := range changed {
			if i < 3 {
				if both {
					parts = append(parts, textChange(p, ovals, nvals))
				} else {
					parts = append(parts, fmt.Sprintf("%s: %s → %s", p, short(oText[p]), short(nText[p])))
				}
			}
			keyParts = append(keyParts, p+"\x00"+oText[p]+"\x00"+nText[p])
			if t.raw != nil {
				old := ""
				if ovals != nil {
					old = ovals[p]
				}
				d.checkText(n, id, name, "tool:"+name+"/"+p, old, textValues(t.raw, part)[p])
			}
		}
		if len(changed) > 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(changed)-3))
		}
		rel := changed[0]
		if len(changed) > 1 {
			rel = part
		}
		shared := strings.Join(parts, "; ")
		f := d.addEdit("DRIFT-017", id, name, rel, shared, strings.Join(keyParts, "\x01"), shared)
		f.Item = name + "/" + part + "/text"
	}
	if !both {
		if len(changed) == 0 {
			d.add("DRIFT-028", id, name, el, fmt.Sprintf("%s %s → %s", part, short(o.h[part]), short(t.h[part])))
		}
		return
	}
	breaking, additive := shapeDelta(os, ns)
	if part == hashes.OutputSchema {
		// Output changes never break a call; they change what the model
		// is told to expect, so they are graded as reshaping.
		additive, breaking = append(breaking, additive...), nil
	}
	switch {
	case len(breaking) > 0:
		d.add("DRIFT-008", id, name, el, strings.Join(append(breaking, additive...), "; "))
	case len(additive) > 0:
		d.add("DRIFT-016", id, name, el, strings.Join(additive, "; "))
	case canon.Hash(stripTexts(member(o.raw, part))) != canon.Hash(stripTexts(member(t.raw, part))):
		d.add("DRIFT-016", id, name, el, fmt.Sprintf("%s constraints or encoding changed (%s → %s)", part, short(o.h[part]), short(t.h[part])))
	}
}

// textChange describes one changed schema string by the sentences it lost
// and gained, so the evidence shows the difference even in long text.
func textChange(p string, old, new map[string]string) string {
	ov, inO := old[p]
	nv, inN := new[p]
	switch {
	case !inO:
		return p + " added: " + quote120(nv)
	case !inN:
		return p + " removed: " + quote120(ov)
	}
	r, a := sentenceDiff(ov, nv)
	if len(r)+len(a) == 0 {
		return p + ": spacing changed"
	}
	return p + ": " + sentenceEvidence(r, a)
}

// prefixed keeps the entries of m whose key starts with part + "/".
func prefixed(m map[string]string, part string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if strings.HasPrefix(k, part+"/") {
			out[k] = v
		}
	}
	return out
}

func member(raw json.RawMessage, k string) json.RawMessage {
	var all map[string]json.RawMessage
	_ = json.Unmarshal(raw, &all)
	return all[k]
}

func textValues(raw json.RawMessage, part string) map[string]string {
	out := map[string]string{}
	for _, t := range hashes.SchemaTexts(member(raw, part), part) {
		out[t.Path] = t.Value
	}
	return out
}

// ownerInBoth reports whether the parameter that owns a text path exists
// in both shapes ("inputSchema/properties/a/properties/b/description" is
// owned by a.b).
func ownerInBoth(path, part string, o, n *shape) bool {
	segs := strings.Split(strings.TrimPrefix(path, part+"/"), "/")
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] != "properties" {
			continue
		}
		p := segs[i+1]
		if o == nil || n == nil || o.props[p] == nil || n.props[p] == nil {
			return false
		}
		o, n = o.props[p], n.props[p]
		i++
	}
	return true
}

// stripTexts blanks every model-facing string in a schema so what remains
// is structure and constraints.
func stripTexts(raw json.RawMessage) []byte {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	var strip func(any) any
	strip = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			m := map[string]any{}
			for k, e := range x {
				switch k {
				case "description", "title", "default", "const", "examples":
					if _, isObj := e.(map[string]any); !isObj {
						continue
					}
				case "enum":
					if arr, ok := e.([]any); ok {
						m[k] = len(arr)
						continue
					}
				}
				m[k] = strip(e)
			}
			return m
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = strip(e)
			}
			return out
		}
		return v
	}
	b, _ := json.Marshal(strip(v))
	return b
}

var hintDefaults = map[string]bool{"readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": true}

// annotations grades a changed annotations object from the raw values:
// absent and false are different, because an absent hint means its
// default.
func (d *differ) annotations(n *serverView, id, name string, oraw, nraw json.RawMessage) {
	o, nn := rawMap(member(oraw, "annotations")), rawMap(member(nraw, "annotations"))
	effective := func(m map[string]json.RawMessage, k string) bool {
		var b bool
		if v, ok := m[k]; ok && json.Unmarshal(v, &b) == nil {
			return b
		}
		return hintDefaults[k]
	}
	var hints, vendor, revoked []string
	for _, k := range sortedKeys(o, nn) {
		ov, inO := o[k]
		nv, inN := nn[k]
		if inO && inN && canon.Hash(ov) == canon.Hash(nv) {
			continue
		}
		desc := fmt.Sprintf("%s %s → %s", k, rawOrAbsent(ov, inO), rawOrAbsent(nv, inN))
		switch k {
		case "readOnlyHint":
			if effective(o, k) && !effective(nn, k) {
				revoked = append(revoked, desc)
				continue
			}
			hints = append(hints, desc)
		case "destructiveHint":
			if !effective(o, k) && effective(nn, k) && !effective(nn, "readOnlyHint") {
				revoked = append(revoked, desc)
				continue
			}
			hints = append(hints, desc)
		case "idempotentHint", "openWorldHint":
			hints = append(hints, desc)
		case "title":
			var ot, nt string
			_ = json.Unmarshal(ov, &ot)
			_ = json.Unmarshal(nv, &nt)
			d.checkText(n, id, name, "tool:"+name+"/annotations/title", ot, nt)
			hints = append(hints, desc)
		default:
			vendor = append(vendor, desc)
		}
	}
	if len(revoked) > 0 {
		d.add("DRIFT-002", id, name, "tool:"+name+"/annotations", strings.Join(revoked, "; "))
	}
	if len(hints) > 0 {
		d.add("DRIFT-015", id, name, "tool:"+name+"/annotations", strings.Join(hints, "; "))
	}
	if len(vendor) > 0 {
		d.add("DRIFT-019", id, name, "tool:"+name+"/annotations", strings.Join(vendor, "; "))
	}
}

func rawMap(raw json.RawMessage) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(raw, &m)
	return m
}

func rawOrAbsent(v json.RawMessage, ok bool) string {
	if !ok {
		return "(absent)"
	}
	return compact(v, 60)
}

// checkText raises hidden-character and cross-server findings for one
// changed string, comparing against its earlier value ("" when new).
func (d *differ) checkText(n *serverView, id, tool, element, old, new string) {
	if new == "" {
		return
	}
	if sus := newSuspicious(old, new); len(sus) > 0 {
		d.add("DRIFT-004", id, tool, element, "adds "+strings.Join(sus, ", ")+" in "+around(new))
	}
	if n == nil {
		return
	}
	for _, ref := range d.foreignMentions(n, new) {
		if !mentions(old, ref.name) {
			f := d.add("DRIFT-005", id, tool, element, fmt.Sprintf("now names %s of server %s: %s", quote(ref.name), quote(ref.server), quote120(new)))
			f.Item = element + "->" + ref.name
		}
	}
}

type foreignName struct{ name, server string }

// foreignIndex holds every distinctive tool name of the newer side once,
// so a changed text is checked only against the names it may mention:
// scanning every name of every other server per text made a diff
// quadratic in the size of the fleet (10,000 tools: 10⁷ substring
// searches). A whole-token mention of a name that starts with a token
// byte leaves the name's leading run of token bytes as a maximal run of
// the text, so names are keyed by that run; the few that start otherwise
// are always checked.
type foreignIndex struct {
	refs  []foreignRef     // in server, then tool order (the order findings are raised in)
	byKey map[string][]int // leading token run -> positions in refs
	other []int            // names starting with a non-token byte
}

type foreignRef struct {
	foreignName
	owner *serverView
}

func (d *differ) foreignIdx() *foreignIndex {
	if d.foreign != nil {
		return d.foreign
	}
	x := &foreignIndex{byKey: map[string][]int{}}
	for _, s := range d.new.servers {
		for _, t := range s.tools {
			name := t.rep.Name
			if !distinctive(name) {
				continue
			}
			i := len(x.refs)
			x.refs = append(x.refs, foreignRef{foreignName{name, s.rep.Name}, s})
			if k := leadingRun(name); k != "" {
				x.byKey[k] = append(x.byKey[k], i)
			} else {
				x.other = append(x.other, i)
			}
		}
	}
	d.foreign = x
	return x
}

// foreignMentions lists, in server then tool order, the distinctive tool
// names of other servers of the newer side (not also n's) that text
// mentions as a whole token.
func (d *differ) foreignMentions(n *serverView, text string) []foreignName {
	x := d.foreignIdx()
	cand := append([]int(nil), x.other...)
	seen := map[string]bool{}
	for i := 0; i < len(text); {
		if !tokenByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && tokenByte(text[j]) {
			j++
		}
		if run := text[i:j]; !seen[run] {
			seen[run] = true
			cand = append(cand, x.byKey[run]...)
		}
		i = j
	}
	sort.Ints(cand)
	var out []foreignName
	for _, c := range cand {
		r := x.refs[c]
		if r.owner != n && n.byName[r.name] == nil && mentions(text, r.name) {
			out = append(out, r.foreignName)
		}
	}
	return out
}

// leadingRun is the run of token bytes name starts with ("" when it
// starts with another byte).
func leadingRun(name string) string {
	j := 0
	for j < len(name) && tokenByte(name[j]) {
		j++
	}
	return name[:j]
}

// distinctive names are unlikely to occur in prose by chance.
func distinctive(name string) bool {
	return len(name) >= 6 && strings.ContainsAny(name, "_-.") || len(name) >= 12
}

// mentions reports whether s contains name as a whole token.
func mentions(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(name)
		if (a == 0 || !tokenByte(s[a-1])) && (b == len(s) || !tokenByte(s[b])) {
			return true
		}
		i = a + 1
	}
}

func tokenByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
