package schemaref

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// Apply appends HYG-031..033 for every tool whose inputSchema has $refs.
func Apply(b *model.Bundle, f *model.Findings) { ApplyViews(b, nil, f) }

// ApplyViews is [Apply] reading each tool's name and schema from its
// decoded view (views[i] is server i's; nil views decode the raw
// definitions), as a struct decode of the definition would read them.
func ApplyViews(b *model.Bundle, views []*surface.Server, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		var v *surface.Server
		if i < len(views) && views[i] != nil && views[i].Src == s {
			v = views[i]
		}
		for j, raw := range s.Tools {
			if !bytes.Contains(raw, []byte(`"$ref"`)) {
				continue
			}
			var t struct {
				Name        string `json:"name"`
				InputSchema any    `json:"inputSchema"`
			}
			if vt := viewTool(v, j); vt != nil {
				t.Name, t.InputSchema = vt.Name, vt.InputSchema
			} else if json.Unmarshal(raw, &t) != nil {
				continue
			}
			rep := Resolve(t.InputSchema)
			emit := func(id, ev string) {
				fd := catalog.New(id)
				fd.Server, fd.Tool, fd.Element = s.Identity, t.Name, "tool:"+t.Name+"/inputSchema"
				fd.Evidence = ev
				f.Findings = append(f.Findings, fd)
			}
			if len(rep.External) > 0 {
				emit("HYG-031", "$ref outside the schema: "+strings.Join(rep.External, ", "))
			}
			if len(rep.Unresolved) > 0 {
				emit("HYG-032", "$ref with no target: "+strings.Join(rep.Unresolved, ", "))
			}
			var why []string
			if len(rep.Recursive) > 0 {
				why = append(why, "recursive through "+strings.Join(rep.Recursive, ", "))
			}
			if rep.Expanded > MaxExpanded {
				why = append(why, "more than "+strconv.Itoa(MaxExpanded)+" nodes when inlined")
			}
			if rep.TooDeep {
				why = append(why, "deeper than "+strconv.Itoa(MaxDepth)+" levels when inlined")
			}
			if len(why) > 0 {
				emit("HYG-033", "inputSchema is "+strings.Join(why, "; "))
			}
		}
	}
}

// viewTool is tool j of v when the view reads what a struct decode of
// its definition reads: an object with no member spelled in another case,
// and a name that is a string, null or absent (any other name makes the
// decode fail, and the tool is skipped). Otherwise nil. The schema's
// numbers differ (json.Number against float64), but Resolve never reads
// a number.
func viewTool(v *surface.Server, j int) *surface.Tool {
	if v == nil || j >= len(v.Tools) {
		return nil
	}
	t := &v.Tools[j]
	if t.Members == nil || t.KeyCaseVariant {
		return nil
	}
	if n, ok := t.Members["name"]; ok && n[0] != '"' && string(n) != "null" {
		return nil
	}
	return t
}
