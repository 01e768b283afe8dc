package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/schemas"
)

// Regenerate goldens after a deliberate change (e.g. an analysis pass
// landed) with:  go test ./internal/render/ -update
var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// A case is one findings document: produced by analyze.Analyze over a
// stored surface or bundle, or read from a hand-made findings file.
type renderCase struct {
	name  string
	input string // under testdata/
}

var renderCases = []renderCase{
	{"filesystem", "surfaces/modelcontextprotocol__server-filesystem@2026.8.31.json"},
	{"everything", "surfaces/modelcontextprotocol__server-everything@2026.8.31.json"},
	{"heroku-failed", "surfaces/heroku__mcp-server@1.2.8.json"},
	{"hostile", "hostile.bundle.json"},
	{"handmade", "handmade.findings.json"},
}

// variants are the renderings checked for every case.
var variants = []struct {
	suffix string
	format string
	opts   *Options
}{
	{"json", "json", nil},
	{"table.txt", "table", nil},
	{"table-color.txt", "table", &Options{Color: true}},
	{"table-60.txt", "table", &Options{Width: 60}},
	{"sarif", "sarif", nil},
	{"sarif-artifact.sarif", "sarif", &Options{Artifact: "assay.toml"}},
	{"md", "markdown", nil},
	{"cdx", "cyclonedx", nil},
}

func loadFindings(t *testing.T, rel string) *model.Findings {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	in, err := model.Decode(rel, data)
	if err != nil {
		t.Fatalf("decoding %s: %v", rel, err)
	}
	if in.Findings != nil {
		return in.Findings
	}
	return analyze.Analyze(in.Bundle, &analyze.Options{Version: "0.0.0-test"})
}

func render(t *testing.T, format string, f *model.Findings, opts *Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, format, f, opts); err != nil {
		t.Fatalf("Write(%s): %v", format, err)
	}
	return buf.Bytes()
}

func TestGoldens(t *testing.T) {
	for _, c := range renderCases {
		f := loadFindings(t, c.input)
		for _, v := range variants {
			name := c.name + "." + v.suffix
			t.Run(name, func(t *testing.T) {
				got := render(t, v.format, f, v.opts)
				// Same input, byte-identical output.
				if again := render(t, v.format, f, v.opts); !bytes.Equal(got, again) {
					t.Fatal("two renderings of the same findings differ")
				}
				path := filepath.Join("testdata", "golden", name)
				if *update {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run: go test ./internal/render/ -update)", err)
				}
				if d := cmp.Diff(string(want), string(got)); d != "" {
					t.Errorf("%s mismatch (-want +got):\n%s\nIf the change is deliberate: go test ./internal/render/ -update", name, d)
				}
			})
		}
	}
}

// Every golden and every rendering validates against its schema: SARIF
// against the official SARIF 2.1.0 schema, findings JSON against
// assay.findings/v1 (strict: every field we write is described).
func TestOutputsValidate(t *testing.T) {
	sarif := officialSARIFSchema(t)
	for _, c := range renderCases {
		f := loadFindings(t, c.input)
		for _, opts := range []*Options{nil, {Artifact: "assay.toml"}} {
			doc := render(t, "sarif", f, opts)
			validateSARIF(t, sarif, c.name, doc)
		}
		if err := schemas.ValidateStrict(render(t, "json", f, nil)); err != nil {
			t.Errorf("%s: findings JSON does not validate: %v", c.name, err)
		}
	}
	goldens, _ := filepath.Glob(filepath.Join("testdata", "golden", "*"))
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(g, ".sarif"):
			validateSARIF(t, sarif, g, data)
		case strings.HasSuffix(g, ".cdx"):
			validateCycloneDX(t, g, data)
		case strings.HasSuffix(g, ".json"):
			if err := schemas.ValidateStrict(data); err != nil {
				t.Errorf("%s: %v", g, err)
			}
		}
	}
}

var (
	sarifOnce sync.Once
	sarifSch  *jsonschema.Schema
	sarifErr  error
)

// officialSARIFSchema compiles the official OASIS schema committed as test data.
func officialSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	sarifOnce.Do(func() {
		var data []byte
		data, sarifErr = os.ReadFile(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
		if sarifErr != nil {
			return
		}
		sarifSch, sarifErr = schemas.Compile(sarifSchema, data, false)
	})
	if sarifErr != nil {
		t.Fatal(sarifErr)
	}
	return sarifSch
}

var (
	cdxOnce sync.Once
	cdxSch  *jsonschema.Schema
	cdxErr  error
)

// validateCycloneDX checks doc against the official CycloneDX 1.6 schema
// committed in testdata/cyclonedx.
func validateCycloneDX(t *testing.T, name string, doc []byte) {
	t.Helper()
	cdxOnce.Do(func() { cdxSch, cdxErr = schemas.CompileCycloneDX(filepath.Join("..", "..", "testdata", "cyclonedx")) })
	if cdxErr != nil {
		t.Fatal(cdxErr)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := cdxSch.Validate(inst); err != nil {
		t.Errorf("%s: CycloneDX does not validate against the 1.6 schema: %v", name, err)
	}
}

func validateSARIF(t *testing.T, sch *jsonschema.Schema, name string, doc []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("%s: SARIF does not validate against the 2.1.0 schema: %v", name, err)
	}
}

func TestSARIFSchemaRejectsBrokenLogs(t *testing.T) {
	// The validator must be able to fail: a log with a bad level and one
	// missing its version are rejected.
	sch := officialSARIFSchema(t)
	good := render(t, "sarif", loadFindings(t, "handmade.findings.json"), nil)
	for name, mutate := range map[string]func(map[string]any){
		"bad level":   func(m map[string]any) { res(m)[0].(map[string]any)["level"] = "fatal" },
		"no version":  func(m map[string]any) { delete(m, "version") },
		"bad ruleIdx": func(m map[string]any) { res(m)[0].(map[string]any)["ruleIndex"] = -5 },
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		mutate(m)
		b, _ := json.Marshal(m)
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if sch.Validate(inst) == nil {
			t.Errorf("%s: schema accepted a broken log", name)
		}
	}
}

func res(m map[string]any) []any {
	return m["runs"].([]any)[0].(map[string]any)["results"].([]any)
}

func TestUnknownFormat(t *testing.T) {
	if err := Write(&bytes.Buffer{}, "xml", &model.Findings{}, nil); err == nil {
		t.Error("Write accepted an unknown format")
	}
	for _, f := range Formats {
		if !Valid(f) {
			t.Errorf("Valid(%q) = false", f)
		}
	}
	if Valid("xml") {
		t.Error(`Valid("xml") = true`)
	}
}

func TestPackageURL(t *testing.T) {
	cases := []struct{ eco, name, version, want string }{
		{"npm", "@modelcontextprotocol/inspector", "0.14.0", "pkg:npm/%40modelcontextprotocol/inspector@0.14.0"},
		{"npm", "mcp-remote", "0.1.15", "pkg:npm/mcp-remote@0.1.15"},
		{"npm", "mcp-remote", "", "pkg:npm/mcp-remote"},
		{"pypi", "MCP_Server_Git", "2025.7.1", "pkg:pypi/mcp-server-git@2025.7.1"},
		{"docker", "ghcr.io/acme/Server", "1.4", "pkg:docker/acme/server@1.4?repository_url=ghcr.io"},
		{"docker", "mcp/fetch", "sha256:abc", "pkg:docker/mcp/fetch@sha256%3Aabc"},
		{"npm", "github.com/…", "", ""},
		{"npm", "a/b", "1", ""},
		{"cargo", "x", "1", ""},
	}
	for _, c := range cases {
		if got := PackageURL(c.eco, c.name, c.version); got != c.want {
			t.Errorf("PackageURL(%s, %s, %s) = %q, want %q", c.eco, c.name, c.version, got, c.want)
		}
	}
}
