package hashes

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// Text is one model-facing string inside a definition, named by its path
// relative to the tool (e.g. "inputSchema/properties/path/description").
type Text struct {
	Path  string
	Value string
}

// schemaTextKeys are the schema keywords whose string values reach the
// model: prose (description, title), and literal values it may copy
// (enum, const, default, examples).
var schemaTextKeys = map[string]bool{
	"description": true, "title": true, "enum": true, "const": true, "default": true, "examples": true,
}

// SchemaTexts returns every model-facing string inside a JSON Schema, in
// document order with object keys sorted, each path prefixed by prefix.
// Malformed JSON yields nothing (the component hash still covers it).
func SchemaTexts(raw json.RawMessage, prefix string) []Text {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	v, ok := decode(raw)
	if !ok {
		return nil
	}
	var out []Text
	walkSchema(v, prefix, &out)
	return out
}

func walkSchema(v any, path string, out *[]Text) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			val := x[k]
			switch val.(type) {
			case map[string]any, []any:
			case string:
				if !schemaTextKeys[k] {
					continue
				}
			default:
				// Any other leaf holds no text and no schema: no path to
				// build for it.
				continue
			}
			p := path + "/" + escapePointer(k)
			if schemaTextKeys[k] {
				switch s := val.(type) {
				case string:
					*out = append(*out, Text{Path: p, Value: s})
					continue
				case []any:
					if k == "enum" || k == "examples" {
						for i, e := range s {
							if es, ok := e.(string); ok {
								*out = append(*out, Text{Path: p + "/" + strconv.Itoa(i), Value: es})
							}
						}
						continue
					}
				}
			}
			walkSchema(val, p, out)
		}
	case []any:
		for i, e := range x {
			walkSchema(e, path+"/"+strconv.Itoa(i), out)
		}
	}
}

// ToolTexts returns the model-facing strings of a raw tool definition:
// title, description, annotations/title and every schema text.
func ToolTexts(raw json.RawMessage) []Text {
	var t struct {
		Title       *string         `json:"title"`
		Description *string         `json:"description"`
		Input       json.RawMessage `json:"inputSchema"`
		Output      json.RawMessage `json:"outputSchema"`
		Annotations struct {
			Title *string `json:"title"`
		} `json:"annotations"`
	}
	_ = json.Unmarshal(raw, &t)
	var out []Text
	if t.Description != nil {
		out = append(out, Text{Path: "description", Value: *t.Description})
	}
	if t.Title != nil {
		out = append(out, Text{Path: "title", Value: *t.Title})
	}
	if t.Annotations.Title != nil {
		out = append(out, Text{Path: "annotations/title", Value: *t.Annotations.Title})
	}
	out = append(out, SchemaTexts(t.Input, "inputSchema")...)
	out = append(out, SchemaTexts(t.Output, "outputSchema")...)
	return out
}

func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func decode(raw []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	return v, true
}

// CollapseSpace trims s and folds every run of ASCII whitespace into one
// space. Non-ASCII spaces are kept: swapping a space for U+00A0 is a real
// change. This is the only text folding Assay does before hashing, and it
// is used only for the separate whitespace-insensitive hash.
func CollapseSpace(s string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(c)
	}
	return b.String()
}
