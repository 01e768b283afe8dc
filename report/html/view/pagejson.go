package view

import "github.com/assay-mcp/assay/report/model"

// batch is how many children the page parses and builds in one step: a
// longer child list (a table's rows, a list of findings) travels as
// batches, each its own JSON text, so no single parse or build step on the
// page's main thread is long. assets/report.js reads them ("z").
const batch = 40

// PageJSON encodes the tree for the page without reflection: root is n
// without its children, parts are its children, each one JSON text the
// page parses and builds in turn. Inside a part, a child list longer than
// the batch (outside SVG) becomes "z": a list of JSON texts of up to
// batch children each. The JSON form is Node's: t, a, c, x.
func (n *Node) PageJSON() (root string, parts []string) {
	top := &Node{Tag: n.Tag, Attrs: n.Attrs, Text: n.Text}
	root = string(appendNode(nil, top, false))
	var buf []byte
	for _, k := range n.Kids {
		buf = appendNode(buf[:0], k, true)
		parts = append(parts, string(buf))
	}
	return root, parts
}

func appendNode(b []byte, n *Node, split bool) []byte {
	b = append(b, '{')
	comma := false
	field := func(name string) {
		if comma {
			b = append(b, ',')
		}
		comma = true
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"', ':')
	}
	if n.Tag != "" {
		field("t")
		b = model.AppendJSONString(b, n.Tag)
	}
	if len(n.Attrs) > 0 {
		field("a")
		b = append(b, '[')
		for i, a := range n.Attrs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = model.AppendJSONString(b, a[0])
			b = append(b, ',')
			b = model.AppendJSONString(b, a[1])
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	split = split && n.Tag != "svg"
	switch {
	case split && len(n.Kids) > batch:
		field("z")
		b = append(b, '[')
		var part []byte
		for i := 0; i < len(n.Kids); i += batch {
			if i > 0 {
				b = append(b, ',')
			}
			part = append(part[:0], '[')
			for j, k := range n.Kids[i:min(i+batch, len(n.Kids))] {
				if j > 0 {
					part = append(part, ',')
				}
				part = appendNode(part, k, false)
			}
			part = append(part, ']')
			b = model.AppendJSONString(b, string(part))
		}
		b = append(b, ']')
	case len(n.Kids) > 0:
		field("c")
		b = append(b, '[')
		for i, k := range n.Kids {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendNode(b, k, split)
		}
		b = append(b, ']')
	}
	if n.Text != "" {
		field("x")
		b = model.AppendJSONString(b, n.Text)
	}
	return append(b, '}')
}
