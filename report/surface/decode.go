package surface

import (
	"encoding/json"
	"unicode/utf8"
)

// The view's own JSON decoder: each tool definition is read once, into its
// members (raw, for the hashes) and their values (decoded, for the
// passes), instead of once per member by encoding/json. It produces
// exactly what encoding/json produces with UseNumber — maps, slices,
// strings, json.Number, bools, nil; the last of duplicate names wins; a
// string with an escape or a byte encoding/json would replace is decoded
// by encoding/json itself — and gives up on anything else unusual (bad
// syntax, deep nesting), leaving that input to encoding/json, so the two
// never disagree (TestDecoderMatchesStdlib compares them on the corpus
// and fuzzed input).

// maxDecodeDepth bounds the decoder's recursion; deeper input takes the
// encoding/json path.
const maxDecodeDepth = 256

type decoder struct {
	in  []byte
	pos int
}

// fastDecode decodes the first JSON value of raw when it is an object or
// an array (as json.Decoder does: what follows it is not read).
func fastDecode(raw []byte) (any, bool) {
	d := decoder{in: raw}
	d.space()
	if d.pos >= len(d.in) || (d.in[d.pos] != '{' && d.in[d.pos] != '[') {
		return nil, false
	}
	return d.value(0)
}

// fastMembers decodes raw as one JSON object followed only by white space
// (as json.Unmarshal requires): its members raw and decoded.
func fastMembers(raw []byte) (map[string]json.RawMessage, map[string]any, bool) {
	d := decoder{in: raw}
	d.space()
	if d.pos >= len(d.in) || d.in[d.pos] != '{' {
		return nil, nil, false
	}
	rawM := map[string]json.RawMessage{}
	vals := map[string]any{}
	ok := d.members(0, func(k string, start int, v any) {
		rawM[k] = raw[start:d.pos:d.pos]
		vals[k] = v
	})
	if !ok {
		return nil, nil, false
	}
	d.space()
	if d.pos != len(d.in) {
		return nil, nil, false
	}
	return rawM, vals, true
}

func (d *decoder) space() {
	for d.pos < len(d.in) {
		switch d.in[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) (any, bool) {
	if d.pos >= len(d.in) || depth > maxDecodeDepth {
		return nil, false
	}
	switch c := d.in[d.pos]; {
	case c == '{':
		m := map[string]any{}
		if !d.members(depth, func(k string, _ int, v any) { m[k] = v }) {
			return nil, false
		}
		return m, true
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, ok := d.str()
		return s, ok
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	}
	return nil, false
}

func (d *decoder) literal(lit string) bool {
	if len(d.in)-d.pos < len(lit) || string(d.in[d.pos:d.pos+len(lit)]) != lit {
		return false
	}
	d.pos += len(lit)
	return true
}

// members reads the object at d.pos, calling each with every member's
// name, the start of its value and the value (d.pos is then its end).
func (d *decoder) members(depth int, each func(k string, start int, v any)) bool {
	d.pos++
	d.space()
	if d.pos < len(d.in) && d.in[d.pos] == '}' {
		d.pos++
		return true
	}
	for {
		d.space()
		if d.pos >= len(d.in) || d.in[d.pos] != '"' {
			return false
		}
		k, ok := d.str()
		if !ok {
			return false
		}
		d.space()
		if d.pos >= len(d.in) || d.in[d.pos] != ':' {
			return false
		}
		d.pos++
		d.space()
		start := d.pos
		v, ok := d.value(depth + 1)
		if !ok {
			return false
		}
		each(k, start, v)
		d.space()
		if d.pos >= len(d.in) {
			return false
		}
		switch d.in[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			return true
		default:
			return false
		}
	}
}

func (d *decoder) array(depth int) (any, bool) {
	d.pos++
	out := []any{}
	d.space()
	if d.pos < len(d.in) && d.in[d.pos] == ']' {
		d.pos++
		return out, true
	}
	for {
		d.space()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		out = append(out, v)
		d.space()
		if d.pos >= len(d.in) {
			return nil, false
		}
		switch d.in[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			return out, true
		default:
			return nil, false
		}
	}
}

// str reads the string at d.pos (on its quote). A plain one (no escape, no
// control byte, valid UTF-8) is copied; any other is handed to
// encoding/json, which decodes escapes and replaces what it replaces.
func (d *decoder) str() (string, bool) {
	start := d.pos
	plain := true
	for i := d.pos + 1; i < len(d.in); i++ {
		switch c := d.in[i]; {
		case c == '"':
			tok := d.in[start : i+1]
			d.pos = i + 1
			if plain {
				// Each string is its own copy, never a substring of the
				// definition: a name or a text kept by a finding would
				// otherwise pin the whole definition in memory.
				if s := tok[1 : len(tok)-1]; utf8.Valid(s) {
					return string(s), true
				}
			}
			var s string
			if json.Unmarshal(tok, &s) != nil {
				return "", false
			}
			return s, true
		case c == '\\':
			plain = false
			i++
		case c < 0x20:
			return "", false
		}
	}
	return "", false
}

// number reads a JSON number (RFC 8259 grammar) as its literal text.
func (d *decoder) number() (any, bool) {
	start := d.pos
	if d.in[d.pos] == '-' {
		d.pos++
	}
	intStart := d.pos
	for d.pos < len(d.in) && d.in[d.pos] >= '0' && d.in[d.pos] <= '9' {
		d.pos++
	}
	if n := d.pos - intStart; n == 0 || (n > 1 && d.in[intStart] == '0') {
		return nil, false
	}
	if d.pos < len(d.in) && d.in[d.pos] == '.' {
		d.pos++
		if !d.digits() {
			return nil, false
		}
	}
	if d.pos < len(d.in) && (d.in[d.pos] == 'e' || d.in[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.in) && (d.in[d.pos] == '+' || d.in[d.pos] == '-') {
			d.pos++
		}
		if !d.digits() {
			return nil, false
		}
	}
	return json.Number(d.in[start:d.pos]), true
}

func (d *decoder) digits() bool {
	n := 0
	for d.pos < len(d.in) && d.in[d.pos] >= '0' && d.in[d.pos] <= '9' {
		d.pos++
		n++
	}
	return n > 0
}
