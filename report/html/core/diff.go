package core

import (
	"strconv"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
)

// Diff compares old → new with report/drift, the engine behind
// `assay diff`: same rules, bits and grouping. Several files on a side
// are merged into one bundle; a side may also be one findings file.
func Diff(old, new []File, meta Meta) *Result {
	reuse().setLast(nil) // a failed request leaves no documents behind
	meta.step("read")
	oldIns, _, err := decodeAll(old)
	if err != nil {
		return &Result{Error: "the report's own input: " + err.Error()}
	}
	newIns, recs, err := decodeAll(new)
	if err != nil {
		return &Result{Error: err.Error(), Files: recs}
	}
	os, err := side(oldIns, Label(old))
	if err != nil {
		return &Result{Error: "the report's own input: " + err.Error(), Files: recs}
	}
	ns, err := side(newIns, Label(new))
	if err != nil {
		return &Result{Error: err.Error(), Files: recs}
	}
	aopts := meta.options()
	if meta.Progress != nil {
		// After the last pass of an analysis the comparison runs its
		// rules: say so, or the page would show "sealing" for that time.
		aopts.Observe = func(pass string) func() {
			meta.Progress(pass)
			if pass == analyze.PassSeal {
				return func() { meta.Progress("compare") }
			}
			return nil
		}
	}
	// The report's own side was usually analysed already (Warm), and a
	// file compared twice need not be analysed twice.
	oldKey, newKey := inputKey("side", old, meta.Version), inputKey("side", new, meta.Version)
	if os.Bundle != nil {
		os.Analysis = reuse().analysis(oldKey)
	}
	if ns.Bundle != nil {
		ns.Analysis = reuse().analysis(newKey)
	}
	meta.step("compare")
	// The drift document's hashes are computed when it is written
	// ([store.sealed]): the view does not read them.
	res, err := drift.Diff(os, ns, &drift.Options{Analyze: aopts, Version: meta.Version, KeepNew: true, Unhashed: true})
	if err != nil {
		return &Result{Error: "comparing: " + err.Error(), Files: recs}
	}
	reuse().sealLater(res.Findings, hashDrift)
	reuse().keep(oldKey, res.Old)
	reuse().keep(newKey, res.New)
	// The page shows the new side's own analysis plus the drift section:
	// drift.Diff already made it (KeepNew), so the comparison costs two
	// analyses, not three.
	shown := res.Findings
	if res.New != nil {
		shown = res.New
	}
	sigs := signaturesOf(new)
	dv := DiffView(res, os.Name, ns.Name)
	dv.Points = []view.TimePoint{TimePoint(os), TimePoint(ns)}
	d := &view.Doc{Findings: shown, Diff: dv, Signatures: sigs,
		Meta: view.Meta{Mode: "diff", Inputs: names(new), CoreHash: meta.CoreHash, Engine: "WebAssembly core in this page"}}
	r := finish(&Result{OK: true, Files: recs, Findings: shown, DiffFindings: res.Findings, Signatures: sigs}, d, meta)
	if !r.OK {
		return r
	}
	r.Title = os.Name + " → " + ns.Name
	r.Exit = res.Exit
	return r
}

// side merges decoded inputs into one drift side.
func side(ins []*model.Input, name string) (*drift.Side, error) {
	if len(ins) == 1 {
		s := drift.FromInput(ins[0])
		s.Name = name
		return s, nil
	}
	var bs []*model.Bundle
	for _, in := range ins {
		if in.Bundle == nil {
			return nil, errMixed(in.Name)
		}
		bs = append(bs, in.Bundle)
	}
	return &drift.Side{Name: name, Bundle: model.Merge(bs...)}, nil
}

type errMixed string

func (e errMixed) Error() string {
	return string(e) + " is a findings file: compare one findings file, or bundles and surfaces only"
}

// DiffView turns a drift result into the page's drift section.
func DiffView(res *drift.Result, old, new string) *view.Diff {
	d := &view.Diff{Old: old, New: new, Bits: res.Exit, Findings: res.Findings.Findings}
	for _, b := range []struct {
		bit  int
		name string
	}{{drift.BitEscalation, "escalation"}, {drift.BitPrompt, "prompt"}, {drift.BitRemoval, "removal"}, {drift.BitInjection, "injection"}, {drift.BitIncomplete, "incomplete"}, {drift.BitSignature, "signature"}} {
		if res.Exit&b.bit != 0 {
			d.BitNames = append(d.BitNames, itoa(b.bit)+" "+b.name)
		}
	}
	for _, n := range res.NotRun {
		d.Changes = append(d.Changes, "not run: "+n)
	}
	return d
}

// TimePoint describes one side of a comparison for the change timeline:
// its name, collection date (a bundle's createdAt) and tool count.
func TimePoint(s *drift.Side) view.TimePoint {
	p := view.TimePoint{Label: s.Name, Tools: -1}
	switch {
	case s.Bundle != nil:
		if d := s.Bundle.CreatedAt; len(d) >= 10 && isDate(d[:10]) {
			p.Date = d[:10]
		}
		p.Tools = 0
		for _, srv := range s.Bundle.Servers {
			p.Tools += len(srv.Tools)
		}
	case s.Findings != nil:
		p.Tools = 0
		for _, srv := range s.Findings.Servers {
			p.Tools += len(srv.Tools)
		}
	}
	return p
}

// isDate reports whether s is YYYY-MM-DD in digits: a bundle's
// createdAt is input, and only a date is shown from it.
func isDate(s string) bool {
	for i := 0; i < len(s); i++ {
		if (i == 4 || i == 7) != (s[i] == '-') || (s[i] != '-' && (s[i] < '0' || s[i] > '9')) {
			return false
		}
	}
	return len(s) == 10
}

func itoa(n int) string { return strconv.Itoa(n) }
