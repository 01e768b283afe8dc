package model

import (
	"bytes"
	"encoding/json"
)

// Marshal encodes an Assay document deterministically: two-space indent,
// no HTML escaping (server text stays as served; renderers escape for
// their medium), trailing newline.
func Marshal(v any) ([]byte, error) {
	if f, ok := v.(*Findings); ok {
		// The same bytes, without reflection (encode.go).
		b, err := AppendFindingsJSON(nil, f, true)
		if err != nil {
			return nil, err
		}
		return append(b, '\n'), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Merge appends the servers, contexts, errors, settings and instruction
// files of other bundles into one.
func Merge(bs ...*Bundle) *Bundle {
	out := &Bundle{Kind: BundleKind, Servers: []Server{}}
	for _, b := range bs {
		if b == nil {
			continue
		}
		if out.Generator.Name == "" {
			out.Generator = b.Generator
			out.Host = b.Host
			out.CreatedAt = b.CreatedAt
		}
		out.Contexts = append(out.Contexts, b.Contexts...)
		out.Servers = append(out.Servers, b.Servers...)
		out.Errors = append(out.Errors, b.Errors...)
		out.Settings = append(out.Settings, b.Settings...)
		out.Instructions = append(out.Instructions, b.Instructions...)
	}
	return out
}
