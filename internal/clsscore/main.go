// Command clsscore scores capability classification against the labelled
// benchmark in testdata/classification/bench (see docs/classification.md).
//
//	go run ./internal/clsscore -set tuning [-v]   the first tuning half; -v lists every disagreement
//	go run ./internal/clsscore -set frozen [-v]   frozen-v2: scored once at a11e728, a tuning set
//	                                              from round 3 (so -v lists its disagreements)
//	go run ./internal/clsscore -set pool [-half dev|held] [-v]
//	                                              tuning + frozen-v2 (727 tools); -half keeps one
//	                                              half of its servers (split by a hash of the file
//	                                              name) to estimate generalisation while tuning
//	go run ./internal/clsscore -set frozen-v3 [-dir D] [-v]
//	                                              a labelled set kept apart: D/labels_a.json,
//	                                              D/labels_b.json and D/surfaces/<file> (D defaults
//	                                              to bench/frozen-v3). frozen-v3 and its supplement
//	                                              are spent (tuning sets from round 4), so -v lists
//	                                              their disagreements; never pass -v on a fresh set
//	go run ./internal/clsscore -set all [-v] [-dump F]
//	                                              every labelled tuning tool (pool, frozen-v3 and its
//	                                              supplement, 1,111 tools) with one line per part;
//	                                              -dump writes one TSV line per tool (part, file,
//	                                              tool, label, Assay) to compare two commits
//	go run ./internal/clsscore -explain FILE      every tool of one npm-corpus capture, with evidence
//	go run ./internal/clsscore -set hints [-v]    vendor annotations as a yardstick; -v lists disagreements
//	go run ./internal/clsscore -set corpus [-v]   effects over the npm corpus, frozen-v2 servers left
//	                                              out; -v lists the unknown tools (for regressions)
//
// Each labelled tool is classified as part of its whole captured server
// (testdata/npmcorpus/surfaces, or the set's own surfaces), with vendor
// annotations removed as the reviewers saw them. A held-out set is scored
// once: this program prints only aggregate figures for it, so no rule can
// be tuned on its items. Run from the repository root.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/classify"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// The benchmark and the captures, relative to the repository root (tests
// run from their package directory and set root).
var (
	root       = "."
	benchDir   = "testdata/classification/bench"
	surfaceDir = "testdata/npmcorpus/surfaces"
)

func at(p ...string) string { return filepath.Join(append([]string{root}, p...)...) }

// label is one reviewer's verdict on one tool.
type label struct {
	File, Tool    string
	Effect        string
	Kinds         []string
	EgressChannel string `json:"egress_channel"`
}

func main() {
	set := flag.String("set", "tuning", "tuning, frozen, pool, frozen-v3, hints or corpus")
	verbose := flag.Bool("v", false, "tuning, frozen, pool, hints and corpus: list every disagreement or unknown tool")
	half := flag.String("half", "", "pool: dev or held (one half of the pool's servers); empty for all")
	dir := flag.String("dir", "", "frozen-v3: the set's directory (default "+benchDir+"/frozen-v3); hints: comma-separated directories of captures to read instead of the npm corpus")
	dump := flag.String("dump", "", "all: write one TSV line per labelled tool to this file")
	explain := flag.String("explain", "", "a capture file in testdata/npmcorpus/surfaces: print every tool's verdict and evidence")
	flag.Parse()
	var err error
	if *explain != "" {
		*set = "explain"
	}
	switch *set {
	case "explain":
		err = explainFile(*explain)
	case "tuning":
		err = tuning(*verbose)
	case "frozen":
		err = frozen(*verbose)
	case "pool":
		err = pool(*half, *verbose)
	case "frozen-v3":
		err = frozenV3(*dir, *verbose)
	case "all":
		err = all(*verbose, *dump)
	case "hints":
		var dirs []string
		if *dir != "" {
			dirs = strings.Split(*dir, ",")
		}
		err = hintsYardstick(*verbose, dirs)
	case "corpus":
		err = corpus(*verbose)
	default:
		err = fmt.Errorf("unknown set %q", *set)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "clsscore:", err)
		os.Exit(1)
	}
}

func tuning(verbose bool) error {
	a, b, err := tuningLabels()
	if err != nil {
		return err
	}
	got, err := classifyLabelled(a, at(surfaceDir))
	return show(a, b, got, err, verbose)
}

// tuningLabels reads both reviewers' labels of tuning.json.
func tuningLabels() (a, b []label, err error) {
	var doc struct {
		Items []struct {
			File      string          `json:"file"`
			Tool      json.RawMessage `json:"tool"`
			ReviewerA *label          `json:"reviewerA"`
			ReviewerB *label          `json:"reviewerB"`
		} `json:"items"`
	}
	if err := readJSON(at(benchDir, "tuning.json"), &doc); err != nil {
		return nil, nil, err
	}
	for _, it := range doc.Items {
		var name struct{ Name string }
		_ = json.Unmarshal(it.Tool, &name)
		if it.ReviewerA != nil {
			l := *it.ReviewerA
			l.File, l.Tool = it.File, name.Name
			a = append(a, l)
		}
		if it.ReviewerB != nil {
			l := *it.ReviewerB
			l.File, l.Tool = it.File, name.Name
			b = append(b, l)
		}
	}
	return a, b, nil
}

// show prints a scoring and, when asked, the disagreements behind it.
func show(a, b []label, got map[string]*model.ToolReport, err error, disagreements bool) error {
	if err != nil {
		return err
	}
	report(a, b, got)
	if disagreements {
		listDisagreements(a, got)
	}
	return nil
}

// frozen scores frozen-v2, a tuning set since its first score.
func frozen(disagreements bool) error {
	a, b, got, err := scoreFrozen()
	return show(a, b, got, err, disagreements)
}

// scoreFrozen classifies frozen-v2 and returns both reviewers' labels
// and Assay's reports.
func scoreFrozen() (a, b []label, got map[string]*model.ToolReport, err error) {
	a, b, err = readLabels(at(benchDir, "frozen-v2"))
	if err != nil {
		return nil, nil, nil, err
	}
	got, err = classifyLabelled(a, at(surfaceDir))
	return a, b, got, err
}

// readLabels reads dir/labels_a.json and dir/labels_b.json.
func readLabels(dir string) (a, b []label, err error) {
	var la, lb struct{ Items []label }
	if err := readJSON(filepath.Join(dir, "labels_a.json"), &la); err != nil {
		return nil, nil, err
	}
	if err := readJSON(filepath.Join(dir, "labels_b.json"), &lb); err != nil {
		return nil, nil, err
	}
	return la.Items, lb.Items, nil
}

// pool scores tuning.json and frozen-v2 together, or one half of their
// servers: "dev" (tuned on) or "held" (kept out while tuning, an
// indicative estimate of how changes carry over to unseen servers).
func pool(half string, disagreements bool) error {
	a, b, got, err := scorePool(half)
	return show(a, b, got, err, disagreements)
}

func scorePool(half string) (a, b []label, got map[string]*model.ToolReport, err error) {
	if half != "" && half != "dev" && half != "held" {
		return nil, nil, nil, fmt.Errorf("-half %q: want dev or held", half)
	}
	ta, tb, err := tuningLabels()
	if err != nil {
		return nil, nil, nil, err
	}
	fa, fb, err := readLabels(at(benchDir, "frozen-v2"))
	if err != nil {
		return nil, nil, nil, err
	}
	keep := func(ls []label) []label {
		var out []label
		for _, l := range ls {
			if half == "" || (half == "held") == heldServer(l.File) {
				out = append(out, l)
			}
		}
		return out
	}
	a, b = keep(append(ta, fa...)), keep(append(tb, fb...))
	got, err = classifyLabelled(a, at(surfaceDir))
	return a, b, got, err
}

// heldServer puts a server in the held half of the pool by an FNV-1a hash
// of its capture's file name: fixed before any rule of round 3 changed,
// and independent of labels and verdicts.
func heldServer(file string) bool {
	h := fnv.New32a()
	h.Write([]byte(file))
	return h.Sum32()%2 == 1
}

// frozenV3 scores a fresh held-out set once: aggregates only. Its servers
// are captured into the set's own surfaces directory.
func frozenV3(dir string, disagreements bool) error {
	if dir == "" {
		dir = at(benchDir, "frozen-v3")
	}
	a, b, got, err := scoreSet(dir)
	return show(a, b, got, err, disagreements)
}

// all scores every labelled tuning set: the pool (tuning.json and
// frozen-v2) and the spent frozen-v3 with its supplement, each part on one
// line and then together. dump, when set, receives one line per tool so
// that two commits' verdicts can be compared tool by tool.
func all(disagreements bool, dump string) error {
	type part struct {
		name string
		a, b []label
		got  map[string]*model.ToolReport
	}
	var parts []part
	pa, pb, pg, err := scorePool("")
	if err != nil {
		return err
	}
	parts = append(parts, part{"pool", pa, pb, pg})
	for _, d := range []string{"frozen-v3", "frozen-v3-supplement"} {
		a, b, g, err := scoreSet(at(benchDir, d))
		if err != nil {
			return err
		}
		parts = append(parts, part{d, a, b, g})
	}
	var lines []string
	allA, allB := []label{}, []label{}
	allGot := map[string]*model.ToolReport{}
	for _, p := range parts {
		sc := compute(p.a, p.b, p.got)
		fmt.Printf("%-22s effect %s  read-vs-not %s  unknown %d  %s\n", p.name, pctOf(sc.agree, sc.n), pctOf(sc.readAgree, sc.n), sc.unknown, kindLine(sc))
		for _, l := range p.a {
			// Keys are unique across parts: the parts' servers differ.
			l2 := l
			l2.File = p.name + "/" + l.File
			allA = append(allA, l2)
			if g := p.got[key(l)]; g != nil {
				allGot[key(l2)] = g
				lines = append(lines, strings.Join([]string{p.name, l.File, l.Tool, l.Effect, strings.Join(sortedKinds(l.Kinds), ","), g.Effect, strings.Join(sortedKinds(g.Kinds), ","), evidenceLine(g)}, "\t"))
			}
		}
		for _, l := range p.b {
			l2 := l
			l2.File = p.name + "/" + l.File
			allB = append(allB, l2)
		}
	}
	fmt.Println()
	report(allA, allB, allGot)
	if disagreements {
		listDisagreements(allA, allGot)
	}
	if dump != "" {
		return os.WriteFile(dump, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	}
	return nil
}

func pctOf(x, y int) string {
	if y == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(x)/float64(y), x, y)
}

// kindLine is the precision and recall of the three kinds that matter most.
func kindLine(sc *score) string {
	var out []string
	for _, k := range []string{model.KindCodeExec, model.KindDestructive, model.KindEgress} {
		c := sc.kinds[k]
		out = append(out, fmt.Sprintf("%s P %d/%d R %d/%d", k, c.tp, c.tp+c.fp, c.tp, c.tp+c.fn))
	}
	return strings.Join(out, "  ")
}

// evidenceLine is a tool's evidence on one line: signal, pointer, detail
// and what it sets.
func evidenceLine(t *model.ToolReport) string {
	var out []string
	for _, e := range t.Evidence {
		out = append(out, fmt.Sprintf("%s %s %s %v", e.Signal, e.Pointer, strings.ReplaceAll(e.Detail, "\t", " "), e.Sets))
	}
	return strings.Join(out, " ;; ")
}

func sortedKinds(ks []string) []string {
	out := append([]string(nil), ks...)
	sort.Strings(out)
	return out
}

// scoreSet classifies a labelled set kept in dir (labels_a.json,
// labels_b.json, surfaces/<file>).
func scoreSet(dir string) (a, b []label, got map[string]*model.ToolReport, err error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, nil, nil, fmt.Errorf("set directory %s: %w (it holds labels_a.json, labels_b.json and surfaces/)", dir, err)
	}
	a, b, err = readLabels(dir)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(a) == 0 {
		return nil, nil, nil, fmt.Errorf("%s: labels_a.json has no items", dir)
	}
	got, err = classifyLabelled(a, filepath.Join(dir, "surfaces"))
	return a, b, got, err
}

func key(l label) string { return l.File + "\x00" + l.Tool }

// classifyLabelled classifies every server named by the labels, whole and
// with annotations removed, and returns the reports of the labelled tools.
func classifyLabelled(ls []label, surfaces string) (map[string]*model.ToolReport, error) {
	files := map[string]bool{}
	for _, l := range ls {
		files[l.File] = true
	}
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	b := &model.Bundle{Kind: model.BundleKind}
	for _, fn := range names {
		s, err := loadServerFrom(surfaces, fn, true)
		if err != nil {
			return nil, err
		}
		b.Servers = append(b.Servers, s)
	}
	f := classifyBundle(b)
	out := map[string]*model.ToolReport{}
	for i := range f.Servers {
		for j := range f.Servers[i].Tools {
			t := &f.Servers[i].Tools[j]
			k := names[i] + "\x00" + t.Name
			if _, dup := out[k]; !dup {
				out[k] = t
			}
		}
	}
	return out, nil
}

func classifyBundle(b *model.Bundle) *model.Findings {
	f := &model.Findings{Kind: model.FindingsKind, Findings: []model.Finding{}}
	views := make([]*surface.Server, len(b.Servers))
	for i := range b.Servers {
		views[i] = surface.New(&b.Servers[i])
		sr := model.ServerReport{Name: b.Servers[i].Name, Identity: b.Servers[i].Identity}
		for _, t := range views[i].Tools {
			sr.Tools = append(sr.Tools, model.ToolReport{Name: t.Name, Kinds: []string{}, Effect: model.EffectUnknown, Tier: "R0"})
		}
		f.Servers = append(f.Servers, sr)
	}
	classify.ApplyViews(b, views, f, nil, nil)
	return f
}

// loadServer reads one npm-corpus capture as a bundle server named by its
// file.
func loadServer(file string, strip bool) (model.Server, error) {
	return loadServerFrom(at(surfaceDir), file, strip)
}

// loadServerFrom reads dir/file as a bundle server named by the file.
func loadServerFrom(dir, file string, strip bool) (model.Server, error) {
	var c struct {
		ServerInfo   json.RawMessage   `json:"serverInfo"`
		Instructions *string           `json:"instructions"`
		Tools        []json.RawMessage `json:"tools"`
	}
	if err := readJSON(filepath.Join(dir, file), &c); err != nil {
		return model.Server{}, err
	}
	name := strings.TrimSuffix(file, ".json")
	s := model.Server{Name: name, Identity: name + "@surface", Transport: "surface", Source: "surface", ServerInfo: c.ServerInfo, Instructions: c.Instructions}
	for _, raw := range c.Tools {
		if strip {
			raw = stripAnnotations(raw)
		}
		s.Tools = append(s.Tools, raw)
	}
	return s, nil
}

func stripAnnotations(raw json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return raw
	}
	delete(m, "annotations")
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return out
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

func has(ks []string, k string) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

var effects = []string{model.EffectRead, model.EffectWrite, model.EffectExternal, model.EffectIrreversible, model.EffectUnknown}

// score is the aggregate of one scoring: agreement with reviewer A, the
// confusion matrix, precision and recall of the kinds that matter most,
// the unknown share, and reviewer A–B agreement.
type score struct {
	n, missing, agree, readAgree, unknown int
	conf                                  map[[2]string]int
	kinds                                 map[string]*pr
	shared, same, sameRead                int
}

// pr counts true positives, false positives and false negatives.
type pr struct{ tp, fp, fn int }

func (c *pr) precision() float64 { return ratio(c.tp, c.tp+c.fp) }
func (c *pr) recall() float64    { return ratio(c.tp, c.tp+c.fn) }

func ratio(x, y int) float64 {
	if y == 0 {
		return 0
	}
	return float64(x) / float64(y)
}

func compute(a, b []label, got map[string]*model.ToolReport) *score {
	sc := &score{conf: map[[2]string]int{}, kinds: map[string]*pr{model.KindCodeExec: {}, model.KindDestructive: {}, model.KindEgress: {}}}
	for _, l := range a {
		g := got[key(l)]
		if g == nil {
			sc.missing++
			continue
		}
		sc.n++
		if g.Effect == l.Effect {
			sc.agree++
		}
		if (g.Effect == model.EffectRead) == (l.Effect == model.EffectRead) {
			sc.readAgree++
		}
		if g.Effect == model.EffectUnknown {
			sc.unknown++
		}
		sc.conf[[2]string{l.Effect, g.Effect}]++
		for k, c := range sc.kinds {
			want := has(l.Kinds, k)
			if k == model.KindEgress && l.Effect == model.EffectExternal {
				want = true
			}
			switch gotK := has(g.Kinds, k); {
			case want && gotK:
				c.tp++
			case gotK:
				c.fp++
			case want:
				c.fn++
			}
		}
	}
	byKey := map[string]label{}
	for _, l := range a {
		byKey[key(l)] = l
	}
	for _, l := range b {
		x, ok := byKey[key(l)]
		if !ok {
			continue
		}
		sc.shared++
		if x.Effect == l.Effect {
			sc.same++
		}
		if (x.Effect == model.EffectRead) == (l.Effect == model.EffectRead) {
			sc.sameRead++
		}
	}
	return sc
}

// report prints the aggregate figures of a scoring.
func report(a, b []label, got map[string]*model.ToolReport) {
	sc := compute(a, b, got)
	pct := func(x, y int) string {
		if y == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(x)/float64(y), x, y)
	}
	fmt.Printf("tools scored: %d (labelled but not found: %d)\n", sc.n, sc.missing)
	fmt.Printf("effect agreement with reviewer A: %s\n", pct(sc.agree, sc.n))
	fmt.Printf("read-vs-not agreement with reviewer A: %s\n", pct(sc.readAgree, sc.n))
	fmt.Printf("unknown: %s\n", pct(sc.unknown, sc.n))
	for _, k := range []string{model.KindCodeExec, model.KindDestructive, model.KindEgress} {
		c := sc.kinds[k]
		fmt.Printf("%s: precision %s, recall %s\n", k, pct(c.tp, c.tp+c.fp), pct(c.tp, c.tp+c.fn))
	}
	fmt.Printf("\nconfusion (rows: reviewer A, columns: Assay)\n%-13s", "")
	for _, e := range effects {
		fmt.Printf("%13s", e)
	}
	fmt.Println()
	for _, r := range effects[:4] {
		fmt.Printf("%-13s", r)
		for _, c := range effects {
			fmt.Printf("%13d", sc.conf[[2]string{r, c}])
		}
		fmt.Println()
	}
	fmt.Printf("\nreviewer A–B effect agreement: %s; read-vs-not %s\n", pct(sc.same, sc.shared), pct(sc.sameRead, sc.shared))
}

// explainFile prints the verdict and evidence of every tool of one
// capture, classified as the benchmark classifies it (annotations removed).
func explainFile(file string) error {
	s, err := loadServer(file, true)
	if err != nil {
		return err
	}
	f := classifyBundle(&model.Bundle{Kind: model.BundleKind, Servers: []model.Server{s}})
	for _, t := range f.Servers[0].Tools {
		fmt.Printf("\n%s: %s %v\n", t.Name, t.Effect, t.Kinds)
		for _, e := range t.Evidence {
			fmt.Printf("    %s %s %s %v\n", e.Signal, e.Pointer, e.Detail, e.Sets)
		}
	}
	return nil
}

// listDisagreements prints every tool where Assay and reviewer A differ in
// effect or in code_exec, destructive or egress, with Assay's evidence.
func listDisagreements(a []label, got map[string]*model.ToolReport) {
	for _, l := range a {
		g := got[key(l)]
		if g == nil {
			continue
		}
		mark := ""
		if g.Effect != l.Effect {
			mark = "EFFECT"
		}
		for _, k := range []string{model.KindCodeExec, model.KindDestructive, model.KindEgress} {
			if has(l.Kinds, k) != has(g.Kinds, k) {
				mark += " " + k
			}
		}
		if mark == "" {
			continue
		}
		fmt.Printf("\n%s | %s / %s: label %s %v %q; got %s %v\n", mark, l.File, l.Tool, l.Effect, l.Kinds, l.EgressChannel, g.Effect, g.Kinds)
		for _, e := range g.Evidence {
			fmt.Printf("    %s %s %s %v\n", e.Signal, e.Pointer, e.Detail, e.Sets)
		}
	}
}
