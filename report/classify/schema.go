package classify

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Limits of the schema walk. A schema past them is not guessed at: the
// walk fails closed and the tool is treated as able to reach anywhere.
const (
	defaultMaxDepth = 12
	defaultMaxNodes = 4000
)

// param is one property (or array item) found anywhere in an input schema.
type param struct {
	Ptr    string // JSON pointer from the tool root: /inputSchema/properties/url
	Name   string // property name; "" for array items and branches
	Parent string // pointer of the object holding it: siblings share it
	Toks   []string
	// Snake is the name as lower snake_case words (joined once).
	Snake  string
	Types  []string
	Format string
	// Closed is true when the value is fixed by enum, const or boolean type.
	Closed  bool
	Pattern string
	Enum    []string
	Desc    string
	// descWords is Desc as lower-case words, split on first use.
	descWords []string
	split     bool
	// lower is the server's lower-casing scratch (nil: none).
	lower *[]byte
	// ItemTypes are the types of an array's items.
	ItemTypes []string
	// Free is an object with no declared properties: anything goes.
	Free bool
}

func (p *param) is(t string) bool {
	for _, x := range p.Types {
		if x == t {
			return true
		}
	}
	return false
}

// stringy is true for a string, or a value of no declared type.
func (p *param) stringy() bool { return len(p.Types) == 0 || p.is("string") }

// words is the description as lower-case words (split once, on first use:
// most parameters are never asked).
func (p *param) words() []string {
	if !p.split {
		var buf [128]string
		p.descWords, p.split = proseWordsBuf(p.Desc, buf[:0], p.lower), true
	}
	return p.descWords
}

// stringArray is an array of strings (or of untyped items).
func (p *param) stringArray() bool {
	if !p.is("array") {
		return false
	}
	return len(p.ItemTypes) == 0 || p.ItemTypes[0] == "string"
}

// open is an unconstrained string: no enum, const or pattern.
func (p *param) open() bool { return p.stringy() && !p.Closed && p.Pattern == "" }

// lastTok is the final word of the property name.
func (p *param) lastTok() string {
	if len(p.Toks) == 0 {
		return ""
	}
	return p.Toks[len(p.Toks)-1]
}

// walk is the result of traversing one input schema.
type walk struct {
	Params []param
	// Fail names why the walk stopped (cycle, external $ref, depth or size
	// cap); empty when the whole schema was seen.
	Fail    string
	FailPtr string
}

type walker struct {
	root     any
	maxDepth int
	maxNodes int
	nodes    int
	out      walk
	refs     []string
	// names splits property names once per server (nil: no sharing).
	names *nameCache
	// keys is scratch for sorting property names, used as a stack.
	keys []string
	// lower is the server's lower-casing scratch, for parameter
	// descriptions (nil: none).
	lower *[]byte
}

// nameCache holds the words of identifiers (tool, property and enum
// names) split once and shared read-only by every tool of a server: the
// same few names recur across a server's tools. Not safe for concurrent
// use: one per server, which is classified by one goroutine.
type nameCache struct {
	m map[string]nameWords
}

// nameWords are an identifier's words and their snake_case join.
type nameWords struct {
	toks  []string
	snake string
}

// get returns s split by [Tokens] (capacity clipped, so an append never
// writes into the shared array) and joined with "_".
func (c *nameCache) get(s string) nameWords {
	if c != nil {
		if w, ok := c.m[s]; ok {
			return w
		}
	}
	toks := slices.Clip(Tokens(s))
	w := nameWords{toks: toks, snake: strings.Join(toks, "_")}
	if c != nil {
		if c.m == nil {
			c.m = map[string]nameWords{}
		}
		c.m[s] = w
	}
	return w
}

// Shared type lists of the common single types (read-only: a param's
// Types is only ever read, and a list of several is built afresh).
func oneType(t string) []string {
	switch t {
	case "string":
		return typeString
	case "number":
		return typeNumber
	case "integer":
		return typeInteger
	case "boolean":
		return typeBoolean
	case "object":
		return typeObject
	case "array":
		return typeArray
	}
	return []string{t}
}

var (
	typeString  = []string{"string"}
	typeNumber  = []string{"number"}
	typeInteger = []string{"integer"}
	typeBoolean = []string{"boolean"}
	typeObject  = []string{"object"}
	typeArray   = []string{"array"}
)

// walkSchema traverses properties, items (object or tuple), additional
// properties, allOf/anyOf/oneOf and local $ref ("#/..."), never fetching
// anything. Cycles, external or broken refs and cap breaches fail closed.
//
// w is the walker to use (a reused scratch: its buffers are kept, the
// rest is reset), or nil for a fresh one.
func walkSchema(root any, base string, o *Options, names *nameCache, w *walker) walk {
	if w == nil {
		w = &walker{}
	}
	*w = walker{maxDepth: defaultMaxDepth, maxNodes: defaultMaxNodes, names: names, lower: w.lower,
		keys: w.keys[:0], refs: w.refs[:0], out: walk{Params: w.out.Params[:0]}}
	if o != nil && o.MaxDepth > 0 {
		w.maxDepth = o.MaxDepth
	}
	if o != nil && o.MaxNodes > 0 {
		w.maxNodes = o.MaxNodes
	}
	if root == nil {
		return w.out
	}
	w.root = root
	w.node(w.root, base, base, "", 0)
	return w.out
}

func (w *walker) fail(ptr, why string) {
	if w.out.Fail == "" {
		w.out.Fail, w.out.FailPtr = why, ptr
	}
}

func escPtr(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// node visits schema v at ptr. parent is the pointer of the object whose
// property this is; name the property name.
func (w *walker) node(v any, ptr, parent, name string, depth int) {
	if w.out.Fail != "" {
		return
	}
	w.nodes++
	if w.nodes > w.maxNodes {
		w.fail(ptr, fmt.Sprintf("schema has more than %d nodes", w.maxNodes))
		return
	}
	if depth > w.maxDepth {
		w.fail(ptr, fmt.Sprintf("schema nests deeper than %d levels", w.maxDepth))
		return
	}
	m, ok := v.(map[string]any)
	if !ok {
		return // true/false schemas and junk carry nothing to classify
	}
	k := readKeywords(m)
	if ref, ok := k.ref, k.has&kwRef != 0; ok {
		s, isStr := ref.(string)
		if !isStr {
			w.fail(ptr+"/$ref", "$ref is not a string")
			return
		}
		if !strings.HasPrefix(s, "#") {
			w.fail(ptr+"/$ref", "$ref points outside the schema (never fetched)")
			return
		}
		for _, r := range w.refs {
			if r == s {
				w.fail(ptr+"/$ref", "$ref cycle through "+s)
				return
			}
		}
		target, ok := resolveLocal(w.root, s)
		if !ok {
			w.fail(ptr+"/$ref", "$ref does not resolve: "+s)
			return
		}
		w.refs = append(w.refs, s)
		w.node(target, ptr, parent, name, depth+1)
		w.refs = w.refs[:len(w.refs)-1]
		// Sibling keywords next to $ref still apply; a bare $ref has none.
		if k.has&(kwType|kwProperties|kwItems|kwEnum|kwConst|kwAllOf|kwAnyOf|kwOneOf) == 0 {
			return
		}
	}
	if name != "" || parent != ptr {
		w.record(&k, ptr, parent, name)
	}
	if props, ok := k.properties.(map[string]any); ok {
		// The names sort in the walker's scratch, used as a stack: nested
		// objects push theirs above these and pop them when done.
		start := len(w.keys)
		for k := range props {
			w.keys = append(w.keys, k)
		}
		keys := w.keys[start:]
		sort.Strings(keys)
		for _, k := range keys {
			w.node(props[k], ptr+"/properties/"+escPtr(k), ptr, k, depth+1)
		}
		clear(w.keys[start:])
		w.keys = w.keys[:start]
	}
	switch it := k.items.(type) {
	case map[string]any:
		w.node(it, ptr+"/items", ptr, "", depth+1)
	case []any:
		for i, x := range it {
			w.node(x, ptr+"/items/"+strconv.Itoa(i), ptr, "", depth+1)
		}
	}
	if pi, ok := k.prefixItems.([]any); ok {
		for i, x := range pi {
			w.node(x, ptr+"/prefixItems/"+strconv.Itoa(i), ptr, "", depth+1)
		}
	}
	if ap, ok := k.additional.(map[string]any); ok && len(ap) > 0 {
		w.node(ap, ptr+"/additionalProperties", ptr, "", depth+1)
	}
	for i, kw := range [...]string{"allOf", "anyOf", "oneOf"} {
		if bs, ok := k.branches[i].([]any); ok {
			for i, b := range bs {
				bp := ptr + "/" + kw + "/" + strconv.Itoa(i)
				// A branch's properties are siblings of each other, not of
				// another branch's: the branch itself is their parent.
				w.node(b, bp, bp, name, depth+1)
			}
		}
	}
}

// record adds the param described by the schema keywords k.
func (w *walker) record(k *keywords, ptr, parent, name string) {
	nw := w.names.get(name)
	p := param{Ptr: ptr, Name: name, Parent: parent, Toks: nw.toks, Snake: nw.snake, lower: w.lower}
	switch t := k.typ.(type) {
	case string:
		p.Types = oneType(t)
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				p.Types = append(p.Types, s)
			}
		}
	}
	p.Format, _ = k.format.(string)
	p.Pattern, _ = k.pattern.(string)
	p.Desc, _ = k.description.(string)
	if it, ok := k.items.(map[string]any); ok {
		if s, ok := it["type"].(string); ok {
			p.ItemTypes = oneType(s)
		}
	}
	if e, ok := k.enum.([]any); ok && len(e) > 0 {
		p.Closed = true
		for _, x := range e {
			if s, ok := x.(string); ok {
				p.Enum = append(p.Enum, s)
			}
		}
	}
	if k.has&kwConst != 0 {
		p.Closed = true
	}
	if len(p.Types) == 1 && p.Types[0] == "boolean" {
		p.Closed = true
	}
	if p.is("object") {
		props, _ := k.properties.(map[string]any)
		ap, hasAP := k.additional, k.has&kwAdditional != 0
		apOpen := !hasAP
		if hasAP {
			switch a := ap.(type) {
			case bool:
				apOpen = a
			case map[string]any:
				apOpen = len(a) == 0
			}
		}
		hasBranches := k.has&kwAnyOf != 0
		hasOne := k.has&kwOneOf != 0
		p.Free = len(props) == 0 && apOpen && !hasBranches && !hasOne
	}
	w.out.Params = append(w.out.Params, p)
}

// keywords are the schema keywords the walk reads, taken from a node in
// one pass over its members instead of a lookup per keyword.
type keywords struct {
	has                            uint16 // kw* bits: which are present
	ref, typ, format, pattern      any
	description, properties, items any
	prefixItems, additional, enum  any
	branches                       [3]any // allOf, anyOf, oneOf
}

// Bits of keywords.has.
const (
	kwRef uint16 = 1 << iota
	kwType
	kwProperties
	kwItems
	kwEnum
	kwConst
	kwAllOf
	kwAnyOf
	kwOneOf
	kwAdditional
)

// keywordNames are the members keywords.set reads (a test holds the two
// lists together).
var keywordNames = [...]string{"$ref", "type", "format", "pattern", "description", "properties", "items", "prefixItems", "additionalProperties", "enum", "const", "allOf", "anyOf", "oneOf"}

// readKeywords reads m's keywords. A node of many members (rare; hostile
// input can make one huge) is read by lookups, so a node costs at most
// a fixed number of steps either way.
func readKeywords(m map[string]any) keywords {
	var k keywords
	if len(m) > 16 {
		for _, key := range keywordNames {
			if v, ok := m[key]; ok {
				k.set(key, v)
			}
		}
		return k
	}
	for key, v := range m {
		k.set(key, v)
	}
	return k
}

func (k *keywords) set(key string, v any) {
	switch key {
	case "$ref":
		k.ref, k.has = v, k.has|kwRef
	case "type":
		k.typ, k.has = v, k.has|kwType
	case "format":
		k.format = v
	case "pattern":
		k.pattern = v
	case "description":
		k.description = v
	case "properties":
		k.properties, k.has = v, k.has|kwProperties
	case "items":
		k.items, k.has = v, k.has|kwItems
	case "prefixItems":
		k.prefixItems = v
	case "additionalProperties":
		k.additional, k.has = v, k.has|kwAdditional
	case "enum":
		k.enum, k.has = v, k.has|kwEnum
	case "const":
		k.has |= kwConst
	case "allOf":
		k.branches[0], k.has = v, k.has|kwAllOf
	case "anyOf":
		k.branches[1], k.has = v, k.has|kwAnyOf
	case "oneOf":
		k.branches[2], k.has = v, k.has|kwOneOf
	}
}

// resolveLocal follows a "#/a/b" JSON pointer inside root.
func resolveLocal(root any, ref string) (any, bool) {
	s := strings.TrimPrefix(ref, "#")
	if s == "" {
		return root, true
	}
	if !strings.HasPrefix(s, "/") {
		return nil, false // anchors ("#foo") are not supported: fail closed
	}
	cur := root
	for rest, more := s[1:], true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, "/")
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[seg]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, ok := segIndex(seg)
			if !ok || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// segIndex reads an array index segment as fmt.Sscanf(seg, "%d") does:
// plain digits directly, anything else (signs, trailing text) through
// Sscanf itself.
func segIndex(seg string) (int, bool) {
	if n := len(seg); n > 0 && n < 10 {
		plain := true
		for i := 0; i < n; i++ {
			plain = plain && '0' <= seg[i] && seg[i] <= '9'
		}
		if plain {
			i, err := strconv.Atoi(seg)
			return i, err == nil
		}
	}
	var i int
	_, err := fmt.Sscanf(seg, "%d", &i)
	return i, err == nil
}
