package synth

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestGenerateDeterministicAndSized(t *testing.T) {
	shapes, err := LoadShapes("../../testdata/surfaces")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := model.Marshal(Generate(shapes, Options{Servers: 3, Tools: 200, Seed: 7}))
	b, _ := model.Marshal(Generate(shapes, Options{Servers: 3, Tools: 200, Seed: 7}))
	if !bytes.Equal(a, b) {
		t.Fatal("same options gave different bundles")
	}
	g := Generate(shapes, Options{Servers: 3, Tools: 200, Seed: 7})
	if len(g.Servers) != 3 || len(g.Servers[0].Tools) != 200 {
		t.Fatalf("got %d servers, %d tools", len(g.Servers), len(g.Servers[0].Tools))
	}
	m := Generate(shapes, Options{Servers: 3, Tools: 200, Seed: 7, Mutate: true})
	if len(m.Servers[0].Tools) == 200 {
		t.Error("mutated version has the same tool count; expected removals and additions")
	}
	names := map[string]bool{}
	for _, raw := range g.Servers[0].Tools {
		in, err := model.Decode("x.json", append(append([]byte(`{"tools":[`), raw...), ']', '}'))
		if err != nil {
			t.Fatal(err)
		}
		_ = in
		names[string(raw)] = true
	}
	if len(names) != 200 {
		t.Error("generated tools are not distinct")
	}
}

// The next version must exercise what diff looks at: removed and added
// tools, reworded descriptions, and descriptions newly naming a tool of
// another server (cross-server references).
func TestMutateChangesWhatDiffLooksAt(t *testing.T) {
	shapes, err := LoadShapes("../../testdata/surfaces")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Servers: 4, Tools: 300, Seed: 3}
	old := Generate(shapes, o)
	o.Mutate = true
	cur := Generate(shapes, o)
	names := func(s model.Server) map[string]string {
		m := map[string]string{}
		for _, raw := range s.Tools {
			var tl struct{ Name, Description string }
			if err := json.Unmarshal(raw, &tl); err != nil {
				t.Fatal(err)
			}
			m[tl.Name] = tl.Description
		}
		return m
	}
	var removed, added, reworded, crossRefs int
	for i := range old.Servers {
		o, n := names(old.Servers[i]), names(cur.Servers[i])
		for k, d := range o {
			nd, ok := n[k]
			switch {
			case !ok:
				removed++
			case nd != d:
				reworded++
			}
		}
		for k, d := range n {
			if _, ok := o[k]; !ok {
				added++
			}
			if i > 0 && strings.Contains(d, " Call ") {
				for other := range names(cur.Servers[i-1]) {
					if strings.Contains(d, "Call "+other+" first.") {
						crossRefs++
						break
					}
				}
			}
		}
	}
	if removed == 0 || added == 0 || reworded == 0 || crossRefs == 0 {
		t.Errorf("removed %d, added %d, reworded %d, cross-server references %d; want all > 0", removed, added, reworded, crossRefs)
	}
}

// The next version changes only what Mutate says: a removed tool must not
// shift the tools after it, so nearly every tool stays byte-identical (the
// diff benchmarks' "5% changed" depends on it).
func TestMutateKeepsTheRestIdentical(t *testing.T) {
	shapes, err := LoadShapes("../../testdata/surfaces")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Servers: 3, Tools: 400, Seed: 11}
	old := Generate(shapes, o)
	o.Mutate = true
	cur := Generate(shapes, o)
	same, total := 0, 0
	for i := range old.Servers {
		now := map[string]bool{}
		for _, raw := range cur.Servers[i].Tools {
			now[string(raw)] = true
		}
		for _, raw := range old.Servers[i].Tools {
			total++
			if now[string(raw)] {
				same++
			}
		}
	}
	// Mutate removes 1% and changes 7% (5% reworded, 1% hints, 1% cross
	// references): about 92% stay; 88% leaves room for the draw.
	if same*100 < total*88 {
		t.Errorf("%d of %d tools unchanged in the next version (%.1f%%), want about 92%%", same, total, 100*float64(same)/float64(total))
	}
}
