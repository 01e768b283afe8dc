package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// The schemas are written from the model types: every JSON field of the
// types is a property in the schema, every schema property is a field,
// and "required" is exactly the fields without omitempty.
func TestSchemasDescribeModel(t *testing.T) {
	for _, c := range []struct {
		name   string
		schema []byte
		typ    reflect.Type
	}{
		{"findings", FindingsJSON, reflect.TypeOf(model.Findings{})},
		{"bundle", BundleJSON, reflect.TypeOf(model.Bundle{})},
	} {
		var doc map[string]any
		if err := json.Unmarshal(c.schema, &doc); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		compareType(t, c.name, doc, doc, c.typ)
	}
}

var rawMessage = reflect.TypeOf(json.RawMessage{})

func resolve(root, node map[string]any) map[string]any {
	if ref, ok := node["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		return root["$defs"].(map[string]any)[name].(map[string]any)
	}
	return node
}

func compareType(t *testing.T, path string, root, node map[string]any, typ reflect.Type) {
	t.Helper()
	node = resolve(root, node)
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if typ == rawMessage {
		return // raw definitions are kept as served
	}
	switch typ.Kind() {
	case reflect.Slice:
		items, ok := node["items"].(map[string]any)
		if !ok {
			t.Errorf("%s: schema has no items for %s", path, typ)
			return
		}
		compareType(t, path+"[]", root, items, typ.Elem())
		return
	case reflect.Map:
		ap, ok := node["additionalProperties"].(map[string]any)
		if !ok {
			t.Errorf("%s: schema has no additionalProperties for %s", path, typ)
			return
		}
		compareType(t, path+"{}", root, ap, typ.Elem())
		return
	case reflect.Struct:
	default:
		return
	}
	props, _ := node["properties"].(map[string]any)
	var required []string
	list, _ := node["required"].([]any)
	for _, r := range list {
		required = append(required, r.(string))
	}
	fields := map[string]bool{}
	var wantRequired []string
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		fields[name] = true
		if !strings.Contains(opts, "omitempty") {
			wantRequired = append(wantRequired, name)
		}
		p, ok := props[name].(map[string]any)
		if !ok {
			t.Errorf("%s.%s: field of %s is not in the schema", path, name, typ)
			continue
		}
		compareType(t, path+"."+name, root, p, f.Type)
	}
	for name := range props {
		if !fields[name] {
			t.Errorf("%s.%s: schema property has no field in %s", path, name, typ)
		}
	}
	sort.Strings(required)
	sort.Strings(wantRequired)
	if !slices.Equal(required, wantRequired) {
		t.Errorf("%s: required = %v, want the non-omitempty fields %v", path, required, wantRequired)
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := model.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Bundles lifted from real corpus captures validate strictly.
func TestCorpusBundlesValidate(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "report", "render", "testdata", "surfaces", "*.json"))
	files = append(files, filepath.Join("..", "report", "render", "testdata", "hostile.bundle.json"))
	if len(files) < 2 {
		t.Fatalf("found only %d inputs", len(files))
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(p, data)
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidateStrict(mustMarshal(t, in.Bundle)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// Findings goldens (produced by analyze over corpus captures) and the
// hand-made findings validate strictly.
func TestFindingsDocumentsValidate(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "report", "render", "testdata", "golden", "*.json"))
	files = append(files, filepath.Join("..", "report", "render", "testdata", "handmade.findings.json"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidateStrict(data); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// Each mutation breaks one documented constraint, so each must be
// rejected; the untouched document must pass.
func TestSchemaRejects(t *testing.T) {
	base := func() map[string]any {
		return map[string]any{
			"kind":      "assay.findings/v1",
			"generator": map[string]any{"name": "assay", "version": "1"},
			"summary": map[string]any{"servers": 1, "tools": 1, "findings": 1,
				"bySeverity": map[string]any{"high": 1}, "byCategory": map[string]any{"injection": 1}, "byEffect": map[string]any{"read": 1}},
			"servers": []any{map[string]any{"name": "s", "identity": "s|stdio|x", "transport": "stdio", "source": "live",
				"tools": []any{map[string]any{"name": "t", "effect": "read", "tier": "R1", "kinds": []any{"read_sensitive"}, "tokens": 10}}}},
			"findings": []any{map[string]any{"id": "INJ-001", "category": "injection", "severity": "high", "title": "x",
				"fingerprint": "0123456789abcdef0123456789abcdef"}},
		}
	}
	tool := func(m map[string]any) map[string]any {
		return m["servers"].([]any)[0].(map[string]any)["tools"].([]any)[0].(map[string]any)
	}
	finding := func(m map[string]any) map[string]any { return m["findings"].([]any)[0].(map[string]any) }
	ok, _ := json.Marshal(base())
	if err := Validate(ok); err != nil {
		t.Fatalf("valid document rejected: %v", err)
	}
	if err := ValidateStrict(ok); err != nil {
		t.Fatalf("valid document rejected (strict): %v", err)
	}
	cases := map[string]struct {
		mutate     func(map[string]any)
		strictOnly bool
	}{
		"wrong kind":           {mutate: func(m map[string]any) { m["kind"] = "assay.findings/v2" }},
		"missing findings":     {mutate: func(m map[string]any) { delete(m, "findings") }},
		"bad severity":         {mutate: func(m map[string]any) { finding(m)["severity"] = "severe" }},
		"bad category":         {mutate: func(m map[string]any) { finding(m)["category"] = "misc" }},
		"bad rule id":          {mutate: func(m map[string]any) { finding(m)["id"] = "XYZ-1" }},
		"short fingerprint":    {mutate: func(m map[string]any) { finding(m)["fingerprint"] = "abc" }},
		"no fingerprint":       {mutate: func(m map[string]any) { delete(finding(m), "fingerprint") }},
		"bad effect":           {mutate: func(m map[string]any) { tool(m)["effect"] = "delete" }},
		"bad tier":             {mutate: func(m map[string]any) { tool(m)["tier"] = "R9" }},
		"bad kind":             {mutate: func(m map[string]any) { tool(m)["kinds"] = []any{"shell"} }},
		"duplicate kind":       {mutate: func(m map[string]any) { tool(m)["kinds"] = []any{"write", "write"} }},
		"null kinds":           {mutate: func(m map[string]any) { tool(m)["kinds"] = nil }},
		"negative tokens":      {mutate: func(m map[string]any) { tool(m)["tokens"] = -1 }},
		"bad severity key":     {mutate: func(m map[string]any) { m["summary"].(map[string]any)["bySeverity"] = map[string]any{"urgent": 1} }},
		"bad hash":             {mutate: func(m map[string]any) { tool(m)["hashes"] = map[string]any{"description": "md5:00"} }},
		"unknown field strict": {mutate: func(m map[string]any) { finding(m)["confidence"] = 0.9 }, strictOnly: true},
	}
	for name, c := range cases {
		m := base()
		c.mutate(m)
		b, _ := json.Marshal(m)
		if err := ValidateStrict(b); err == nil {
			t.Errorf("%s: strict validation accepted it", name)
		}
		err := Validate(b)
		if c.strictOnly && err != nil {
			t.Errorf("%s: lenient validation rejected an unknown field (readers must ignore them): %v", name, err)
		}
		if !c.strictOnly && err == nil {
			t.Errorf("%s: validation accepted it", name)
		}
	}
}
