package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// hintsYardstick compares classification with the vendors' own
// annotations: for every npm-corpus server outside the frozen half whose
// tools declare readOnlyHint, classify with the annotations removed and
// compare read (readOnlyHint: true) against not read (false); verbose
// lists the tools that disagree.
//
// dirs, when given, are directories of other captures (same format) to
// read instead: fresh captures no rule was written against make this a
// held-out yardstick.
func hintsYardstick(verbose bool, dirs []string) error {
	var files [][2]string // directory, file
	if len(dirs) == 0 {
		names, err := unfrozenFiles()
		if err != nil {
			return err
		}
		for _, fn := range names {
			files = append(files, [2]string{at(surfaceDir), fn})
		}
	}
	for _, d := range dirs {
		names, err := captureFiles(d)
		if err != nil {
			return fmt.Errorf("capture directory: %w", err)
		}
		for _, fn := range names {
			files = append(files, [2]string{d, fn})
		}
	}
	b := &model.Bundle{Kind: model.BundleKind}
	declared := []map[string]bool{}
	for _, df := range files {
		s, err := loadServerFrom(df[0], df[1], false)
		if err != nil {
			return err
		}
		ro := map[string]bool{}
		for i, raw := range s.Tools {
			var t struct {
				Name        string
				Annotations struct {
					ReadOnlyHint *bool `json:"readOnlyHint"`
				}
			}
			if json.Unmarshal(raw, &t) == nil && t.Annotations.ReadOnlyHint != nil {
				ro[t.Name] = *t.Annotations.ReadOnlyHint
			}
			s.Tools[i] = stripAnnotations(raw)
		}
		if len(ro) == 0 {
			continue
		}
		b.Servers = append(b.Servers, s)
		declared = append(declared, ro)
	}
	f := classifyBundle(b)
	n, agree, tools := 0, 0, 0
	var roTrue, roFalse, roTrueAgree, roFalseAgree int
	for i := range f.Servers {
		for _, t := range f.Servers[i].Tools {
			want, ok := declared[i][t.Name]
			if !ok {
				continue
			}
			tools++
			n++
			read := t.Effect == model.EffectRead
			if want {
				roTrue++
				if read {
					roTrueAgree++
				}
			} else {
				roFalse++
				if !read && t.Effect != model.EffectUnknown {
					roFalseAgree++
				}
			}
			if read == want && t.Effect != model.EffectUnknown {
				agree++
			} else if verbose {
				fmt.Printf("hint readOnly=%t, got %s: %s / %s\n", want, t.Effect, b.Servers[i].Name, t.Name)
			}
		}
	}
	what := "frozen half excluded"
	if len(dirs) > 0 {
		what = strings.Join(dirs, ", ")
	}
	fmt.Printf("servers declaring readOnlyHint (%s): %d; tools: %d\n", what, len(b.Servers), tools)
	fmt.Printf("read-vs-not agreement with the stripped hints: %.1f%% (%d/%d)\n", 100*float64(agree)/float64(max(n, 1)), agree, n)
	fmt.Printf("  readOnlyHint true  -> read:     %d/%d\n", roTrueAgree, roTrue)
	fmt.Printf("  readOnlyHint false -> not read: %d/%d\n", roFalseAgree, roFalse)
	return nil
}

// unfrozenFiles lists the npm-corpus captures outside the frozen half
// (whose file names alone are read from its labels).
func unfrozenFiles() ([]string, error) {
	var frozen struct{ Items []label }
	if err := readJSON(at(benchDir, "frozen-v2", "labels_a.json"), &frozen); err != nil {
		return nil, err
	}
	skip := map[string]bool{}
	for _, l := range frozen.Items {
		skip[l.File] = true
	}
	all, err := captureFiles(at(surfaceDir))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, fn := range all {
		if !skip[fn] {
			names = append(names, fn)
		}
	}
	return names, nil
}

// captureFiles are the capture files (*.json) of dir, sorted.
func captureFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// corpus prints the effect distribution over the unfrozen npm corpus and,
// verbose, the unknown tools.
func corpus(verbose bool) error {
	names, err := unfrozenFiles()
	if err != nil {
		return err
	}
	b := &model.Bundle{Kind: model.BundleKind}
	for _, fn := range names {
		s, err := loadServer(fn, true)
		if err != nil {
			return err
		}
		b.Servers = append(b.Servers, s)
	}
	f := classifyBundle(b)
	count := map[string]int{}
	n := 0
	for i, s := range f.Servers {
		for _, t := range s.Tools {
			n++
			count[t.Effect]++
			if verbose && t.Effect == model.EffectUnknown {
				fmt.Printf("unknown: %s / %s\n", names[i], t.Name)
			}
		}
	}
	fmt.Printf("servers %d, tools %d:", len(f.Servers), n)
	for _, e := range effects {
		fmt.Printf(" %s %d (%.1f%%)", e, count[e], 100*float64(count[e])/float64(max(n, 1)))
	}
	fmt.Println()
	return nil
}
