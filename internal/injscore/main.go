// Command injscore scores report/inject on a frozen injection set and
// prints only aggregates (recall per class, hard-benign false alarms per
// family), never an item:
//
//	go run ./internal/injscore testdata/injection/frozen-v2/injection_frozen_v2.json
//
// A hit counts only when a finding's class (inject.ClassOfID) is the
// item's class. A benign item is a false alarm when any injection finding
// is made on it. A frozen set is scored once; docs/injection.md records
// that first score and the ratchet test keeps it.
package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
)

// Item is one entry of a set (format assay.injection-set/v1).
type Item struct {
	ID     string `json:"id"`
	Class  string `json:"class"`
	Family string `json:"family"`
	Label  string `json:"label"`
	Where  string `json:"where"`
	Param  string `json:"param"`
	B64    string `json:"b64"`
	Tool   struct {
		Name   string   `json:"name"`
		Params []string `json:"params"`
	} `json:"tool"`
	// Siblings are other tools of the same server that the text names (a
	// deprecation pointing at its own successor, a usage note naming the
	// lookup to call first). They are served beside the item's tool, as a
	// real server would list them, so the text is judged in that scope.
	Siblings []string `json:"siblings"`
}

// Tally is hits (or false alarms) out of n.
type Tally struct{ N, Hit int }

// Result is the aggregate score of a set.
type Result struct {
	Recall   map[string]*Tally // by attack class
	FP       map[string]*Tally // by benign family
	Attacks  Tally
	Benign   Tally
	Unplaced int // items whose where was not understood (scored as placed in the description)
}

// Load reads every item of a set: any array of objects with a b64 field.
func Load(path string) ([]Item, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(doc))
	for k := range doc {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []Item
	for _, k := range keys {
		var items []Item
		if json.Unmarshal(doc[k], &items) != nil {
			continue
		}
		for _, it := range items {
			if it.B64 != "" {
				out = append(out, it)
			}
		}
	}
	return out, nil
}

// attack reports an attack item.
func (it Item) attack() bool {
	switch {
	case it.Label != "":
		return it.Label == "attack"
	case it.Family != "":
		return false
	case it.Class != "" && it.Class != "benign":
		return true
	}
	return len(it.ID) > 0 && it.ID[0] == 'a' // ids a001… are attacks, b001… benign

}

// Score scans every item placed where the set says.
func Score(items []Item) (*Result, error) {
	r := &Result{Recall: map[string]*Tally{}, FP: map[string]*Tally{}}
	for _, it := range items {
		b, err := base64.StdEncoding.DecodeString(it.B64)
		if err != nil {
			return nil, fmt.Errorf("item %s: b64: %v", it.ID, err)
		}
		s, placed := server(it, string(b))
		if !placed {
			r.Unplaced++
		}
		fs := inject.ScanServer(s, nil)
		if it.attack() {
			t := r.Recall[it.Class]
			if t == nil {
				t = &Tally{}
				r.Recall[it.Class] = t
			}
			t.N++
			r.Attacks.N++
			for _, f := range fs {
				if inject.ClassOfID(f.ID) == it.Class {
					t.Hit++
					r.Attacks.Hit++
					break
				}
			}
			continue
		}
		t := r.FP[it.Family]
		if t == nil {
			t = &Tally{}
			r.FP[it.Family] = t
		}
		t.N++
		r.Benign.N++
		if len(fs) > 0 {
			t.Hit++
			r.Benign.Hit++
		}
	}
	return r, nil
}

// server builds a server carrying text where the item says: the item's
// tool and any siblings it declares.
func server(it Item, text string) (*model.Server, bool) {
	name := it.Tool.Name
	if name == "" {
		name = "tool"
	}
	props := map[string]any{}
	for _, p := range it.Tool.Params {
		props[p] = map[string]any{"type": "string"}
	}
	def := map[string]any{"name": name, "description": "", "inputSchema": map[string]any{"type": "object", "properties": props}}
	s := &model.Server{Name: "frozen", Identity: "frozen", Transport: "surface"}
	placed := true
	switch it.Where {
	case "param_description":
		p := it.Param
		if p == "" {
			p = "input"
		}
		props[p] = map[string]any{"type": "string", "description": text}
	case "instructions":
		s.Instructions = &text
		def = nil
	case "prompt_description":
		raw, _ := json.Marshal(map[string]any{"name": name, "description": text})
		s.Prompts = []json.RawMessage{raw}
		def = nil
	case "resource_description":
		raw, _ := json.Marshal(map[string]any{"uri": name, "name": name, "description": text})
		s.Resources = []json.RawMessage{raw}
		def = nil
	case "tool_title":
		def["title"] = text
	case "description":
		def["description"] = text
	default:
		def["description"] = text
		placed = false
	}
	if def != nil {
		raw, _ := json.Marshal(def)
		s.Tools = []json.RawMessage{raw}
	}
	for _, sib := range it.Siblings {
		raw, _ := json.Marshal(map[string]any{"name": sib, "description": "", "inputSchema": map[string]any{"type": "object"}})
		s.Tools = append(s.Tools, raw)
	}
	return s, placed
}

func pct(t Tally) string {
	if t.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d = %.1f%%", t.Hit, t.N, 100*float64(t.Hit)/float64(t.N))
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: injscore SET.json")
		os.Exit(64)
	}
	items, err := Load(os.Args[1])
	if err == nil && len(items) == 0 {
		err = fmt.Errorf("no items")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "injscore:", err)
		os.Exit(65)
	}
	r, err := Score(items)
	if err != nil {
		fmt.Fprintln(os.Stderr, "injscore:", err)
		os.Exit(65)
	}
	fmt.Print(Report(r))
}

// Report renders the aggregates.
func Report(r *Result) string {
	out := "recall by class (a hit needs the right class):\n"
	for _, k := range sortedKeys(r.Recall) {
		out += fmt.Sprintf("  %-18s %s\n", k, pct(*r.Recall[k]))
	}
	out += fmt.Sprintf("overall recall: %s\n", pct(r.Attacks))
	out += "hard-benign false alarms by family:\n"
	for _, k := range sortedKeys(r.FP) {
		out += fmt.Sprintf("  %-22s %s\n", k, pct(*r.FP[k]))
	}
	out += fmt.Sprintf("overall benign false-alarm rate: %s\n", pct(r.Benign))
	if r.Unplaced > 0 {
		out += fmt.Sprintf("items with an unknown place (scored as descriptions): %d\n", r.Unplaced)
	}
	return out
}

func sortedKeys(m map[string]*Tally) []string {
	var k []string
	for x := range m {
		k = append(k, x)
	}
	sort.Strings(k)
	return k
}
