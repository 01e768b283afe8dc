package view

import (
	"strings"

	"github.com/assay-mcp/assay/report/fleet"
	"github.com/assay-mcp/assay/report/model"
)

// Fleet is the fleet section's input: report/fleet's merged view plus
// each kept machine's own analysis for the drill-down.
type Fleet struct {
	Fleet *fleet.Fleet
	// Machines are in the order of Fleet.Machines; a machine without an
	// entry here shows no drill-down.
	Machines []FleetMachine
}

// FleetMachine is one machine's own analysis and signature.
type FleetMachine struct {
	Label    string
	Findings *model.Findings
	// Signature is the machine's bundle signature check, when known.
	Signature *Signature
}

// maxMatrixCols is the most machines shown as matrix columns.
const maxMatrixCols = 12

// maxRiskyRows caps the riskiest-tools table; the rest is counted.
const maxRiskyRows = 50

func fleetSection(fv *Fleet) *Node {
	f := fv.Fleet
	out := El("div")
	out.Add(El("p", T(itoa(f.Totals["machines"])+" machines, "+itoa(f.Totals["servers"])+" distinct servers, "+
		itoa(f.Totals["tools"])+" tools; "+itoa(f.Totals["literalSecrets"])+" literal secrets, "+itoa(f.Totals["unpinned"])+" unpinned servers.")))
	if len(f.Duplicates) > 0 {
		b := El("div", El("strong", T("Duplicate bundles: the same machine was sent more than once and is counted once."))).Class("warn dup").Attr("role", "status").ID("fleet-duplicates")
		ul := El("ul")
		for _, d := range f.Duplicates {
			how := "different content; the last one is used"
			if d.Identical {
				how = "identical content"
			}
			ul.Add(ElT("li", line(d.Label)+": "+line(strings.Join(d.Sources, ", "))+" ("+how+")"))
		}
		out.Add(b.Add(ul))
	}
	byLabel := map[string]FleetMachine{}
	for _, m := range fv.Machines {
		byLabel[m.Label] = m
	}

	out.Add(ElT("h3", "Machines"))
	var rows []*Node
	for _, m := range f.Machines {
		signed, sigClass := "no", ""
		if m.Signed {
			signed = "yes"
		}
		if s := byLabel[m.Label].Signature; s != nil {
			switch s.Status {
			case SigVerified:
				signed = "verified (" + line(s.KeyID) + ")"
			case SigInvalid:
				signed, sigClass = "SIGNATURE INVALID", "sig-cell-bad"
			}
		}
		sigCell := cell(signed, "")
		if sigClass != "" {
			sigCell.Class(sigClass)
		}
		tr := El("tr", cell(line(m.Label), ""), cell(line(m.OS), ""), cell(itoa(m.Servers), ""), cell(itoa(m.Tools), ""),
			cell(itoa(m.LiteralSecrets), ""), cell(itoa(m.Unpinned), ""), cell(itoa(m.BySeverity[model.SevCritical]), ""),
			cell(itoa(m.BySeverity[model.SevHigh]), ""), sigCell)
		if m.LiteralSecrets > 0 || m.Unpinned > 0 || m.BySeverity[model.SevCritical] > 0 {
			tr.Class("attention")
		}
		rows = append(rows, tr)
	}
	out.Add(table("fleet-machines", []string{"Machine", "OS", "Servers", "Tools", "Literal secrets", "Unpinned", "Critical", "High", "Signed"},
		map[int]bool{2: true, 3: true, 4: true, 5: true, 6: true, 7: true}, rows))

	out.Add(ElT("h3", "Servers × machines"))
	// versions[label][identity] is the version a machine runs.
	versions := map[string]map[string]string{}
	for _, m := range fv.Machines {
		if m.Findings == nil {
			continue
		}
		vs := map[string]string{}
		for _, s := range m.Findings.Servers {
			vs[s.Identity] = s.Version
		}
		versions[m.Label] = vs
	}
	// One column per machine while that fits a printed page; beyond it
	// one column lists the machines with their versions.
	wide := len(f.Machines) <= maxMatrixCols
	cols := []string{"Server", "Versions in use", "Machines"}
	if wide {
		for _, m := range f.Machines {
			cols = append(cols, clip(m.Label, 40))
		}
	} else {
		cols = append(cols, "Where (version)")
	}
	rows = nil
	for _, s := range f.Servers {
		name := El("td", T(line(s.Name)))
		if s.Identity != s.Name {
			name.Add(El("small", T(" "+clip(s.Identity, 80))))
		}
		tr := El("tr", name, cell(line(strings.Join(s.Versions, ", ")), ""), cell(itoa(len(s.Machines)), ""))
		on := map[string]bool{}
		for _, l := range s.Machines {
			on[l] = true
		}
		if !wide {
			var where []string
			for _, m := range f.Machines {
				if on[m.Label] {
					w := line(m.Label)
					if ver := versions[m.Label][s.Identity]; ver != "" {
						w += " (" + line(ver) + ")"
					}
					where = append(where, w)
				}
			}
			tr.Add(cell(clip(strings.Join(where, ", "), 2000), ""))
			rows = append(rows, tr)
			continue
		}
		for _, m := range f.Machines {
			v := ""
			if on[m.Label] {
				v = "✓"
				if ver := versions[m.Label][s.Identity]; ver != "" {
					v = line(ver)
				}
			}
			tr.Add(cell(v, ""))
		}
		rows = append(rows, tr)
	}
	if len(rows) == 0 {
		out.Add(empty("No servers in these bundles."))
	} else {
		out.Add(table("fleet-matrix", cols, map[int]bool{2: true}, rows))
	}

	out.Add(ElT("h3", "Riskiest tools across the fleet"))
	rows = nil
	for i, t := range f.RiskyTools {
		if i == maxRiskyRows {
			break
		}
		rows = append(rows, El("tr", cell(line(t.Tier), tierRank(t.Tier)), El("td", El("span", T(line(t.Effect))).Class("eff eff-"+sanitizeID(t.Effect))),
			cell(line(t.Server), ""), cell(line(t.Tool), ""), cell(line(strings.Join(t.Kinds, ", ")), ""),
			cell(itoa(len(t.Machines))+": "+clip(strings.Join(t.Machines, ", "), 200), itoa(len(t.Machines)))))
	}
	if len(rows) == 0 {
		out.Add(empty("No tool at tier R4 or above on any machine."))
	} else {
		out.Add(table("fleet-risky", []string{"Tier", "Effect", "Server", "Tool", "Kinds", "Machines"}, map[int]bool{0: true, 5: true}, rows))
		if n := len(f.RiskyTools) - maxRiskyRows; n > 0 {
			out.Add(El("p", T("… and "+itoa(n)+" more tools at tier R4 or above.")).Class("note"))
		}
	}

	out.Add(ElT("h3", "Per machine"))
	for i, m := range f.Machines {
		fm, ok := byLabel[m.Label]
		if !ok || fm.Findings == nil {
			continue
		}
		n := 0
		for _, fd := range fm.Findings.Findings {
			if fd.Suppressed == "" {
				n++
			}
		}
		sum := line(m.Label) + " — " + itoa(n) + " findings (" + itoa(m.BySeverity[model.SevCritical]) + " critical, " + itoa(m.BySeverity[model.SevHigh]) + " high)"
		d := El("details", El("summary", T(sum))).Class("machine").Attr("data-machine", clip(m.Label, 80))
		d.Add(findingsSection(fm.Findings.Findings, "m-"+itoa(i), serverNames(fm.Findings)))
		out.Add(d)
	}
	return out
}
