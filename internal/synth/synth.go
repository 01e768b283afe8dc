// Package synth generates large, deterministic bundles for benchmarks and
// scale tests: N servers × M tools built from the shapes of real captured
// servers (renamed, descriptions mutated, schemas varied), and a mutated
// second version of the same fleet for diff benchmarks.
package synth

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

// Options choose the size and seed of a generated bundle.
type Options struct {
	Servers int
	Tools   int // per server
	Seed    uint64
	// Mutate produces the "next version" of the same fleet: about 5% of
	// descriptions reworded, 1% of tools removed, 1% added, 1% of hints
	// flipped, 1% of descriptions newly naming a tool of another server.
	Mutate bool
}

// Shapes are template tools (raw JSON objects) to build from.
type Shapes []map[string]any

// LoadShapes reads every capture in dir (the shared corpus or
// testdata/surfaces) and returns their tools in a stable order.
func LoadShapes(dir string) (Shapes, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out Shapes
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var cap struct {
			Tools []map[string]any `json:"tools"`
		}
		if err := json.Unmarshal(data, &cap); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, cap.Tools...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no captures with tools", dir)
	}
	return out, nil
}

var phrases = []string{
	"Results are paginated.",
	"Use the returned id in follow-up calls.",
	"Requires an authenticated session.",
	"Large responses are truncated.",
	"Times are in UTC.",
	"Returns an empty list when nothing matches.",
}

// Generate builds a bundle. The same Options and Shapes always give
// byte-identical output.
func Generate(shapes Shapes, o Options) *model.Bundle {
	b := &model.Bundle{Kind: model.BundleKind, Generator: model.Generator{Name: "assay-synth", Version: "1"}, Servers: []model.Server{}}
	var prev []string // tool names of the previous server, for cross-server references
	for s := 0; s < o.Servers; s++ {
		var names []string
		rng := rand.New(rand.NewPCG(o.Seed, uint64(s)))
		name := fmt.Sprintf("synth-%03d", s)
		srv := model.Server{
			Name: name, Transport: "stdio", Endpoint: "node", Source: "surface",
			Identity:        model.Identity(name, "stdio", "node"),
			ProtocolVersion: "2025-11-25",
			ServerInfo:      json.RawMessage(fmt.Sprintf(`{"name":%q,"version":"1.%d.0"}`, name, boolInt(o.Mutate))),
			Capabilities:    json.RawMessage(`{"tools":{"listChanged":true}}`),
			Tools:           make([]json.RawMessage, 0, o.Tools),
		}
		for i := 0; i < o.Tools; i++ {
			mrng := rand.New(rand.NewPCG(o.Seed^0x9e3779b97f4a7c15, uint64(s)<<32|uint64(i)))
			// Every draw of rng for this tool is made before the removal
			// check, so a removed tool does not shift the shapes of the
			// tools after it: the next version differs only where Mutate
			// says (about 7% of tools changed, 1% removed, 1% added).
			t := clone(shapes[rng.IntN(len(shapes))])
			// (Same draws in the same order as the unmutated version.)
			phrase := phrases[rng.IntN(len(phrases))]
			props, extra := schemaProps(t)
			extra = extra && rng.IntN(3) == 0
			opt := 0
			if extra {
				opt = rng.IntN(50)
			}
			if o.Mutate && mrng.IntN(100) == 0 {
				continue // removed in the next version
			}
			t["name"] = fmt.Sprintf("%v_%d", t["name"], i)
			desc, _ := t["description"].(string)
			t["description"] = desc + " " + phrase
			if extra {
				props[fmt.Sprintf("opt_%d", opt)] = map[string]any{"type": "string", "description": "Optional filter."}
			}
			if o.Mutate {
				switch mrng.IntN(100) {
				case 1, 2, 3, 4, 5:
					t["description"] = t["description"].(string) + " Now also returns archived items."
				case 6:
					t["annotations"] = map[string]any{"readOnlyHint": false, "destructiveHint": true}
				case 7:
					// a new cross-server reference (drift's DRIFT-005)
					if len(prev) > 0 {
						t["description"] = t["description"].(string) + " Call " + prev[mrng.IntN(len(prev))] + " first."
					}
				}
			}
			raw, _ := json.Marshal(t)
			srv.Tools = append(srv.Tools, raw)
			names = append(names, t["name"].(string))
		}
		prev = names
		if o.Mutate {
			for i := 0; i < o.Tools/100; i++ {
				t := clone(shapes[rng.IntN(len(shapes))])
				t["name"] = fmt.Sprintf("%v_new_%d", t["name"], i)
				raw, _ := json.Marshal(t)
				srv.Tools = append(srv.Tools, raw)
			}
		}
		b.Servers = append(b.Servers, srv)
	}
	return b
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func schemaProps(t map[string]any) (map[string]any, bool) {
	s, ok := t["inputSchema"].(map[string]any)
	if !ok {
		return nil, false
	}
	p, ok := s["properties"].(map[string]any)
	return p, ok
}

// clone deep-copies a decoded JSON object.
func clone(m map[string]any) map[string]any {
	raw, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}
