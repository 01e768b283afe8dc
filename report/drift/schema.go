package drift

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// shape is the part of a JSON Schema that decides which calls are valid:
// properties (recursively), which are required, their types and enums.
type shape struct {
	props    map[string]*shape
	required map[string]bool
	types    map[string]bool // empty: any type
	enum     map[string]bool // nil: no enum
	items    *shape
}

const maxShapeDepth = 8

func parseShape(raw json.RawMessage) *shape {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	m, _ := v.(map[string]any)
	return shapeOf(m, 0)
}

func shapeOf(m map[string]any, depth int) *shape {
	s := &shape{props: map[string]*shape{}, required: map[string]bool{}, types: map[string]bool{}}
	if m == nil || depth > maxShapeDepth {
		return s
	}
	switch t := m["type"].(type) {
	case string:
		s.types[t] = true
	case []any:
		for _, e := range t {
			if es, ok := e.(string); ok {
				s.types[es] = true
			}
		}
	}
	if e, ok := m["enum"].([]any); ok {
		s.enum = map[string]bool{}
		for _, v := range e {
			b, _ := json.Marshal(v)
			s.enum[string(b)] = true
		}
	}
	if p, ok := m["properties"].(map[string]any); ok {
		for k, v := range p {
			pm, _ := v.(map[string]any)
			s.props[k] = shapeOf(pm, depth+1)
		}
	}
	if r, ok := m["required"].([]any); ok {
		for _, e := range r {
			if es, ok := e.(string); ok {
				s.required[es] = true
			}
		}
	}
	if it, ok := m["items"].(map[string]any); ok {
		s.items = shapeOf(it, depth+1)
	}
	return s
}

// shapeDelta compares two schemas and returns the changes that break
// existing callers and the ones that do not, each a short phrase naming
// the parameter path.
func shapeDelta(old, new *shape) (breaking, additive []string) {
	if old == nil || new == nil {
		return nil, nil
	}
	d := &delta{}
	d.compare("", old, new)
	sort.Strings(d.breaking)
	sort.Strings(d.additive)
	return d.breaking, d.additive
}

type delta struct{ breaking, additive []string }

func (d *delta) compare(path string, o, n *shape) {
	name := func(p string) string {
		if path == "" {
			return p
		}
		return path + "." + p
	}
	for p, os := range o.props {
		ns, ok := n.props[p]
		if !ok {
			d.breaking = append(d.breaking, fmt.Sprintf("parameter %s removed", quote(name(p))))
			continue
		}
		d.compare(name(p), os, ns)
	}
	for p := range n.props {
		if _, ok := o.props[p]; ok {
			if n.required[p] && !o.required[p] {
				d.breaking = append(d.breaking, fmt.Sprintf("parameter %s is now required", quote(name(p))))
			} else if o.required[p] && !n.required[p] {
				d.additive = append(d.additive, fmt.Sprintf("parameter %s is no longer required", quote(name(p))))
			}
			continue
		}
		if n.required[p] {
			d.breaking = append(d.breaking, fmt.Sprintf("new required parameter %s", quote(name(p))))
		} else {
			d.additive = append(d.additive, fmt.Sprintf("optional parameter %s added", quote(name(p))))
		}
	}
	if path != "" {
		d.compareTypes(path, o, n)
	}
	if o.items != nil && n.items != nil {
		d.compare(path+"[]", o.items, n.items)
	}
}

func (d *delta) compareTypes(path string, o, n *shape) {
	ot, nt := setList(o.types), setList(n.types)
	switch {
	case ot == nt:
	case ot == "":
		d.breaking = append(d.breaking, fmt.Sprintf("%s narrowed from any type to %s", quote(path), nt))
	case nt == "":
		d.additive = append(d.additive, fmt.Sprintf("%s widened from %s to any type", quote(path), ot))
	case subset(n.types, o.types):
		d.breaking = append(d.breaking, fmt.Sprintf("%s narrowed from %s to %s", quote(path), ot, nt))
	case subset(o.types, n.types):
		d.additive = append(d.additive, fmt.Sprintf("%s widened from %s to %s", quote(path), ot, nt))
	default:
		d.breaking = append(d.breaking, fmt.Sprintf("%s changed type from %s to %s", quote(path), ot, nt))
	}
	switch {
	case o.enum == nil && n.enum != nil:
		d.breaking = append(d.breaking, fmt.Sprintf("%s now limited to %d values", quote(path), len(n.enum)))
	case o.enum != nil && n.enum == nil:
		d.additive = append(d.additive, fmt.Sprintf("%s no longer limited to listed values", quote(path)))
	case o.enum != nil:
		if gone := len(o.enum) - countIn(o.enum, n.enum); gone > 0 {
			d.breaking = append(d.breaking, fmt.Sprintf("%s lost %d allowed values", quote(path), gone))
		}
		if more := len(n.enum) - countIn(n.enum, o.enum); more > 0 {
			d.additive = append(d.additive, fmt.Sprintf("%s gained %d allowed values", quote(path), more))
		}
	}
}

func setList(m map[string]bool) string {
	var l []string
	for k := range m {
		l = append(l, k)
	}
	sort.Strings(l)
	return strings.Join(l, "|")
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func countIn(a, b map[string]bool) int {
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return n
}
