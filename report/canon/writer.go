package canon

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gowebpki/jcs"
)

// The fast canonical writer: RFC 8785 straight from raw JSON bytes in one
// pass, without building a tree of nodes and strings as the JCS library
// does. Hashing calls it on every component of every tool, so it is the
// hot path of the hashes pass.
//
// It handles what servers and Assay's own encoder actually send: objects,
// arrays, strings (escapes decoded, re-escaped the RFC 8785 way), literals,
// and numbers (plain integers below 2^53 copied, integers no double holds
// exactly copied too, others formatted by the JCS library's ECMAScript
// number formatter). Anything unusual — invalid
// JSON, invalid UTF-8, a lone surrogate escape, a duplicate member name,
// extreme nesting — makes it give up, and the caller falls back to the JCS
// library ([JSON]), so both paths always agree: TestWriterMatchesJCS
// compares them on every corpus definition and on a fuzzed corpus.

var errSlow = errors.New("canon: not on the fast path")

// maxDepth bounds the writer's recursion; deeper input takes the JCS path
// (which has its own bound).
const maxDepth = 512

// member is one object member during canonicalisation.
type member struct {
	key string
	val []byte
}

type writer struct {
	in  []byte
	pos int
	// levels holds, per nesting depth, the member list and value buffer
	// of the object being written there. An object's output is copied out
	// before its next sibling starts, so each depth's buffers are reused
	// by every object at that depth instead of allocated afresh.
	levels []level
}

// maxKept is the largest value buffer kept for reuse at one depth.
const maxKept = 64 << 10

type level struct {
	ms      []member
	scratch []byte
}

// appendCanonical appends the canonical form of raw to dst.
func appendCanonical(dst, raw []byte) ([]byte, error) {
	w := writer{in: raw}
	return w.canonical(dst)
}

// canonical appends the canonical form of w.in to dst.
func (w *writer) canonical(dst []byte) ([]byte, error) {
	w.space()
	out, err := w.value(dst, 0)
	if err != nil {
		return dst, err
	}
	w.space()
	if w.pos != len(w.in) {
		return dst, errSlow
	}
	return out, nil
}

func (w *writer) space() {
	for w.pos < len(w.in) {
		switch w.in[w.pos] {
		case ' ', '\t', '\n', '\r':
			w.pos++
		default:
			return
		}
	}
}

func (w *writer) value(dst []byte, depth int) ([]byte, error) {
	if w.pos >= len(w.in) || depth > maxDepth {
		return dst, errSlow
	}
	switch c := w.in[w.pos]; {
	case c == '{':
		return w.object(dst, depth)
	case c == '[':
		return w.array(dst, depth)
	case c == '"':
		// A string with no escape, no control byte and valid UTF-8 is
		// already in its canonical form: copy it without decoding.
		if end, ok := w.plainString(); ok {
			dst = append(dst, w.in[w.pos:end]...)
			w.pos = end
			return dst, nil
		}
		s, err := w.str()
		if err != nil {
			return dst, err
		}
		return appendString(dst, s), nil
	case c == 't':
		return w.literal(dst, "true")
	case c == 'f':
		return w.literal(dst, "false")
	case c == 'n':
		return w.literal(dst, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return w.number(dst)
	}
	return dst, errSlow
}

func (w *writer) literal(dst []byte, lit string) ([]byte, error) {
	if !bytes.HasPrefix(w.in[w.pos:], []byte(lit)) {
		return dst, errSlow
	}
	w.pos += len(lit)
	return append(dst, lit...), nil
}

func (w *writer) array(dst []byte, depth int) ([]byte, error) {
	w.pos++
	dst = append(dst, '[')
	w.space()
	if w.pos < len(w.in) && w.in[w.pos] == ']' {
		w.pos++
		return append(dst, ']'), nil
	}
	for n := 0; ; n++ {
		if n > 0 {
			dst = append(dst, ',')
		}
		w.space()
		var err error
		if dst, err = w.value(dst, depth+1); err != nil {
			return dst, err
		}
		w.space()
		if w.pos >= len(w.in) {
			return dst, errSlow
		}
		switch w.in[w.pos] {
		case ',':
			w.pos++
		case ']':
			w.pos++
			return append(dst, ']'), nil
		default:
			return dst, errSlow
		}
	}
}

func (w *writer) object(dst []byte, depth int) ([]byte, error) {
	for len(w.levels) <= depth {
		w.levels = append(w.levels, level{})
	}
	ms, scratch := w.levels[depth].ms[:0], w.levels[depth].scratch[:0]
	defer func() {
		// Keep small buffers for the next object at this depth; a large
		// one (a whole server of a big document) is let go, so a
		// document's canonical form never holds more than it did.
		if cap(scratch) > maxKept {
			scratch = nil
		}
		w.levels[depth] = level{ms: ms[:0], scratch: scratch[:0]}
	}()
	err := w.members(func(k string) error {
		start := len(scratch)
		var err error
		if scratch, err = w.value(scratch, depth+1); err != nil {
			return err
		}
		ms = append(ms, member{key: k, val: scratch[start:len(scratch):len(scratch)]})
		return nil
	})
	if err != nil {
		return dst, err
	}
	return appendMembers(dst, ms, copyValue)
}

// members reads the object at w.pos (on its '{'), calling each for every
// member with the reader on the member's value, which each must consume.
func (w *writer) members(each func(key string) error) error {
	w.pos++
	w.space()
	if w.pos < len(w.in) && w.in[w.pos] == '}' {
		w.pos++
		return nil
	}
	for {
		w.space()
		if w.pos >= len(w.in) || w.in[w.pos] != '"' {
			return errSlow
		}
		k, err := w.str()
		if err != nil {
			return err
		}
		w.space()
		if w.pos >= len(w.in) || w.in[w.pos] != ':' {
			return errSlow
		}
		w.pos++
		w.space()
		if err := each(k); err != nil {
			return err
		}
		w.space()
		if w.pos >= len(w.in) {
			return errSlow
		}
		switch w.in[w.pos] {
		case ',':
			w.pos++
		case '}':
			w.pos++
			return nil
		default:
			return errSlow
		}
	}
}

func copyValue(dst, val []byte) ([]byte, error) { return append(dst, val...), nil }

// appendMembers writes members sorted by UTF-16 code units (RFC 8785
// section 3.2.3), each value through write; a duplicate name is refused,
// as RFC 8785 requires.
func appendMembers(dst []byte, ms []member, write func(dst, val []byte) ([]byte, error)) ([]byte, error) {
	ascii := true
	for _, m := range ms {
		for i := 0; i < len(m.key) && ascii; i++ {
			ascii = m.key[i] < utf8.RuneSelf
		}
	}
	cmp := func(a, b member) int { return strings.Compare(a.key, b.key) }
	if !ascii {
		cmp = func(a, b member) int {
			if lessUTF16(a.key, b.key) {
				return -1
			}
			if lessUTF16(b.key, a.key) {
				return 1
			}
			return 0
		}
	}
	if !slices.IsSortedFunc(ms, cmp) {
		slices.SortStableFunc(ms, cmp)
	}
	dst = append(dst, '{')
	for i, m := range ms {
		if i > 0 {
			if ms[i-1].key == m.key {
				return dst, errSlow
			}
			dst = append(dst, ',')
		}
		dst = appendString(dst, m.key)
		dst = append(dst, ':')
		var err error
		if dst, err = write(dst, m.val); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

// plainString reports whether the string at w.pos (on its opening quote)
// needs no decoding, and where it ends (after the closing quote).
func (w *writer) plainString() (int, bool) {
	ascii := true
	for i := w.pos + 1; i < len(w.in); i++ {
		switch c := w.in[i]; {
		case c == '"':
			if !ascii && !utf8.Valid(w.in[w.pos+1:i]) {
				return 0, false
			}
			return i + 1, true
		case c == '\\' || c < 0x20:
			return 0, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return 0, false
}

// str reads a JSON string at w.pos (on its opening quote) and returns it
// decoded. Invalid UTF-8, raw control characters and lone surrogates are
// left to the JCS library.
func (w *writer) str() (string, error) {
	w.pos++
	start := w.pos
	// Fast scan: no escapes, valid UTF-8.
	for w.pos < len(w.in) {
		c := w.in[w.pos]
		if c == '"' {
			s := w.in[start:w.pos]
			w.pos++
			if !utf8.Valid(s) {
				return "", errSlow
			}
			return string(s), nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", errSlow
		}
		w.pos++
	}
	buf := append([]byte(nil), w.in[start:w.pos]...)
	for w.pos < len(w.in) {
		c := w.in[w.pos]
		switch {
		case c == '"':
			w.pos++
			if !utf8.Valid(buf) {
				return "", errSlow
			}
			return string(buf), nil
		case c < 0x20:
			return "", errSlow
		case c != '\\':
			buf = append(buf, c)
			w.pos++
			continue
		}
		if w.pos+1 >= len(w.in) {
			return "", errSlow
		}
		e := w.in[w.pos+1]
		w.pos += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := w.hex4()
			if !ok {
				return "", errSlow
			}
			if utf16.IsSurrogate(r) {
				if w.pos+1 >= len(w.in) || w.in[w.pos] != '\\' || w.in[w.pos+1] != 'u' {
					return "", errSlow
				}
				w.pos += 2
				r2, ok := w.hex4()
				if !ok {
					return "", errSlow
				}
				if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
					return "", errSlow
				}
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", errSlow
		}
	}
	return "", errSlow
}

func (w *writer) hex4() (rune, bool) {
	if w.pos+4 > len(w.in) {
		return 0, false
	}
	var r rune
	for _, c := range w.in[w.pos : w.pos+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c-'a') + 10
		case c >= 'A' && c <= 'F':
			r |= rune(c-'A') + 10
		default:
			return 0, false
		}
	}
	w.pos += 4
	return r, true
}

// number writes a JSON number in its ECMAScript form: a plain integer of
// at most 15 digits is already canonical; any other goes through the JCS
// library's formatter, as the JCS path would.
func (w *writer) number(dst []byte) ([]byte, error) {
	start := w.pos
	if w.in[w.pos] == '-' {
		w.pos++
	}
	intStart := w.pos
	for w.pos < len(w.in) && w.in[w.pos] >= '0' && w.in[w.pos] <= '9' {
		w.pos++
	}
	digits := w.pos - intStart
	if digits == 0 || (digits > 1 && w.in[intStart] == '0') {
		return dst, errSlow
	}
	simple := true
	if w.pos < len(w.in) && w.in[w.pos] == '.' {
		simple = false
		w.pos++
		if !w.digits() {
			return dst, errSlow
		}
	}
	if w.pos < len(w.in) && (w.in[w.pos] == 'e' || w.in[w.pos] == 'E') {
		simple = false
		w.pos++
		if w.pos < len(w.in) && (w.in[w.pos] == '+' || w.in[w.pos] == '-') {
			w.pos++
		}
		if !w.digits() {
			return dst, errSlow
		}
	}
	tok := w.in[start:w.pos]
	if simple && digits <= 15 && string(tok) != "-0" {
		return append(dst, tok...), nil
	}
	if simple && inexactInteger(tok) {
		// RFC 8785 would round it to the nearest double, so an edit of
		// its last digits would keep the hash and the signature; its
		// digits are kept exactly instead (see exact.go).
		return append(dst, tok...), nil
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil {
		return dst, errSlow
	}
	s, err := jcs.NumberToJSON(f)
	if err != nil {
		return dst, errSlow
	}
	return append(dst, s...), nil
}

func (w *writer) digits() bool {
	n := 0
	for w.pos < len(w.in) && w.in[w.pos] >= '0' && w.in[w.pos] <= '9' {
		w.pos++
		n++
	}
	return n > 0
}

func (w *writer) end() error {
	w.space()
	if w.pos != len(w.in) {
		return errSlow
	}
	return nil
}

// RawMember is one member of a JSON object with its value as written.
type RawMember struct {
	Key string
	Raw []byte
}

// RawMembers splits the JSON object raw into its members without
// canonicalising the values (they are checked for well-formedness only
// when written by [AppendMembers]).
func RawMembers(raw []byte) ([]RawMember, error) {
	w := writer{in: raw}
	w.space()
	if w.pos >= len(w.in) || w.in[w.pos] != '{' {
		return nil, errSlow
	}
	var ms []RawMember
	err := w.members(func(k string) error {
		start := w.pos
		if !w.skip(0) {
			return errSlow
		}
		ms = append(ms, RawMember{Key: k, Raw: w.in[start:w.pos]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ms, w.end()
}

// skip moves past one JSON value, checking only its structure.
func (w *writer) skip(depth int) bool {
	if w.pos >= len(w.in) || depth > maxDepth {
		return false
	}
	switch c := w.in[w.pos]; c {
	case '{', '[':
		closeBy := byte('}')
		if c == '[' {
			closeBy = ']'
		}
		w.pos++
		w.space()
		if w.pos < len(w.in) && w.in[w.pos] == closeBy {
			w.pos++
			return true
		}
		for {
			w.space()
			if c == '{' {
				if w.pos >= len(w.in) || w.in[w.pos] != '"' || !w.skip(depth+1) {
					return false
				}
				w.space()
				if w.pos >= len(w.in) || w.in[w.pos] != ':' {
					return false
				}
				w.pos++
				w.space()
			}
			if !w.skip(depth + 1) {
				return false
			}
			w.space()
			if w.pos >= len(w.in) {
				return false
			}
			switch w.in[w.pos] {
			case ',':
				w.pos++
			case closeBy:
				w.pos++
				return true
			default:
				return false
			}
		}
	case '"':
		for i := w.pos + 1; i < len(w.in); i++ {
			switch w.in[i] {
			case '\\':
				i++
			case '"':
				w.pos = i + 1
				return true
			}
		}
		return false
	}
	for w.pos < len(w.in) {
		switch w.in[w.pos] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return true
		}
		w.pos++
	}
	return true
}

// AppendMembers writes the object of ms canonically to dst: members sorted
// by UTF-16 code units (a duplicate name is refused), each value
// canonicalised straight into dst, so a large document is copied once.
func AppendMembers(dst []byte, ms []RawMember) ([]byte, error) {
	order := make([]member, len(ms))
	for i, m := range ms {
		order[i] = member{key: m.Key, val: m.Raw}
	}
	return appendMembers(dst, order, appendCanonical)
}

// RawElements splits the JSON array raw into its elements as written
// (without the white space around them), checking only their structure.
func RawElements(raw []byte) ([][]byte, error) {
	w := writer{in: raw}
	w.space()
	if w.pos >= len(w.in) || w.in[w.pos] != '[' {
		return nil, errSlow
	}
	w.pos++
	w.space()
	out := [][]byte{}
	if w.pos < len(w.in) && w.in[w.pos] == ']' {
		w.pos++
		return out, w.end()
	}
	for {
		w.space()
		start := w.pos
		if !w.skip(0) {
			return nil, errSlow
		}
		out = append(out, w.in[start:w.pos:w.pos])
		w.space()
		if w.pos >= len(w.in) {
			return nil, errSlow
		}
		switch w.in[w.pos] {
		case ',':
			w.pos++
		case ']':
			w.pos++
			return out, w.end()
		default:
			return nil, errSlow
		}
	}
}
