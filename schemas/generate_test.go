package schemas

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

// The schema files are generated from the report/model types: properties
// and "required" from the struct fields and their json tags, descriptions
// from the model's doc comments, and value constraints (enums, patterns,
// minimums) from the table below. After changing a model type:
//
//	go test ./schemas/ -update
var update = flag.Bool("update", false, "regenerate the schema files from report/model")

var (
	severities = []any{model.SevCritical, model.SevHigh, model.SevMedium, model.SevLow, model.SevInfo}
	effects    = []any{model.EffectRead, model.EffectWrite, model.EffectExternal, model.EffectIrreversible, model.EffectUnknown}
	kinds      = []any{model.KindCodeExec, model.KindDestructive, model.KindWrite, model.KindEgress, model.KindReadSensitive, model.KindIngestsUntrusted}
	categories = []any{model.CatCapability, model.CatChain, model.CatInjection, model.CatAuth, model.CatHygiene, model.CatCost, model.CatDrift, model.CatCollection}
	tierRe     = "^R[0-5]$"
	hashValue  = map[string]any{"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"}
)

// constraints adds to the generated schema of a field, keyed Type.Field
// (Go names). For slices and maps the constraint applies to the items.
var constraints = map[string]map[string]any{
	"Finding.ID":             {"pattern": "^(CAP|CHAIN|INJ|AUTH|HYG|COST|DRIFT|COL)-[0-9]{3}$"},
	"Finding.Category":       {"enum": categories},
	"Finding.Severity":       {"enum": severities},
	"Finding.Title":          {"minLength": 1},
	"Finding.Fingerprint":    {"pattern": "^[0-9a-f]{32}$"},
	"ToolReport.Effect":      {"enum": effects},
	"ToolReport.Tier":        {"pattern": tierRe},
	"ToolReport.Kinds":       {"enum": kinds},
	"Override.From":          {"pattern": tierRe},
	"Override.To":            {"pattern": tierRe},
	"Override.Reason":        {"minLength": 1},
	"Override.By":            {"minLength": 1},
	"Evidence.Signal":        {"enum": []any{"name", "schema", "annotation", "description", "rule"}},
	"Summary.BySeverity":     {"propertyNames": map[string]any{"enum": severities}},
	"Summary.ByCategory":     {"propertyNames": map[string]any{"enum": categories}},
	"Summary.ByEffect":       {"propertyNames": map[string]any{"enum": effects}},
	"ServerReport.Transport": {"enum": []any{"stdio", "http", "sse", "surface"}},
	"Server.Transport":       {"enum": []any{"stdio", "http", "sse", "surface"}},
	"ServerReport.Source":    {"enum": []any{"live", "surface", "config"}},
	"Server.Source":          {"enum": []any{"live", "surface", "config"}},
	"ServerReport.Identity":  {"minLength": 1},
	"Server.Name":            {"minLength": 1},
	"ServerConfig.Transport": {"enum": []any{"stdio", "http", "sse"}},
	"ServerConfig.Auth":      {"enum": []any{"none", "env_ref", "literal_secret", "helper_command", "oauth"}},
	"ServerConfig.Line":      {"minimum": 1},
	"CollectionError.Code":   {"minLength": 1},
	"ListCache.List":         {"enum": []any{"tools", "prompts", "resources", "resourceTemplates"}},
	"ListCache.Malformed":    {"enum": []any{"ttlMs", "cacheScope"}},
	// assay.lock/v1 (report/lock)
	"Lock.Salt":             {"pattern": "^[0-9a-f]{64}$"},
	"Lock.Hash":             {"pattern": "^sha256:[0-9a-f]{64}$"},
	"Launch.Transport":      {"enum": []any{"stdio", "http", "sse", "surface"}},
	"Launch.ArgsHMAC":       {"pattern": "^hmac-sha256:[0-9a-f]{64}$"},
	"Launch.ValuesHMAC":     {"pattern": "^hmac-sha256:[0-9a-f]{64}$"},
	"Pin.SHA256":            {"pattern": "^[0-9a-f]{64}$"},
	"Pin.EntrySHA256":       {"pattern": "^[0-9a-f]{64}$"},
	"Pin.Date":              {"pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
	"Surface.Era":           {"enum": []any{lock.EraLegacy, lock.EraModern}},
	"Tool.Hints":            {"propertyNames": map[string]any{"enum": hintNames()}},
	"Tool.Hints[]":          {"enum": []any{lock.HintTrue, lock.HintFalse, lock.HintNonBoolean}},
	"Context.ID":            {"minLength": 1},
	"ConfigFact.Kind":       {"minLength": 1},
	"ServerTokens.Encoding": {"minLength": 1},
	"TokenSummary.Encoding": {"minLength": 1},
	"Generator.Name":        {"minLength": 1},
}

// arrays whose items must be unique
var uniqueItems = map[string]bool{"ToolReport.Kinds": true, "Finding.Tools": true}

// raw JSON fields: what the raw value must be
var rawShapes = map[string]map[string]any{
	"Server.ServerInfo":        {"type": "object"},
	"Server.Capabilities":      {"type": "object"},
	"Server.Tools":             {"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}, "required": []any{"name"}, "additionalProperties": true},
	"Server.Prompts":           {"type": "object", "additionalProperties": true},
	"Server.Resources":         {"type": "object", "additionalProperties": true},
	"Server.ResourceTemplates": {"type": "object", "additionalProperties": true},
}

// hash maps: component name → "sha256:<hex>"
var hashMaps = map[string]bool{"Findings.Hashes": true, "ServerReport.Hashes": true, "ToolReport.Hashes": true, "Server.Hashes": true,
	"Surface.Hashes": true, "Tool.Hashes": true, "Tool.Other": true}

func hintNames() []any {
	var out []any
	for _, h := range lock.HintNames {
		out = append(out, h)
	}
	return out
}

type generator struct {
	docs map[string]string
	defs map[string]any
}

func (g *generator) schemaOf(owner string, f reflect.StructField, typ reflect.Type, required bool) map[string]any {
	key := owner + "." + f.Name
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	var s map[string]any
	switch {
	case typ == reflect.TypeOf(json.RawMessage{}):
		s = map[string]any{}
		if shape, ok := rawShapes[key]; ok {
			s = clone(shape)
		}
	case typ.Kind() == reflect.Slice:
		item := g.schemaOf(owner, f, typ.Elem(), true)
		delete(item, "description")
		s = map[string]any{"type": "array", "items": item}
		if uniqueItems[key] {
			s["uniqueItems"] = true
		}
		return g.describe(key, s)
	case typ.Kind() == reflect.Map:
		var val map[string]any
		if hashMaps[key] {
			val = clone(hashValue)
		} else {
			val = g.schemaOf(owner, reflect.StructField{Name: f.Name + "[]"}, typ.Elem(), true)
			delete(val, "description")
		}
		s = map[string]any{"type": "object", "additionalProperties": val}
		if c, ok := constraints[key]; ok {
			for k, v := range c {
				s[k] = v
			}
		}
		return g.describe(key, s)
	case typ.Kind() == reflect.Struct:
		name := defName(typ.Name())
		if _, ok := g.defs[name]; !ok {
			g.defs[name] = nil // reserve against cycles
			g.defs[name] = g.object(typ)
		}
		s = map[string]any{"$ref": "#/$defs/" + name}
		return s
	case typ.Kind() == reflect.String:
		s = map[string]any{"type": "string"}
	case typ.Kind() == reflect.Bool:
		s = map[string]any{"type": "boolean"}
	case typ.Kind() >= reflect.Int && typ.Kind() <= reflect.Uint64:
		s = map[string]any{"type": "integer", "minimum": 0}
	case typ.Kind() == reflect.Float32 || typ.Kind() == reflect.Float64:
		s = map[string]any{"type": "number", "minimum": 0}
	default:
		panic("schemas: no mapping for " + typ.String())
	}
	if c, ok := constraints[key]; ok {
		for k, v := range c {
			s[k] = v
		}
		if _, ok := s["enum"]; ok {
			delete(s, "type")
		}
	}
	return g.describe(key, s)
}

func (g *generator) describe(key string, s map[string]any) map[string]any {
	if d := g.docs[key]; d != "" {
		s["description"] = d
	}
	return s
}

func (g *generator) object(typ reflect.Type) map[string]any {
	props := map[string]any{}
	var required []any
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
		req := !strings.Contains(opts, "omitempty")
		if req {
			required = append(required, name)
		}
		props[name] = g.schemaOf(typ.Name(), f, f.Type, req)
	}
	o := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		o["required"] = required
	}
	if d := g.docs[typ.Name()]; d != "" {
		o["description"] = d
	}
	return o
}

func defName(goName string) string {
	r := []rune(goName)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

func clone(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// typeDocs reads the doc comments of the types and fields of the package
// in dir (report/model, report/lock).
func typeDocs(t *testing.T, dir string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	clean := func(cg *ast.CommentGroup) string {
		if cg == nil {
			return ""
		}
		return strings.Join(strings.Fields(cg.Text()), " ")
	}
	for _, p := range pkgs {
		for _, file := range p.Files {
			for _, d := range file.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, sp := range gd.Specs {
					ts := sp.(*ast.TypeSpec)
					doc := clean(ts.Doc)
					if doc == "" {
						doc = clean(gd.Doc)
					}
					docs[ts.Name.Name] = doc
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fl := range st.Fields.List {
						for _, n := range fl.Names {
							if d := clean(fl.Doc); d != "" {
								docs[ts.Name.Name+"."+n.Name] = d
							} else if d := clean(fl.Comment); d != "" {
								docs[ts.Name.Name+"."+n.Name] = d
							}
						}
					}
				}
			}
		}
	}
	return docs
}

func generate(t *testing.T, root reflect.Type, docs, id, kind, title, desc string) []byte {
	g := &generator{docs: typeDocs(t, docs), defs: map[string]any{}}
	top := g.object(root)
	top["properties"].(map[string]any)["kind"] = map[string]any{"const": kind, "description": "Names the document type and its major version."}
	top["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	top["$id"] = id
	top["title"] = title
	top["description"] = desc
	top["$defs"] = g.defs
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(top); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const versioning = " Within v1 fields may be added (readers must ignore unknown fields); no field is removed, renamed or changes type or meaning; enumerations may grow only in a minor version; finding ids are never reused."

func TestSchemaFilesAreGenerated(t *testing.T) {
	for _, c := range []struct {
		file, id, kind, title, desc string
		typ                         reflect.Type
		docs                        string
		committed                   []byte
	}{
		{"findings.v1.schema.json", FindingsID, model.FindingsKind, "Assay findings (assay.findings/v1)",
			"What Assay concludes from one or more bundles: per-tool classification, findings with stable ids and fingerprints, hashes and cost." + versioning,
			reflect.TypeOf(model.Findings{}), "../report/model", FindingsJSON},
		{"bundle.v1.schema.json", BundleID, model.BundleKind, "Assay bundle (assay.bundle/v1)",
			"What was observed: server surfaces exactly as served plus a redacted config inventory." + versioning,
			reflect.TypeOf(model.Bundle{}), "../report/model", BundleJSON},
		{"lock.v1.schema.json", LockID, lock.Kind, "Assay lock (assay.lock/v1)",
			"A text-free approval record: per server its identity, launch spec (strict form, salted HMACs of values, no secret) and command pin; per tool hashes of its parts and its behaviour hints in clear. Never description text, secrets or hashes of secrets." + versioning,
			reflect.TypeOf(lock.Lock{}), "../report/lock", LockJSON},
	} {
		got := generate(t, c.typ, c.docs, c.id, c.kind, c.title, c.desc)
		if *update {
			if err := os.WriteFile(c.file, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if d := cmp.Diff(string(c.committed), string(got)); d != "" {
			t.Errorf("%s is out of date with report/model (-committed +generated):\n%s\nRegenerate: go test ./schemas/ -update", c.file, d)
		}
	}
}
