// Command injtrain trains the injection scorer (report/inject) and writes
// its weights, bit for bit the same on every run:
//
//	go run ./internal/injtrain              # writes report/inject/weights.bin
//	go run ./internal/injtrain -eval        # recall and false alarms on the tuning sets and real corpora
//	go run ./internal/injtrain -cv-files    # leave-one-file-out cross-validation
//
// The training data is listed in package internal/injdata; the frozen set
// is never read.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/internal/injdata"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

func main() {
	out := flag.String("o", "", "weights file (default report/inject/weights.bin)")
	eval := flag.Bool("eval", false, "print tuning-set recall and corpus false alarms instead of training")
	list := flag.Bool("list", false, "with -eval or -cv-files: list every flagged string and missed attack")
	md := flag.Bool("corpus-md", false, "print every flagged npm corpus tool as markdown (for docs/injection.md)")
	cv := flag.String("cv", "", "with -eval: train without these comma-separated sets first and score only them")
	byFile := flag.Bool("cv-files", false, "leave-one-file-out cross-validation over the tuning and training sets")
	cvSkip := flag.String("cv-skip", "", "with -cv-files: comma-separated files not reported (still trained on)")
	wfile := flag.String("w", "", "with -eval: score with this weights file instead of the committed one")
	cvOnly := flag.String("cv-only", "", "with -cv-files: report only these comma-separated files")
	flag.Parse()
	root := injdata.Root()
	if *byFile {
		if err := crossValidate(root, splitSet(*cvSkip), splitSet(*cvOnly), *list); err != nil {
			fmt.Fprintln(os.Stderr, "injtrain:", err)
			os.Exit(1)
		}
		return
	}
	if *md {
		if err := corpusMarkdown(root); err != nil {
			fmt.Fprintln(os.Stderr, "injtrain:", err)
			os.Exit(1)
		}
		return
	}
	if *eval {
		if *wfile != "" {
			b, err := os.ReadFile(*wfile)
			if err != nil {
				fmt.Fprintln(os.Stderr, "injtrain:", err)
				os.Exit(1)
			}
			inject.UseWeights(b)
		}
		var only map[string]bool
		if *cv != "" {
			only = map[string]bool{}
			for _, s := range strings.Split(*cv, ",") {
				only[s] = true
			}
			ex, err := injdata.ExamplesExcept(root, only)
			if err != nil {
				fmt.Fprintln(os.Stderr, "injtrain:", err)
				os.Exit(1)
			}
			inject.UseWeights(inject.Train(ex, nil))
		}
		if err := evaluate(root, *list, only); err != nil {
			fmt.Fprintln(os.Stderr, "injtrain:", err)
			os.Exit(1)
		}
		return
	}
	w, err := Weights(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "injtrain:", err)
		os.Exit(1)
	}
	path := *out
	if path == "" {
		path = filepath.Join(root, "report", "inject", "weights.bin")
	}
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, w) {
		fmt.Println("weights unchanged:", path)
		return
	}
	if err := os.WriteFile(path, w, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "injtrain:", err)
		os.Exit(1)
	}
	fmt.Println("wrote", path)
}

// Weights trains on the repository's training data.
func Weights(root string) ([]byte, error) {
	ex, err := injdata.Examples(root)
	if err != nil {
		return nil, err
	}
	return inject.Train(ex, nil), nil
}

func evaluate(root string, list bool, only map[string]bool) error {
	sets, err := injdata.Sets(root)
	if err != nil {
		return err
	}
	per := map[string]*tally{}
	fp, nb := 0, 0
	bySet := map[string]*[4]int{} // recall hits, attacks, benign flagged, benign
	var setNames []string
	for _, l := range sets {
		if only != nil && !only[l.Set] {
			continue
		}
		st := bySet[l.Set]
		if st == nil {
			st = &[4]int{}
			bySet[l.Set] = st
			setNames = append(setNames, l.Set)
		}
		s := injdata.ServerFor(l)
		fs := inject.ScanServer(&s, nil)
		if l.Class == "" {
			nb++
			st[3]++
			if len(fs) > 0 {
				fp++
				st[2]++
				if list {
					fmt.Printf("FP %s: %s | %s\n", l.Set, clip(l.Text), fs[0].Evidence)
				}
			}
			continue
		}
		want := injdata.Name(l.Class)
		t := per[want]
		if t == nil {
			t = &tally{}
			per[want] = t
		}
		t.n++
		st[1]++
		if rightClass(want, fs) {
			t.hit++
			st[0]++
		} else if list {
			rules, sc, th := inject.Explain(l.Text, injdata.Kind(l.Where), l.Scope())
			fmt.Printf("MISS %s %s: %s | %v %d/%d\n", l.Set, want, clip(l.Text), rules, sc, th)
		}
	}
	if only != nil {
		for _, n := range setNames {
			st := bySet[n]
			fmt.Printf("held out %-18s recall %3d/%3d = %5.1f%%  benign flagged %3d/%3d\n", n, st[0], st[1], 100*float64(st[0])/float64(max(st[1], 1)), st[2], st[3])
		}
	}
	hit, tot := printRecall("tuning", per)
	fmt.Printf("tuning recall overall %d/%d = %.1f%%; tuning benign flagged %d/%d\n", hit, tot, 100*float64(hit)/float64(tot), fp, nb)
	for _, which := range []string{"npm", "corpus"} {
		servers, err := injdata.Corpus(root, which)
		if err != nil {
			return err
		}
		for half := 0; half < 2; half++ {
			tools, flagged := 0, 0
			for i, s := range servers {
				if which == "npm" && i%2 != half {
					continue
				}
				tools += len(s.Server.Tools)
				byTool := map[string]bool{}
				for _, f := range inject.ScanServer(&s.Server, nil) {
					if f.Tool != "" && !byTool[f.Tool] {
						byTool[f.Tool] = true
						flagged++
						if list {
							fmt.Printf("CORPUS %s %s %s %s\n", s.File, f.ID, f.Element, clip(f.Evidence))
						}
					}
				}
			}
			label := which
			if which == "npm" {
				label = fmt.Sprintf("npm half %d (%s)", half, map[int]string{0: "trained on", 1: "not trained on"}[half])
			}
			fmt.Printf("%s: %d of %d tools flagged = %.2f%%\n", label, flagged, tools, 100*float64(flagged)/float64(max(tools, 1)))
			if which == "corpus" {
				break
			}
		}
	}
	return nil
}

// tally counts attacks of one class and the ones found.
type tally struct{ n, hit int }

// printRecall prints recall per class and returns the totals.
func printRecall(label string, per map[string]*tally) (hit, tot int) {
	var names []string
	for k, t := range per {
		names = append(names, k)
		tot += t.n
		hit += t.hit
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Printf("%s recall %-18s %3d/%3d = %5.1f%%\n", label, k, per[k].hit, per[k].n, 100*float64(per[k].hit)/float64(per[k].n))
	}
	return hit, tot
}

// rightClass reports a finding of the class a set labelled (i18n and
// split payloads count with any class): recall needs the right class.
func rightClass(want string, fs []model.Finding) bool {
	for _, f := range fs {
		c := inject.ClassOfID(f.ID)
		if c == want || (want == "i18n" || want == "split") && c != "" {
			return true
		}
	}
	return false
}

func clip(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 220 {
		s = s[:220]
	}
	return fmt.Sprintf("%q", s)
}

// corpusMarkdown lists every finding on the npm corpus with the text it is
// about.
func corpusMarkdown(root string) error {
	servers, err := injdata.Corpus(root, "npm")
	if err != nil {
		return err
	}
	fmt.Println("| server | finding | element | text (first 300 bytes) |")
	fmt.Println("|---|---|---|---|")
	for _, s := range servers {
		v := surface.New(&s.Server)
		texts := map[string]string{}
		for _, t := range v.Texts {
			texts[t.Element] = t.Value
		}
		for _, f := range inject.ScanServer(&s.Server, nil) {
			t := texts[f.Element]
			if len(t) > 300 {
				t = t[:300] + "…"
			}
			fmt.Printf("| %s | %s | `%s` | %s |\n", s.File, f.ID, cell(f.Element), cell(fmt.Sprintf("%q", t)))
		}
	}
	return nil
}

// cell escapes a markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ", "`", "'").Replace(s)
}
