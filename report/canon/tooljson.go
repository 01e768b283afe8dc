package canon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// ToolFields are the members of a tool definition that reach the model and
// so are counted as its token cost. Everything else a server sends (_meta,
// icons, execution hints) is client plumbing and is left out.
var ToolFields = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}

// ToolJSON is the canonical serialisation of one tool definition used for
// token counting: the [ToolFields] present in raw (absent ones omitted, an
// explicit null kept), as compact JSON with keys sorted at every level and
// no escaping beyond what JSON requires, so '<', '>', '&' and non-ASCII stay
// literal, exactly as JavaScript's JSON.stringify writes them.
//
// The native token counter and the WebAssembly estimate both call this, so
// a count recorded in a bundle and an estimate made in the page measure the
// same bytes. Keys are ordered by UTF-16 code units and numbers are written
// in their ECMAScript form (RFC 8785), which is what a JavaScript
// implementation that sorts keys would produce.
func ToolJSON(raw json.RawMessage) ([]byte, error) {
	return FieldsJSON(raw, ToolFields)
}

// Model-facing members of the other listings, counted the same way as tools.
var (
	PromptFields   = []string{"name", "title", "description", "arguments"}
	ResourceFields = []string{"uri", "name", "title", "description", "mimeType", "size"}
	TemplateFields = []string{"uriTemplate", "name", "title", "description", "mimeType"}
)

// FieldsJSON is [ToolJSON] for any definition object: the listed members
// present in raw, canonical, sorted, with no HTML escaping.
func FieldsJSON(raw json.RawMessage, fields []string) ([]byte, error) {
	if out, _, err := pickFast(nil, raw, fields); err == nil {
		return out, nil // the same bytes, without encoding/json (pick.go)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, fmt.Errorf("reading definition: %w", err)
	}
	if all == nil {
		return nil, fmt.Errorf("reading definition: not an object")
	}
	picked := Pick(all, fields...)
	out, err := JSON(picked)
	if err == nil {
		return out, nil
	}
	// RFC 8785 refuses lone surrogates and duplicate keys, which a hostile
	// server may still send. Fall back to Go's decoder (last key wins, lone
	// surrogates become U+FFFD) so the definition is still counted.
	out, ferr := looseJSON(picked)
	if ferr != nil {
		return nil, fmt.Errorf("canonicalising definition: %w", err)
	}
	return out, nil
}

// CountText is what token counting measures for one definition: its
// [FieldsJSON] form, or, when it is not a JSON object at all, its bytes as
// served with insignificant whitespace removed. It never fails, so one
// malformed item cannot hide the cost of the rest.
func CountText(raw json.RawMessage, fields []string) []byte {
	if c, err := FieldsJSON(raw, fields); err == nil {
		return c
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

// ToolsListJSON serialises a whole tools/list result, {"tools":[...]},
// once, with every tool in its [CountText] form and in served order.
func ToolsListJSON(tools []json.RawMessage) []byte {
	texts := make([][]byte, len(tools))
	for i, t := range tools {
		texts[i] = CountText(t, ToolFields)
	}
	return ToolsListOf(texts)
}

// looseJSON re-encodes raw with sorted keys and no HTML escaping, using Go's
// tolerant decoder. Numbers keep their served text.
func looseJSON(raw []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := writeLoose(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeLoose(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			if err := writeLoose(b, x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeLoose(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case string:
		writeString(b, x)
	default:
		enc, err := json.Marshal(x)
		if err != nil {
			return err
		}
		b.Write(enc)
	}
	return nil
}

// writeString writes s as a JSON string escaping only what JSON requires.
func writeString(b *bytes.Buffer, s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// ToolName reads a tool definition's name; a missing or non-string name
// is "". Token counting and its estimate key per-tool counts by it.
func ToolName(raw json.RawMessage) string {
	var h struct {
		Name json.RawMessage `json:"name"`
	}
	if json.Unmarshal(raw, &h) != nil {
		return ""
	}
	var s string
	if json.Unmarshal(h.Name, &s) != nil {
		return ""
	}
	return s
}

// Pick builds a JSON object of the named members present in all, keeping
// their raw values, so absent stays absent and null stays null. Token
// counting and the component hashes both select members this way.
func Pick(all map[string]json.RawMessage, keys ...string) []byte {
	size := 2
	for _, k := range keys {
		if v, ok := all[k]; ok {
			size += len(k) + len(v) + 4
		}
	}
	b := make([]byte, 1, size)
	b[0] = '{'
	n := 0
	for _, k := range keys {
		v, ok := all[k]
		if !ok {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		if plainKey(k) {
			b = append(append(append(b, '"'), k...), '"')
		} else {
			kb, _ := json.Marshal(k)
			b = append(b, kb...)
		}
		b = append(b, ':')
		b = append(b, v...)
	}
	return append(b, '}')
}

// plainKey: k is written by json.Marshal as itself between quotes.
func plainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
