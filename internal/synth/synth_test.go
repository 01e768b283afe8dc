package synth

import (
	"bytes"
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
