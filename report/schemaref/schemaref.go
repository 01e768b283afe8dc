// Package schemaref resolves the $ref of a tool's inputSchema (JSON
// Schema 2020-12 is allowed in full by MCP 2026-07-28) the way a client
// that inlines them would, under depth and size bounds, and reports what
// a client would trip on: a $ref to outside the schema (the client is
// told to fetch a server-chosen URL, HYG-031), one that resolves to
// nothing (HYG-032), and a schema whose expansion is recursive or larger
// than any client should inline (HYG-033). Cycles terminate: a $ref
// already on the resolution stack is counted once and not followed.
// Nested text needs no expansion: every string of the schema, $defs
// included, is already scanned where it is written. Pure.
package schemaref

import (
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/pctenc"
)

// Bounds of one resolution.
const (
	MaxDepth    = 64
	MaxExpanded = 100000 // nodes of the inlined schema
	maxSteps    = 20000  // resolution steps, whatever the memo saves
)

// Report is what resolving one schema found.
type Report struct {
	External   []string // $ref values that leave the schema (scheme and host only)
	Unresolved []string // local $ref values with no target
	Recursive  []string // $ref values that lead back to an enclosing schema
	// Expanded is the node count of the inlined schema, capped at
	// MaxExpanded+1; TooDeep is set when resolution passed MaxDepth.
	Expanded int
	TooDeep  bool
}

// Resolve inlines every local $ref of root under the bounds.
func Resolve(root any) *Report {
	r := &resolver{root: root, memo: map[string]int{}, rep: &Report{}, seen: map[string]bool{}}
	r.rep.Expanded = r.size(root, nil, 0)
	return r.rep
}

type resolver struct {
	root  any
	memo  map[string]int
	rep   *Report
	steps int
	seen  map[string]bool
}

func (r *resolver) size(v any, stack []string, depth int) int {
	r.steps++
	if depth > MaxDepth {
		r.rep.TooDeep = true
		return 1
	}
	if r.steps > maxSteps {
		return MaxExpanded + 1
	}
	n := 1
	switch x := v.(type) {
	case map[string]any:
		if ref, ok := x["$ref"].(string); ok {
			n = add(n, r.ref(ref, stack, depth))
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		// Sorted: the walk order decides where a cycle is cut, and the
		// report must not depend on map order.
		sort.Strings(keys)
		for _, k := range keys {
			if k != "$ref" {
				n = add(n, r.size(x[k], stack, depth+1))
			}
		}
	case []any:
		for _, c := range x {
			n = add(n, r.size(c, stack, depth+1))
		}
	}
	return n
}

func (r *resolver) ref(ref string, stack []string, depth int) int {
	if !strings.HasPrefix(ref, "#") {
		r.note(&r.rep.External, "ext:"+ref, external(ref))
		return 0
	}
	for _, s := range stack {
		if s == ref {
			r.note(&r.rep.Recursive, "rec:"+ref, ref)
			return 1
		}
	}
	if n, ok := r.memo[ref]; ok {
		return n
	}
	target, ok := pointer(r.root, strings.TrimPrefix(ref, "#"))
	if !ok {
		r.note(&r.rep.Unresolved, "unres:"+ref, ref)
		return 0
	}
	n := r.size(target, append(stack, ref), depth+1)
	if len(stack) == 0 || !r.seen["rec:"+ref] {
		r.memo[ref] = n
	}
	return n
}

func (r *resolver) note(list *[]string, key, shown string) {
	if !r.seen[key] {
		r.seen[key] = true
		if len(shown) > 80 {
			shown = shown[:80] + "…"
		}
		*list = append(*list, shown)
	}
}

// pointer resolves a JSON Pointer (RFC 6901) fragment inside root.
func pointer(root any, frag string) (any, bool) {
	if frag == "" {
		return root, true
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, false // anchors ($anchor) are not resolved
	}
	if u, err := pctenc.PathUnescape(frag); err == nil {
		frag = u
	}
	cur := root
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := cur.(type) {
		case map[string]any:
			v, ok := x[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			cur = x[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// external shows a non-local $ref as scheme and host (or "relative"),
// as net/url would split it (the core may not import net/...): user
// information, path, query and fragment are never shown.
func external(ref string) string {
	scheme, rest := "", ""
	if i := strings.Index(ref, "://"); i > 0 && validScheme(ref[:i]) {
		scheme, rest = strings.ToLower(ref[:i]), ref[i+3:]
	} else if strings.HasPrefix(ref, "//") {
		rest = ref[2:]
	} else {
		return "relative reference"
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if rest == "" {
		return "relative reference"
	}
	return scheme + "://" + rest
}

// validScheme is RFC 3986's scheme: a letter, then letters, digits, +, - or ".".
func validScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

func add(a, b int) int {
	if a+b > MaxExpanded {
		return MaxExpanded + 1
	}
	return a + b
}
