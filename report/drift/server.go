package drift

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// server compares one paired server.
func (d *differ) server(o, n *serverView) {
	id := n.rep.Identity
	for _, side := range []struct {
		name string
		s    *serverView
	}{{"earlier", o}, {"newer", n}} {
		if errs := incomplete(side.s.rep.Errors); len(errs) > 0 {
			f := d.add("DRIFT-026", id, "", "server", fmt.Sprintf("%s surface: %s", side.name, strings.Join(errs, "; ")))
			f.Item = "incomplete:" + side.name
		}
	}
	d.tools(o, n)
	d.listCache(id, o.raw, n.raw)
	oh, nh := o.rep.Hashes, n.rep.Hashes
	if len(oh) == 0 || len(nh) == 0 {
		d.skipMust("a server without hashes: server-level rules could not run")
		return
	}
	if oh[hashes.Instructions] != nh[hashes.Instructions] {
		ev := fmt.Sprintf("instructions %s → %s", short(oh[hashes.Instructions]), short(nh[hashes.Instructions]))
		if o.raw != nil && n.raw != nil {
			ot, nt := deref(o.raw.Instructions), deref(n.raw.Instructions)
			if r, a := sentenceDiff(ot, nt); len(r)+len(a) > 0 {
				ev += "; " + sentenceEvidence(r, a)
			}
			d.checkText(n, id, "", "server:instructions", ot, nt)
		}
		d.add("DRIFT-010", id, "", "server:instructions", ev)
	}
	if oh[hashes.Capabilities] != nh[hashes.Capabilities] {
		ev := fmt.Sprintf("capabilities %s → %s", short(oh[hashes.Capabilities]), short(nh[hashes.Capabilities]))
		if o.raw != nil && n.raw != nil {
			ev = capabilityDelta(o.raw.Capabilities, n.raw.Capabilities)
		}
		d.add("DRIFT-013", id, "", "server:capabilities", ev)
	}
	if ov, nv := o.rep.Version, n.rep.Version; ov != nv && ov != "" && nv != "" {
		d.add("DRIFT-022", id, "", "server:serverInfo/version", fmt.Sprintf("%s → %s", quote(ov), quote(nv)))
	}
	if ov, nv := o.rep.ProtocolVersion, n.rep.ProtocolVersion; ov != nv && ov != "" && nv != "" {
		d.add("DRIFT-023", id, "", "server:protocolVersion", fmt.Sprintf("%s → %s", quote(ov), quote(nv)))
	}
	d.prompts(o, n)
	d.listing(o, n, "DRIFT-012", hashes.ResourcePrefix, "resources", func(s *model.Server) []json.RawMessage { return s.Resources }, "uri")
	d.listing(o, n, "DRIFT-012", hashes.TemplatePrefix, "templates", func(s *model.Server) []json.RawMessage { return s.ResourceTemplates }, "uriTemplate")
}

// incomplete lists collection errors that may hide part of the surface.
// A method the server does not implement (-32601) is an answer, not a gap.
func incomplete(errs []model.CollectionError) []string {
	var out []string
	for _, e := range errs {
		if !e.Gap() {
			continue
		}
		s := e.Code
		if e.Phase != "" {
			s = e.Phase + " " + s
		}
		out = append(out, escape(s+": "+e.Message, 100))
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// capabilityDelta names the capability members added, removed or changed.
func capabilityDelta(old, new json.RawMessage) string {
	var o, n map[string]json.RawMessage
	_ = json.Unmarshal(old, &o)
	_ = json.Unmarshal(new, &n)
	var parts []string
	for _, k := range sortedKeys(o, n) {
		ov, inO := o[k]
		nv, inN := n[k]
		switch {
		case !inO:
			parts = append(parts, "+"+k+" "+compact(nv, 60))
		case !inN:
			parts = append(parts, "-"+k)
		case canon.Hash(ov) != canon.Hash(nv):
			parts = append(parts, k+" "+compact(ov, 60)+" → "+compact(nv, 60))
		}
	}
	if len(parts) == 0 {
		return "capabilities re-encoded"
	}
	return strings.Join(parts, "; ")
}

func compact(raw json.RawMessage, max int) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return escape(string(raw), max)
	}
	b, _ := json.Marshal(v)
	return escape(string(b), max)
}

func sortedKeys[V any](ms ...map[string]V) []string {
	set := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			set[k] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// prompts reports each prompt added, removed or changed.
func (d *differ) prompts(o, n *serverView) {
	id := n.rep.Identity
	op, np := hashes.ItemKeys(o.rep.Hashes, hashes.PromptPrefix), hashes.ItemKeys(n.rep.Hashes, hashes.PromptPrefix)
	rawO, rawN := rawItems(o.raw, func(s *model.Server) []json.RawMessage { return s.Prompts }, "name"), rawItems(n.raw, func(s *model.Server) []json.RawMessage { return s.Prompts }, "name")
	for _, name := range sortedKeys(op, np) {
		el := "prompt:" + name + "/description"
		switch {
		case op[name] == "":
			f := d.add("DRIFT-011", id, "", el, "prompt "+quote(name)+" added"+promptSummary(rawN[name]))
			f.Item = "added:prompt:" + name
			d.checkText(n, id, "", el, "", itemText(rawN[name]))
		case np[name] == "":
			f := d.add("DRIFT-011", id, "", el, "prompt "+quote(name)+" removed")
			f.Item = "removed:prompt:" + name
		case op[name] != np[name]:
			ev := fmt.Sprintf("prompt %s %s → %s", quote(name), short(op[name]), short(np[name]))
			if rawO != nil && rawN != nil {
				ot, nt := itemText(rawO[name]), itemText(rawN[name])
				if r, a := sentenceDiff(ot, nt); len(r)+len(a) > 0 {
					ev += "; " + sentenceEvidence(r, a)
				}
				d.checkText(n, id, "", el, ot, nt)
			}
			f := d.add("DRIFT-011", id, "", el, ev)
			f.Item = "changed:prompt:" + name
		}
	}
}

func promptSummary(raw json.RawMessage) string {
	t := itemText(raw)
	if t == "" {
		return ""
	}
	return ": " + quote120(t)
}

// listing reports resources or templates added, removed and changed, one
// finding per direction: a server that swaps a hundred sample resources
// made one edit, not a hundred.
func (d *differ) listing(o, n *serverView, rule, prefix, what string, get func(*model.Server) []json.RawMessage, key string) {
	id := n.rep.Identity
	oi, ni := hashes.ItemKeys(o.rep.Hashes, prefix), hashes.ItemKeys(n.rep.Hashes, prefix)
	rawO, rawN := rawItems(o.raw, get, key), rawItems(n.raw, get, key)
	var added, removed, changed []string
	for _, k := range sortedKeys(oi, ni) {
		switch {
		case oi[k] == "":
			added = append(added, k)
			d.checkText(n, id, "", "resource:"+k+"/description", "", itemText(rawN[k]))
		case ni[k] == "":
			removed = append(removed, k)
		case oi[k] != ni[k]:
			changed = append(changed, k)
			if rawO != nil && rawN != nil {
				d.checkText(n, id, "", "resource:"+k+"/description", itemText(rawO[k]), itemText(rawN[k]))
			}
		}
	}
	for _, g := range []struct {
		dir  string
		list []string
	}{{"added", added}, {"removed", removed}, {"changed", changed}} {
		if len(g.list) == 0 {
			continue
		}
		el := "resource:" + g.list[0] + "/description"
		if len(g.list) > 1 {
			el = "server:" + what
		}
		f := d.add(rule, id, "", el, fmt.Sprintf("%d %s %s: %s", len(g.list), what, g.dir, listQuoted(g.list, 5)))
		f.Item = g.dir + ":" + what
	}
}

func listQuoted(l []string, max int) string {
	var q []string
	for i, s := range l {
		if i == max {
			q = append(q, fmt.Sprintf("and %d more", len(l)-max))
			break
		}
		q = append(q, quote(s))
	}
	return strings.Join(q, ", ")
}

// rawItems indexes a server's raw prompts, resources or templates by key;
// nil when the server has no text.
func rawItems(s *model.Server, get func(*model.Server) []json.RawMessage, key string) map[string]json.RawMessage {
	if s == nil {
		return nil
	}
	out := map[string]json.RawMessage{}
	for _, raw := range get(s) {
		var all map[string]json.RawMessage
		_ = json.Unmarshal(raw, &all)
		var k string
		_ = json.Unmarshal(all[key], &k)
		if _, dup := out[k]; !dup {
			out[k] = raw
		}
	}
	return out
}

// itemText is the model-facing prose of a prompt, resource or template:
// title, description and argument descriptions, one per line.
func itemText(raw json.RawMessage) string {
	var it struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Arguments   []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"arguments"`
	}
	_ = json.Unmarshal(raw, &it)
	var l []string
	for _, s := range []string{it.Title, it.Description} {
		if s != "" {
			l = append(l, s)
		}
	}
	for _, a := range it.Arguments {
		if a.Description != "" {
			l = append(l, a.Name+": "+a.Description)
		}
	}
	return strings.Join(l, "\n")
}
