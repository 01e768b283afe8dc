// Package schemas publishes the JSON Schemas of Assay's documents,
// findings (assay.findings/v1), bundle (assay.bundle/v1) and lock
// (assay.lock/v1), and compiles them for validation. The schema files are the contract for integrators;
// they are written from the types in report/model, and a test checks that
// every field of those types is described.
//
// The published schemas allow unknown properties, because a minor version
// may add fields and readers must ignore them. Strict compiles them with
// additionalProperties false everywhere, which tests use to catch a field
// that was added to the output but not to the schema.
package schemas

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// FindingsJSON is the JSON Schema of assay.findings/v1.
//
//go:embed findings.v1.schema.json
var FindingsJSON []byte

// BundleJSON is the JSON Schema of assay.bundle/v1.
//
//go:embed bundle.v1.schema.json
var BundleJSON []byte

// LockJSON is the JSON Schema of assay.lock/v1.
//
//go:embed lock.v1.schema.json
var LockJSON []byte

// IDs of the published schemas.
const (
	FindingsID = "https://github.com/assay-mcp/assay/schemas/findings.v1.schema.json"
	BundleID   = "https://github.com/assay-mcp/assay/schemas/bundle.v1.schema.json"
	LockID     = "https://github.com/assay-mcp/assay/schemas/lock.v1.schema.json"
)

// Compile compiles a JSON Schema document found at id. strict closes every
// object schema that lists properties (additionalProperties false), unless
// it already says otherwise. Formats are asserted.
func Compile(id string, schema []byte, strict bool) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("reading schema %s: %w", id, err)
	}
	if strict {
		closeObjects(doc)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(id, doc); err != nil {
		return nil, fmt.Errorf("adding schema %s: %w", id, err)
	}
	s, err := c.Compile(id)
	if err != nil {
		return nil, fmt.Errorf("compiling schema %s: %w", id, err)
	}
	return s, nil
}

// CycloneDXID is the $id of the CycloneDX 1.6 JSON schema.
const CycloneDXID = "http://cyclonedx.org/schema/bom-1.6.schema.json"

// CompileCycloneDX compiles the official CycloneDX 1.6 JSON schema from
// dir (testdata/cyclonedx: bom-1.6, spdx and jsf-0.82 schemas, which it
// references by $id), offline, with format assertions. Tests use it to
// validate --format cyclonedx output.
func CompileCycloneDX(dir string) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for _, name := range []string{"bom-1.6.schema.json", "spdx.schema.json", "jsf-0.82.schema.json"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("reading schema %s: %w", name, err)
		}
		if err := c.AddResource("http://cyclonedx.org/schema/"+name, doc); err != nil {
			return nil, fmt.Errorf("adding schema %s: %w", name, err)
		}
	}
	return c.Compile(CycloneDXID)
}

// closeObjects sets additionalProperties false on every object schema with
// properties, recursively.
func closeObjects(v any) {
	switch t := v.(type) {
	case map[string]any:
		if _, ok := t["properties"]; ok {
			if _, set := t["additionalProperties"]; !set {
				t["additionalProperties"] = false
			}
		}
		for _, c := range t {
			closeObjects(c)
		}
	case []any:
		for _, c := range t {
			closeObjects(c)
		}
	}
}

var (
	once     sync.Once
	compiled map[string]*jsonschema.Schema
	initErr  error
)

func load() {
	compiled = map[string]*jsonschema.Schema{}
	for _, s := range []struct {
		kind, id string
		doc      []byte
	}{{"assay.findings/v1", FindingsID, FindingsJSON}, {"assay.bundle/v1", BundleID, BundleJSON}, {"assay.lock/v1", LockID, LockJSON}} {
		for _, strict := range []bool{false, true} {
			sch, err := Compile(s.id, s.doc, strict)
			if err != nil {
				initErr = err
				return
			}
			compiled[key(s.kind, strict)] = sch
		}
	}
}

func key(kind string, strict bool) string { return fmt.Sprint(kind, strict) }

// Validate checks an Assay document against the published schema named by
// its "kind" (lenient: unknown fields allowed).
func Validate(doc []byte) error { return validate(doc, false) }

// ValidateStrict checks an Assay document against its schema with unknown
// fields rejected: Assay's own output must be fully described.
func ValidateStrict(doc []byte) error { return validate(doc, true) }

func validate(doc []byte, strict bool) error {
	once.Do(load)
	if initErr != nil {
		return initErr
	}
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(doc, &head); err != nil {
		return fmt.Errorf("reading document: %w", err)
	}
	sch, ok := compiled[key(head.Kind, strict)]
	if !ok {
		return fmt.Errorf("no schema for kind %q", head.Kind)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return fmt.Errorf("reading document: %w", err)
	}
	if err := sch.Validate(inst); err != nil {
		return fmt.Errorf("%s: %w", head.Kind, err)
	}
	return nil
}
