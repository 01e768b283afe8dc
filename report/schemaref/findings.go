package schemaref

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// Apply appends HYG-031..033 for every tool whose inputSchema has $refs.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		for _, raw := range s.Tools {
			if !strings.Contains(string(raw), `"$ref"`) {
				continue
			}
			var t struct {
				Name        string `json:"name"`
				InputSchema any    `json:"inputSchema"`
			}
			if json.Unmarshal(raw, &t) != nil {
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
