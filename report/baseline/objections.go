package baseline

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// Objections lists what makes a surface unfit to bless: injection
// findings, shadowing findings, hidden characters in any model-facing
// text, and text that crosses servers.
func Objections(b *model.Bundle, f *model.Findings) []model.Finding {
	var out []model.Finding
	covered := map[string]bool{}
	for _, fd := range f.Findings {
		inj := fd.Category == model.CatInjection && model.SeverityRank(fd.Severity) >= model.SeverityRank(model.SevMedium)
		if inj || shadowRules[fd.ID] {
			out = append(out, fd)
			covered[fd.Server+"\x00"+fd.Element] = true
			covered[fd.Server+"\x00tool:"+fd.Tool] = true
		}
	}
	add := func(o model.Finding) {
		if covered[o.Server+"\x00"+o.Element] || (o.Tool != "" && o.ID == "DRIFT-031" && covered[o.Server+"\x00tool:"+o.Tool]) {
			return
		}
		out = append(out, o)
	}
	owners := map[string][]string{}
	for _, s := range b.Servers {
		for _, raw := range s.Tools {
			var n struct{ Name string }
			_ = json.Unmarshal(raw, &n)
			owners[n.Name] = append(owners[n.Name], s.Identity)
		}
	}
	for _, s := range b.Servers {
		for _, tx := range serverTexts(&s) {
			if sus := drift.Suspicious(tx.value); len(sus) > 0 {
				o := catalog.New("DRIFT-030")
				o.Server, o.Tool, o.Element = s.Identity, tx.tool, tx.element
				o.Evidence = strings.Join(sus, ", ") + " in " + drift.Excerpt(tx.value)
				add(o)
			}
			for _, name := range sortedNames(owners) {
				if !ownedElsewhere(owners[name], s.Identity) || !drift.Mentions(tx.value, name) {
					continue
				}
				o := catalog.New("DRIFT-031")
				o.Server, o.Tool, o.Element, o.Item = s.Identity, tx.tool, tx.element, tx.element+"->"+name
				o.Evidence = fmt.Sprintf("names %q, a tool of %s", name, strings.Join(others(owners[name], s.Identity), ", "))
				add(o)
			}
		}
	}
	for _, name := range sortedNames(owners) {
		ids := uniq(owners[name])
		if len(ids) < 2 {
			continue
		}
		o := catalog.New("DRIFT-031")
		o.Server, o.Tool, o.Item = ids[0], name, "same-name:"+name
		o.Evidence = fmt.Sprintf("tool %q is offered by %d servers: %s", name, len(ids), strings.Join(ids, ", "))
		add(o)
	}
	for i := range out {
		out[i].SetFingerprint()
	}
	return out
}

// shadowRules are the chain rules about one server shadowing another:
// the same tool name on two servers, a description naming another
// server's tool.
var shadowRules = map[string]bool{"CHAIN-002": true, "CHAIN-003": true}

type text struct{ tool, element, value string }

// serverTexts lists every model-facing string of a server.
func serverTexts(s *model.Server) []text {
	var out []text
	if s.Instructions != nil {
		out = append(out, text{"", "server:instructions", *s.Instructions})
	}
	for _, raw := range s.Tools {
		var n struct{ Name string }
		_ = json.Unmarshal(raw, &n)
		for _, tx := range hashes.ToolTexts(raw) {
			out = append(out, text{n.Name, "tool:" + n.Name + "/" + tx.Path, tx.Value})
		}
	}
	for _, raw := range s.Prompts {
		var p struct{ Name, Description string }
		_ = json.Unmarshal(raw, &p)
		out = append(out, text{"", "prompt:" + p.Name + "/description", p.Description})
	}
	for _, raw := range append(append([]json.RawMessage{}, s.Resources...), s.ResourceTemplates...) {
		var r struct{ URI, URITemplate, Description string }
		_ = json.Unmarshal(raw, &r)
		out = append(out, text{"", "resource:" + r.URI + r.URITemplate + "/description", r.Description})
	}
	return out
}

func ownedElsewhere(ids []string, self string) bool { return len(others(ids, self)) > 0 }

func others(ids []string, self string) []string {
	var out []string
	for _, id := range uniq(ids) {
		if id != self {
			out = append(out, id)
		}
	}
	return out
}

func uniq(l []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range l {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func sortedNames(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
