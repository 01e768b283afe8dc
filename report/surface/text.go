package surface

import (
	"sort"
	"strconv"
)

// TextKind says what a string is for, so prose checks and identifier
// checks each go where they make sense.
type TextKind uint8

const (
	// Prose is written for the model to read: descriptions, titles,
	// instructions, $comment.
	Prose TextKind = iota
	// Ident names something: tool, property, prompt and argument names,
	// URIs, MIME types.
	Ident
	// Value is a literal the model may copy into a call: enum, const,
	// default, examples.
	Value
)

func (k TextKind) String() string {
	switch k {
	case Prose:
		return "prose"
	case Ident:
		return "ident"
	default:
		return "value"
	}
}

// OwnerServer owns the server's own strings (instructions, serverInfo).
const OwnerServer = "server"

// Text is one model-facing string and where it sits.
type Text struct {
	// Element is what a finding about this string names:
	// tool:NAME/description, tool:NAME/inputSchema/properties/P/description,
	// server:instructions, prompt:NAME/description, resource:URI/description.
	// Property names inside paths are not pointer-escaped (a reader sees
	// the name as served).
	Element string
	// Owner groups the strings of one item: "tool:NAME", "prompt:NAME",
	// "resource:URI", "resourceTemplate:T" or [OwnerServer].
	Owner string
	// Tool is the index of the owning tool, or -1.
	Tool int
	// Path is Element without the owner prefix: "description",
	// "inputSchema/properties/q/description".
	Path  string
	Kind  TextKind
	Value string
}

// schemaMaps are keywords whose value maps names to subschemas.
var schemaMaps = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}

// schemaOne are keywords holding one subschema; schemaList hold arrays.
var schemaOne = map[string]bool{"items": true, "additionalProperties": true, "not": true, "if": true, "then": true, "else": true, "contains": true, "propertyNames": true, "unevaluatedProperties": true, "unevaluatedItems": true, "additionalItems": true}
var schemaList = map[string]bool{"anyOf": true, "oneOf": true, "allOf": true, "prefixItems": true}

// WalkSchemaTexts visits the model-facing strings of a decoded JSON Schema
// at any depth, keys in sorted order: property names (Ident), description,
// title and $comment (Prose), and string values of enum, const, default,
// examples and example (Value). Depth is bounded by [MaxDepth].
func WalkSchemaTexts(v any, path string, f func(path string, k TextKind, text string)) {
	walkSchema(v, path, 0, f)
}

func walkSchema(v any, path string, depth int, f func(string, TextKind, string)) {
	if depth > MaxDepth {
		return
	}
	switch t := v.(type) {
	case []any: // items as a list (draft 4 tuples)
		for i, x := range t {
			walkSchema(x, path+"/"+itoa(i), depth+1, f)
		}
	case map[string]any:
		for _, k := range sortedKeys(t) {
			val := t[k]
			p := path + "/" + k
			switch {
			case k == "description" || k == "title" || k == "$comment":
				if s, ok := val.(string); ok {
					f(p, Prose, s)
				}
			case k == "enum" || k == "const" || k == "default" || k == "examples" || k == "example":
				walkStrings(val, p, depth+1, func(q, s string) { f(q, Value, s) })
			case schemaMaps[k]:
				if m, ok := val.(map[string]any); ok {
					for _, name := range sortedKeys(m) {
						if k == "properties" {
							f(p+"/"+name, Ident, name)
						}
						walkSchema(m[name], p+"/"+name, depth+1, f)
					}
				}
			case schemaOne[k]:
				walkSchema(val, p, depth+1, f)
			case schemaList[k]:
				if l, ok := val.([]any); ok {
					for i, x := range l {
						walkSchema(x, p+"/"+itoa(i), depth+1, f)
					}
				}
			}
		}
	}
}

// walkStrings visits every string leaf under v with its path.
func walkStrings(v any, path string, depth int, f func(path, text string)) {
	if depth > MaxDepth {
		return
	}
	switch t := v.(type) {
	case string:
		f(path, t)
	case map[string]any:
		for _, k := range sortedKeys(t) {
			walkStrings(t[k], path+"/"+k, depth+1, f)
		}
	case []any:
		for i, x := range t {
			walkStrings(x, path+"/"+itoa(i), depth+1, f)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func itoa(i int) string { return strconv.Itoa(i) }
