package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/internal/injdata"
	"github.com/assay-mcp/assay/report/inject"
)

// crossValidate holds out one source file at a time (each file is one
// author's writing session): it trains on every other file and the benign
// corpora, then scores only the held-out file. Splitting by file, not at
// random, measures what matters: recall on wording the model never saw.
// skip names files left out of the report (still trained on in the other
// folds), so figures stay comparable when a training file is added; only,
// when not empty, names the only files reported; list prints every miss
// and false alarm.
func crossValidate(root string, skip, only map[string]bool, list bool) error {
	sets, err := injdata.Sets(root)
	if err != nil {
		return err
	}
	byFile := map[string][]injdata.Labelled{}
	var files []string
	for _, l := range sets {
		if byFile[l.Set] == nil {
			files = append(files, l.Set)
		}
		byFile[l.Set] = append(byFile[l.Set], l)
	}
	sort.Strings(files)
	per := map[string]*tally{}
	fp, nb := 0, 0
	for _, f := range files {
		if skip[f] || len(only) > 0 && !only[f] {
			continue
		}
		ex, err := injdata.ExamplesExcept(root, map[string]bool{f: true})
		if err != nil {
			return err
		}
		inject.UseWeights(inject.Train(ex, nil))
		fh, fn, ffp, fnb := 0, 0, 0, 0
		for _, l := range byFile[f] {
			s := injdata.ServerFor(l)
			fs := inject.ScanServer(&s, nil)
			if l.Class == "" {
				fnb++
				if len(fs) > 0 {
					ffp++
					if list {
						fmt.Printf("FP %s %s: %s | %s\n", f, inject.ClassOfID(fs[0].ID), clip(l.Text), fs[0].Evidence)
					}
				}
				continue
			}
			want := injdata.Name(l.Class)
			if per[want] == nil {
				per[want] = &tally{}
			}
			per[want].n++
			fn++
			if rightClass(want, fs) {
				per[want].hit++
				fh++
			} else if list {
				var got []string
				for _, x := range fs {
					got = append(got, inject.ClassOfID(x.ID))
				}
				rules, sc, th := inject.Explain(l.Text, injdata.Kind(l.Where), l.Scope())
				fmt.Printf("MISS %s %s got %v: %s | %v %d/%d\n", f, want, got, clip(l.Text), rules, sc, th)
			}
		}
		fp, nb = fp+ffp, nb+fnb
		fmt.Printf("cv %-18s recall %3d/%3d  benign flagged %3d/%3d\n", f, fh, fn, ffp, fnb)
	}
	hit, tot := printRecall("cv", per)
	fmt.Printf("cv recall overall %d/%d = %.1f%%; cv benign flagged %d/%d = %.1f%%\n", hit, tot,
		100*float64(hit)/float64(max(tot, 1)), fp, nb, 100*float64(fp)/float64(max(nb, 1)))
	return nil
}

// splitSet parses a comma-separated list of set names.
func splitSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, x := range strings.Split(s, ",") {
		if x != "" {
			m[x] = true
		}
	}
	return m
}
