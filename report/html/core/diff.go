package core

// Diff compares old → new with the same rules, bits and grouping as
// `assay diff`.
//
// NOT WIRED YET: report/drift has no exported diff entry point in this
// tree. Until it lands the page offers "compare" but the core answers
// with this clear error instead of a wrong diff.
func Diff(old, new []File, meta Meta) *Result {
	if _, _, err := decodeAll(old); err != nil {
		return &Result{Error: "the report's own input: " + err.Error()}
	}
	_, recs, err := decodeAll(new)
	if err != nil {
		return &Result{Error: err.Error(), Files: recs}
	}
	return &Result{Files: recs, Error: "comparing is not available in this build of the core yet (drift engine not wired); use \"Analyse\" or run assay diff"}
}
