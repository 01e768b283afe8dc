package model

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Limits of one document Assay decodes (bundle, findings file, capture or
// tools/list result). A document is hostile input: these bound the work
// and memory its decoding and analysis can cost, and each is far above
// what real surfaces use. Exceeding one is bad input (exit 65) with an
// error naming the limit. docs/inputs.md lists them.
const (
	// MaxDepth is the deepest nesting of objects and arrays. Real tool
	// schemas nest a few levels; the deepest document in testdata/ nests 32
	// (a Notion capture with its bundle wrapping), so 128 leaves headroom.
	MaxDepth = 128
	// MaxServers is the number of servers in one document.
	MaxServers = 2000
	// MaxItemsPerList is the number of tools (or prompts, resources,
	// resource templates) of one server: the collector's own cap
	// (collectkit/live DefaultLimits.MaxItems).
	MaxItemsPerList = 10000
	// MaxItems is the number of definitions in one document, all servers
	// and lists together.
	MaxItems = 50000
	// MaxStringBytes is the longest string (as written in the file, with
	// its escapes): descriptions and instructions are kilobytes.
	MaxStringBytes = 4 << 20
)

// listKeys are the members whose arrays hold definitions or servers.
var listKeys = map[string]bool{"tools": true, "prompts": true, "resources": true, "resourceTemplates": true}

// checkDocument reads data once, in time linear in its size and without
// recursion, and refuses what the decoders must never see: bad syntax,
// nesting deeper than MaxDepth, a duplicate member name (encoding/json
// would keep the last one silently), a number no float64 can hold
// (1e999999), a string over MaxStringBytes, and more servers or
// definitions than the limits. Every error names the byte offset.
func checkDocument(name string, data []byte) error {
	c := checker{in: data, name: name}
	return c.run()
}

type frame struct {
	array bool
	keys  map[string]struct{}
	// key is the member name whose value this container is ("" in arrays).
	key   string
	count int
}

type checker struct {
	name  string
	in    []byte
	pos   int
	stack []frame
	items int
}

func (c *checker) fail(at int, format string, a ...any) error {
	return &InputError{File: c.name, Offset: int64(at), Msg: fmt.Sprintf(format, a...)}
}

func (c *checker) space() {
	for c.pos < len(c.in) {
		switch c.in[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return
		}
	}
}

func (c *checker) run() error {
	c.space()
	if err := c.value(""); err != nil {
		return err
	}
	for len(c.stack) > 0 {
		if err := c.next(); err != nil {
			return err
		}
	}
	c.space()
	if c.pos != len(c.in) {
		return c.fail(c.pos, "malformed JSON: unexpected %s after the document", c.what())
	}
	return nil
}

// next advances inside the innermost open container: the next member or
// element, or its end.
func (c *checker) next() error {
	top := &c.stack[len(c.stack)-1]
	c.space()
	if c.pos >= len(c.in) {
		return c.fail(len(c.in), "malformed JSON: unexpected end of input (truncated file?)")
	}
	closer := byte('}')
	if top.array {
		closer = ']'
	}
	if c.in[c.pos] == closer {
		c.pos++
		c.stack = c.stack[:len(c.stack)-1]
		return nil
	}
	if top.count > 0 {
		if c.in[c.pos] != ',' {
			return c.fail(c.pos, "malformed JSON: expected ',' or '%c', found %s", closer, c.what())
		}
		c.pos++
		c.space()
	}
	top.count++
	if err := c.counted(top); err != nil {
		return err
	}
	if top.array {
		return c.value("")
	}
	key, err := c.member(top)
	if err != nil {
		return err
	}
	return c.value(key)
}

// counted enforces the per-list and per-document limits as elements are
// met, so a huge list is refused at its first element over the limit.
func (c *checker) counted(top *frame) error {
	if !top.array {
		return nil
	}
	depth := len(c.stack)
	switch {
	case top.key == "servers" && depth == 2 && top.count > MaxServers:
		return c.fail(c.pos, "more than %d servers in one document (limit MaxServers)", MaxServers)
	case listKeys[top.key] && depth <= 4:
		if top.count > MaxItemsPerList {
			return c.fail(c.pos, "more than %d entries in one %q list (limit MaxItemsPerList)", MaxItemsPerList, top.key)
		}
		if c.items++; c.items > MaxItems {
			return c.fail(c.pos, "more than %d tools, prompts and resources in one document (limit MaxItems)", MaxItems)
		}
	}
	return nil
}

// member reads `"name":` and refuses a name already used in the object.
func (c *checker) member(top *frame) (string, error) {
	at := c.pos
	if c.pos >= len(c.in) || c.in[c.pos] != '"' {
		return "", c.fail(c.pos, "malformed JSON: expected a member name in quotes, found %s", c.what())
	}
	key, err := c.str()
	if err != nil {
		return "", err
	}
	if _, dup := top.keys[key]; dup {
		return "", c.fail(at, "duplicate member name %q in one object (JSON readers disagree on which one counts)", key)
	}
	top.keys[key] = struct{}{}
	c.space()
	if c.pos >= len(c.in) || c.in[c.pos] != ':' {
		return "", c.fail(c.pos, "malformed JSON: expected ':' after member name %q, found %s", key, c.what())
	}
	c.pos++
	c.space()
	return key, nil
}

// value reads one value; an object or array is opened on the stack and
// read by next.
func (c *checker) value(key string) error {
	if c.pos >= len(c.in) {
		return c.fail(len(c.in), "malformed JSON: unexpected end of input (truncated file?)")
	}
	switch ch := c.in[c.pos]; {
	case ch == '{' || ch == '[':
		if len(c.stack) >= MaxDepth {
			return c.fail(c.pos, "nesting deeper than %d levels (limit MaxDepth)", MaxDepth)
		}
		c.pos++
		f := frame{array: ch == '[', key: key}
		if !f.array {
			f.keys = map[string]struct{}{}
		}
		c.stack = append(c.stack, f)
		return nil
	case ch == '"':
		_, err := c.str()
		return err
	case ch == 't':
		return c.literal("true")
	case ch == 'f':
		return c.literal("false")
	case ch == 'n':
		if key == "servers" && len(c.stack) == 1 {
			return c.fail(c.pos, `"servers" is null; expected an array of servers`)
		}
		return c.literal("null")
	case ch == '-' || (ch >= '0' && ch <= '9'):
		return c.number()
	}
	return c.fail(c.pos, "malformed JSON: unexpected %s", c.what())
}

func (c *checker) literal(lit string) error {
	if len(c.in)-c.pos < len(lit) || string(c.in[c.pos:c.pos+len(lit)]) != lit {
		return c.fail(c.pos, "malformed JSON: unexpected %s", c.what())
	}
	c.pos += len(lit)
	return nil
}

// str reads a string and returns its decoded value (decoded only when it
// has escapes; member names need it, values do not).
func (c *checker) str() (string, error) {
	start := c.pos
	c.pos++
	escaped := false
	for c.pos < len(c.in) {
		ch := c.in[c.pos]
		switch {
		case ch == '"':
			c.pos++
			if c.pos-start > MaxStringBytes {
				return "", c.fail(start, "a string of %d bytes, longer than the %d-byte limit (MaxStringBytes)", c.pos-start, MaxStringBytes)
			}
			if !escaped {
				return string(c.in[start+1 : c.pos-1]), nil
			}
			var s string
			if err := json.Unmarshal(c.in[start:c.pos], &s); err != nil {
				return "", c.fail(start, "malformed JSON: bad escape in string")
			}
			return s, nil
		case ch == '\\':
			escaped = true
			if c.pos+1 >= len(c.in) {
				break
			}
			if e := c.in[c.pos+1]; e == 'u' {
				if !hex4(c.in[c.pos+2:]) {
					return "", c.fail(c.pos, `malformed JSON: bad \u escape in string`)
				}
				c.pos += 6
				continue
			} else if !isEscape(e) {
				return "", c.fail(c.pos, "malformed JSON: bad escape in string")
			}
			c.pos += 2
			continue
		case ch < 0x20:
			return "", c.fail(c.pos, "malformed JSON: control character 0x%02x inside a string", ch)
		}
		c.pos++
		if c.pos-start > MaxStringBytes {
			return "", c.fail(start, "a string longer than the %d-byte limit (MaxStringBytes)", MaxStringBytes)
		}
	}
	return "", c.fail(len(c.in), "malformed JSON: unterminated string (truncated file?)")
}

func isEscape(e byte) bool {
	switch e {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return true
	}
	return false
}

func hex4(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	for _, h := range b[:4] {
		if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
			return false
		}
	}
	return true
}

// number reads a JSON number and refuses one that no float64 can hold.
// Integers beyond 2^53 are accepted: canonicalisation keeps their digits
// exactly (report/canon).
func (c *checker) number() error {
	start := c.pos
	if c.in[c.pos] == '-' {
		c.pos++
	}
	intStart := c.pos
	for c.pos < len(c.in) && c.in[c.pos] >= '0' && c.in[c.pos] <= '9' {
		c.pos++
	}
	if n := c.pos - intStart; n == 0 || (n > 1 && c.in[intStart] == '0') {
		return c.fail(start, "malformed JSON: bad number")
	}
	if c.pos < len(c.in) && c.in[c.pos] == '.' {
		c.pos++
		if !c.digits() {
			return c.fail(start, "malformed JSON: bad number")
		}
	}
	if c.pos < len(c.in) && (c.in[c.pos] == 'e' || c.in[c.pos] == 'E') {
		c.pos++
		if c.pos < len(c.in) && (c.in[c.pos] == '+' || c.in[c.pos] == '-') {
			c.pos++
		}
		if !c.digits() {
			return c.fail(start, "malformed JSON: bad number")
		}
	}
	tok := string(c.in[start:c.pos])
	if f, err := strconv.ParseFloat(tok, 64); err != nil || math.IsInf(f, 0) || (f == 0 && nonZeroMantissa(tok)) {
		shown := tok
		if len(shown) > 40 {
			shown = shown[:40] + "…"
		}
		return c.fail(start, "number %s is out of range (a JSON reader holds magnitudes from 5e-324 to 1.8e308)", shown)
	}
	return nil
}

func (c *checker) digits() bool {
	n := 0
	for c.pos < len(c.in) && c.in[c.pos] >= '0' && c.in[c.pos] <= '9' {
		c.pos++
		n++
	}
	return n > 0
}

// what names the byte at pos for an error.
func (c *checker) what() string {
	if c.pos >= len(c.in) {
		return "end of input"
	}
	ch := c.in[c.pos]
	if ch >= 0x20 && ch < 0x7f {
		return fmt.Sprintf("'%c'", ch)
	}
	return fmt.Sprintf("byte 0x%02x", ch)
}

// nonZeroMantissa says whether a number token has a non-zero digit before
// its exponent: such a number that parses as 0 underflowed.
func nonZeroMantissa(tok string) bool {
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; {
		case c == 'e' || c == 'E':
			return false
		case c >= '1' && c <= '9':
			return true
		}
	}
	return false
}
