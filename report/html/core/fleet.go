package core

import (
	"sort"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/fleet"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
)

// FleetInput is one machine's bundle file as read.
type FleetInput struct {
	// Source is the file name; it labels a bundle without a host label.
	Source    string
	Bundle    *model.Bundle
	Signature view.Signature
}

// Fleet analyses every bundle on its own and merges them with
// report/fleet, keeping each kept machine's findings and signature for
// the page's drill-down. `assay report` and the page both call it, so a
// fleet looks the same whether written by the CLI or dropped on a page.
// kept lists the indexes of ins that count (a machine sent twice counts
// once), in input order, so the page's other sections can be computed
// over those only.
func Fleet(ins []FleetInput, version string) (fv *view.Fleet, kept []int) {
	var machines []fleet.Machine
	drill := map[string]view.FleetMachine{}
	index := map[string]int{}
	for i, in := range ins {
		// One memo for the whole fleet: machines that run the same server
		// share its per-tool and per-server results.
		f := analyze.Analyze(in.Bundle, &analyze.Options{Version: version, Memo: reuse().sharedMemo()})
		machines = append(machines, fleet.Machine{Source: in.Source, Bundle: in.Bundle, Findings: f})
		// The label fleet.Build gives the machine: a repeat of a labelled
		// machine replaces it (Build keeps the later one); a repeat found
		// by content keeps the first file's label and has the same
		// findings, so the first entry stays right.
		label := in.Source
		if in.Bundle.Host != nil && in.Bundle.Host.Label != "" {
			label = in.Bundle.Host.Label
		}
		sig := in.Signature
		drill[label] = view.FleetMachine{Label: label, Findings: f, Signature: &sig}
		index[label] = i
	}
	out := &view.Fleet{Fleet: fleet.Build(machines)}
	for _, row := range out.Fleet.Machines {
		if m, ok := drill[row.Label]; ok {
			out.Machines = append(out.Machines, m)
			kept = append(kept, index[row.Label])
		}
	}
	sort.Ints(kept)
	return out, kept
}

// fleetOf returns the fleet view for files that are all bundles from
// more than one machine, else nil: one machine is a plain report. kept
// are the inputs that count (see Fleet).
func fleetOf(files []File, ins []*model.Input, sigs []view.Signature, version string) (*view.Fleet, []*model.Input) {
	if len(ins) < 2 || len(ins) != len(files) {
		return nil, nil
	}
	var fis []FleetInput
	for i, in := range ins {
		if in.Kind != model.InputBundle || in.Bundle == nil {
			return nil, nil
		}
		fis = append(fis, FleetInput{Source: files[i].Name, Bundle: in.Bundle, Signature: sigs[i]})
	}
	vf, idx := Fleet(fis, version)
	if len(vf.Fleet.Machines) < 2 {
		return nil, nil
	}
	var kept []*model.Input
	for _, i := range idx {
		kept = append(kept, ins[i])
	}
	return vf, kept
}
