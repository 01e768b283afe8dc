package drift

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// newInjection reports every injection finding of the newer side that the
// earlier side did not have. Both sides must be analysed under the current
// ruleset, so only a surface change can make one appear.
func (d *differ) newInjection() {
	if !d.old.classOK || !d.new.classOK {
		return
	}
	key := func(f *model.Finding, server, tool, element string) string {
		item := f.Item
		if item == "" {
			item = tool
		}
		return strings.Join([]string{f.ID, server, item, element}, "\x00")
	}
	seen := map[string]bool{}
	for i := range d.old.f.Findings {
		f := &d.old.f.Findings[i]
		if f.Category == model.CatInjection {
			seen[key(f, f.Server, f.Tool, f.Element)] = true
		}
	}
	for i := range d.new.f.Findings {
		f := &d.new.f.Findings[i]
		if f.Category != model.CatInjection {
			continue
		}
		server := f.Server
		if o, ok := d.identity[server]; ok {
			server = o
		}
		tool, element := f.Tool, f.Element
		if old, ok := d.renamed[f.Server+"\x00"+tool]; ok && tool != "" {
			element = strings.Replace(element, "tool:"+tool+"/", "tool:"+old+"/", 1)
			tool = old
		}
		if seen[key(f, server, tool, element)] {
			continue
		}
		if i := d.textFinding(f.Server, f.Element); i >= 0 {
			// The same edit already raised a hidden-character or
			// cross-server finding on this string: one edit, one finding.
			d.out[i].Evidence += "; also " + f.ID + " " + f.Title
			if model.SeverityRank(f.Severity) > model.SeverityRank(d.out[i].Severity) {
				d.out[i].Severity = f.Severity
			}
			continue
		}
		nf := d.add("DRIFT-006", f.Server, f.Tool, f.Element, f.ID+" "+f.Title+": "+f.Evidence)
		nf.Item = f.ID + ":" + f.Item
		if model.SeverityRank(f.Severity) > model.SeverityRank(nf.Severity) {
			nf.Severity = f.Severity
		}
	}
}

// textFinding returns the index of a DRIFT-004 or DRIFT-005 finding on the
// given server and element, or -1.
func (d *differ) textFinding(server, element string) int {
	for i, f := range d.out {
		if (f.ID == "DRIFT-004" || f.ID == "DRIFT-005") && f.Server == server && f.Element == element {
			return i
		}
	}
	return -1
}
