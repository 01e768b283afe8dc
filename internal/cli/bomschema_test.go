package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/schemas"
)

// cycloneDXSchema compiles the committed CycloneDX 1.6 JSON schema (and
// the SPDX and JSF schemas it references) offline, with format checks.
func cycloneDXSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := schemas.CompileCycloneDX(filepath.Join("..", "..", "testdata", "cyclonedx"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// validateCycloneDX fails the test when data is not a valid CycloneDX
// 1.6 document.
func validateCycloneDX(t *testing.T, s *jsonschema.Schema, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("CycloneDX output does not validate against bom-1.6.schema.json: %v", err)
	}
}

// TestCycloneDXSchemaRejects proves the validator can fail: documents
// that break the schema in different ways are refused.
func TestCycloneDXSchemaRejects(t *testing.T) {
	s := cycloneDXSchema(t)
	for _, doc := range []string{
		`{"bomFormat":"CycloneDX"}`,
		`{"bomFormat":"CycloneDX","specVersion":"1.6","serialNumber":"not-a-urn"}`,
		`{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"gadget","name":"x"}]}`,
		`{"bomFormat":"CycloneDX","specVersion":"1.6","services":[{"name":"s","data":[{"flow":"sideways","classification":"x"}]}]}`,
	} {
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(doc)))
		if err := s.Validate(inst); err == nil {
			t.Errorf("schema accepted %s", doc)
		}
	}
}

// TestCycloneDXValidates: the CycloneDX output of the demo server and of
// the risky fixture machine validates against the official schema, and
// carries the package, the hash, the advisory and the tools.
func TestCycloneDXValidates(t *testing.T) {
	s := cycloneDXSchema(t)

	// The demo server's surface, as 'assay demo' collects it.
	var tools []json.RawMessage
	for _, tl := range demoserver.Tools() {
		raw, err := json.Marshal(tl)
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, raw)
	}
	b := &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{{Name: "assay-demo", Identity: "assay-demo|stdio|assay", Transport: "stdio", Endpoint: "assay", Source: "live", Tools: tools}}}
	f := analyze.Analyze(b, &analyze.Options{Version: "test"})
	var demo bytes.Buffer
	if err := render.Write(&demo, "cyclonedx", f, nil); err != nil {
		t.Fatal(err)
	}
	validateCycloneDX(t, s, demo.Bytes())
	if !bytes.Contains(demo.Bytes(), []byte(`"name": "run_command"`)) {
		t.Error("demo BOM lacks the demo's tools")
	}

	// The risky machine: package, hash, advisory.
	m := machine(t, "risky")
	data, code, stderr := scanMachine(t, m, "--format", "cyclonedx")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	validateCycloneDX(t, s, data)
	var bom struct {
		SerialNumber string `json:"serialNumber"`
		Components   []struct {
			BOMRef, Purl string
			Hashes       []struct{ Alg, Content string }
		} `json:"components"`
		Vulnerabilities []struct {
			ID      string
			Affects []struct{ Ref string }
		} `json:"vulnerabilities"`
		Services []struct {
			Name     string
			Services []struct{ Name string }
		} `json:"services"`
	}
	if err := json.Unmarshal(data, &bom); err != nil {
		t.Fatal(err)
	}
	const purl = "pkg:npm/mcp-remote@0.1.15"
	hashed := false
	for _, c := range bom.Components {
		if c.Purl == purl {
			for _, h := range c.Hashes {
				// SHA-512 of the fixture's stand-in text, from its package-lock integrity.
				hashed = hashed || h.Alg == "SHA-512" && strings.HasPrefix(h.Content, "dae80a4985ab24e5")
			}
		}
	}
	if !hashed {
		t.Errorf("no %s component with the lockfile's SHA-512: %+v", purl, bom.Components)
	}
	affected := false
	for _, v := range bom.Vulnerabilities {
		for _, a := range v.Affects {
			affected = affected || v.ID == "GHSA-6xpm-ggf7-wc3p" && a.Ref == purl
		}
	}
	if !affected {
		t.Errorf("GHSA-6xpm-ggf7-wc3p does not affect %s: %+v", purl, bom.Vulnerabilities)
	}
	again, _, _ := scanMachine(t, m, "--format", "cyclonedx")
	if !bytes.Equal(again, data) {
		t.Error("two runs over the same machine give different BOMs")
	}
}
