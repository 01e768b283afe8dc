package drift

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/assay-mcp/assay/internal/render"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenPair is a small release with one change of most kinds.
func goldenPair() (string, string) {
	old := srv(`"instructions":"Files only."`,
		basic("Read a file.", `{"readOnlyHint":true}`),
		tool("stat", "Stat a path.", pathProp, "", ""),
		tool("list_dir", "List a directory.", pathProp, `"path"`, `{"readOnlyHint":true}`))
	new := strings.Replace(srv(`"instructions":"Files only. Prefer list_dir.","prompts":[{"name":"tidy","description":"Tidy a folder."}]`,
		basic("Reаd a file.", `{"readOnlyHint":true}`),
		tool("list_dir", "List a directory.", `"path":{"type":"string"},"depth":{"type":"integer"}`, `"path","depth"`, `{"readOnlyHint":false}`),
		tool("delete_path", "Delete a file or folder.", pathProp, `"path"`, `{"destructiveHint":true}`)), `"1.0"`, `"1.1"`, 1)
	return old, new
}

// TestGolden renders the drift findings of goldenPair in every format.
// Regenerate deliberately with: go test ./report/drift -run Golden -update
func TestGolden(t *testing.T) {
	old, new := goldenPair()
	r := diff(t, old, new)
	for _, format := range render.Formats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := render.Write(&buf, format, r.Findings, nil); err != nil {
				if strings.Contains(err.Error(), "not implemented") {
					testenv.Skip(t, "renderer", fmt.Sprintf("renderer %s: %v", format, err))
				}
				t.Fatal(err)
			}
			if format == "sarif" {
				buf = *bytes.NewBuffer(onlyUsedRules(t, buf.Bytes()))
			}
			path := filepath.Join("testdata", "golden", "drift."+format)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if d := cmp.Diff(string(want), buf.String()); d != "" {
				t.Errorf("%s differs from golden (-want +got):\n%s", format, d)
			}
		})
	}
}

// TestDeterministic: the same inputs give byte-identical findings.
func TestDeterministic(t *testing.T) {
	old, new := goldenPair()
	var first []byte
	for i := 0; i < 3; i++ {
		var buf bytes.Buffer
		if err := render.Write(&buf, "json", diff(t, old, new).Findings, nil); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = buf.Bytes()
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Fatal("drift output differs between runs")
		}
	}
}

// onlyUsedRules drops the SARIF rule descriptors no result refers to, and
// the results' indexes into that list: the renderer lists the whole
// catalogue, which other categories change, and this golden is about
// drift output.
func onlyUsedRules(t *testing.T, data []byte) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("sarif is not JSON: %v", err)
	}
	runs, _ := doc["runs"].([]any)
	for _, r := range runs {
		run, _ := r.(map[string]any)
		used := map[string]bool{}
		results, _ := run["results"].([]any)
		for _, res := range results {
			if m, ok := res.(map[string]any); ok {
				if id, ok := m["ruleId"].(string); ok {
					used[id] = true
				}
				delete(m, "ruleIndex") // an index into the whole catalogue

			}
		}
		tool, _ := run["tool"].(map[string]any)
		driver, _ := tool["driver"].(map[string]any)
		rules, _ := driver["rules"].([]any)
		var kept []any
		for _, rl := range rules {
			if m, ok := rl.(map[string]any); ok && used[fmt.Sprint(m["id"])] {
				kept = append(kept, rl)
			}
		}
		if driver != nil {
			driver["rules"] = kept
		}
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}
