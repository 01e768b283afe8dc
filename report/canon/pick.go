package canon

import (
	"encoding/json"
	"slices"
	"strings"
)

// The fast path of token counting's text: [FieldsJSON] and [ToolName] read
// a definition with encoding/json into a map and a struct, then
// canonicalise the picked members again; a count of 10,000 tools spent two
// seconds there. pickFast does both in one pass of the canonical writer
// and gives up (the callers then take the old path, which stays the
// definition of the result) on anything the writer does not take —
// invalid JSON or UTF-8, duplicate picked members — and, for the name, on a
// member whose name matches "name" only case-insensitively, which a struct
// decode would read. TestPickMatchesSlowPath compares both paths on every
// corpus definition and on fuzzed input.

// pickFast returns the canonical JSON of the members of raw named in
// fields, and the value of its "name" member when that is a string.
func pickFast(dst, raw []byte, fields []string) (out []byte, name string, err error) {
	ms, name, err := pickMembers(raw, fields)
	if err != nil {
		return dst, "", err
	}
	out, err = appendMembers(dst, ms, copyValue)
	return out, name, err
}

// PickParts is [FieldsJSON] of raw and fields together with each picked
// member's canonical value, from one pass of the writer: what
// FieldsJSON(raw, []string{f}) would hold for each f, without writing
// the definition once per field. ok is false when the fast writer does
// not take raw; the caller then asks FieldsJSON.
func PickParts(raw []byte, fields []string) (whole []byte, parts map[string][]byte, ok bool) {
	ms, _, err := pickMembers(raw, fields)
	if err != nil {
		return nil, nil, false
	}
	if whole, err = appendMembers(nil, ms, copyValue); err != nil {
		return nil, nil, false
	}
	parts = make(map[string][]byte, len(ms))
	for _, m := range ms {
		parts[m.key] = m.val
	}
	return whole, parts, true
}

// pickMembers reads raw's members named in fields, canonical, in served
// order, and the value of its "name" member when that is a string.
func pickMembers(raw []byte, fields []string) (ms []member, name string, err error) {
	w := writer{in: raw}
	w.space()
	if w.pos >= len(w.in) || w.in[w.pos] != '{' {
		return nil, "", errSlow
	}
	var scratch []byte
	err = w.members(func(k string) error {
		start := len(scratch)
		if k != "name" && strings.EqualFold(k, "name") {
			return errSlow
		}
		if k == "name" && w.pos < len(w.in) && w.in[w.pos] == '"' {
			p := w.pos
			s, err := w.str()
			if err != nil {
				return err
			}
			name, w.pos = s, p
		}
		var err error
		if scratch, err = w.value(scratch, 1); err != nil {
			return err
		}
		if !slices.Contains(fields, k) {
			scratch = scratch[:start]
			return nil
		}
		ms = append(ms, member{key: k, val: scratch[start:len(scratch):len(scratch)]})
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	w.space()
	if w.pos != len(w.in) {
		return nil, "", errSlow
	}
	return ms, name, nil
}

// ToolCount is a tool definition's [CountText] form and its [ToolName] in
// one reading.
func ToolCount(raw json.RawMessage) (text []byte, name string) {
	if out, n, err := pickFast(nil, raw, ToolFields); err == nil {
		return out, n
	}
	return CountText(raw, ToolFields), ToolName(raw)
}

// ToolsListOf is [ToolsListJSON] from tools already in their [CountText]
// form.
func ToolsListOf(texts [][]byte) []byte {
	n := len(`{"tools":[]}`) + len(texts)
	for _, t := range texts {
		n += len(t)
	}
	b := make([]byte, 0, n)
	b = append(b, `{"tools":[`...)
	for i, t := range texts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, t...)
	}
	return append(b, `]}`...)
}
