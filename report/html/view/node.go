// Package view builds the report's content as a small element tree that
// has two outputs: escaped HTML written at generation time (report/html)
// and, inside the WebAssembly core, JSON the page turns into DOM nodes
// with createElement and textContent. One builder for both means a page
// re-rendered in the browser after a drop looks exactly like the page
// the CLI wrote, and server text never reaches innerHTML.
//
// The package is pure: it is compiled into the WebAssembly core.
package view

import (
	"strings"
)

// Node is an element (Tag set) or a text node (Tag empty). The JSON form
// is what the page's builder reads; keep the field names short and stable
// with assets/report.js.
type Node struct {
	Tag   string      `json:"t,omitempty"`
	Attrs [][2]string `json:"a,omitempty"`
	Kids  []*Node     `json:"c,omitempty"`
	Text  string      `json:"x,omitempty"`
}

// El makes an element with children.
//
//go:noinline
func El(tag string, kids ...*Node) *Node {
	if !tagOK(tag) {
		panic("view: tag not allowed: " + tag)
	}
	n := &Node{Tag: tag}
	return n.Add(kids...)
}

// T makes a text node.
//
//go:noinline
func T(s string) *Node { return &Node{Text: s} }

// ElT makes an element holding one text node.
//
//go:noinline
func ElT(tag, text string) *Node { return El(tag, T(text)) }

// Add appends non-nil children.
//
//go:noinline
func (n *Node) Add(kids ...*Node) *Node {
	for _, k := range kids {
		if k != nil {
			n.Kids = append(n.Kids, k)
		}
	}
	return n
}

// Attr sets an attribute. Only names in the allowlist are accepted, so
// no event handler, style or URL attribute can ever be produced.
//
//go:noinline
func (n *Node) Attr(k, v string) *Node {
	if !attrOK(k) {
		panic("view: attribute not allowed: " + k)
	}
	n.Attrs = append(n.Attrs, [2]string{k, v})
	return n
}

// Class sets the class attribute.
//
//go:noinline
func (n *Node) Class(c string) *Node { return n.Attr("class", c) }

// ID sets the id attribute.
//
//go:noinline
func (n *Node) ID(id string) *Node { return n.Attr("id", id) }

// allowedTags is every element the report uses. The page's DOM builder
// carries the same list.
var allowedTags = map[string]bool{
	"section": true, "div": true, "span": true, "h2": true, "h3": true, "h4": true, "p": true,
	"ul": true, "ol": true, "li": true, "dl": true, "dt": true, "dd": true, "code": true, "pre": true,
	"strong": true, "em": true, "small": true, "table": true, "thead": true, "tbody": true, "tr": true,
	"th": true, "td": true, "details": true, "summary": true, "button": true, "label": true,
	"input": true, "select": true, "option": true, "figure": true, "figcaption": true, "article": true,
	"svg": true, "g": true, "rect": true, "text": true, "title": true, "line": true, "desc": true,
}

// tagOK is allowedTags[tag], with the tags of a large table's rows
// answered without hashing the name (a comparison of two 1,000-tool
// bundles builds tens of thousands of them in the page's core).
func tagOK(tag string) bool {
	switch tag {
	case "td", "tr", "li", "ul", "span", "small", "details", "summary", "p", "code":
		return true
	}
	return allowedTags[tag]
}

// attrOK is [AllowedAttr], with the commonest names answered first.
func attrOK(k string) bool {
	switch k {
	case "class", "data-v", "id":
		return true
	}
	return AllowedAttr(k)
}

// svgTags are created in the SVG namespace by the page.
var svgTags = map[string]bool{"svg": true, "g": true, "rect": true, "text": true, "title": true, "line": true, "desc": true}

var allowedAttrs = map[string]bool{
	"class": true, "id": true, "open": true, "colspan": true, "scope": true, "role": true,
	"type": true, "value": true, "for": true, "placeholder": true, "selected": true, "tabindex": true,
	"viewBox": true, "width": true, "height": true, "x": true, "y": true, "x1": true, "x2": true,
	"y1": true, "y2": true, "rx": true, "text-anchor": true, "dominant-baseline": true,
	"preserveAspectRatio": true, "xmlns": true,
}

// AllowedAttr reports whether the tree may carry attribute k: the fixed
// list above plus data-* and aria-* names made of [a-z0-9-].
func AllowedAttr(k string) bool {
	if allowedAttrs[k] {
		return true
	}
	for _, p := range []string{"data-", "aria-"} {
		if rest, ok := strings.CutPrefix(k, p); ok && rest != "" {
			for _, r := range rest {
				if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
					return false
				}
			}
			return true
		}
	}
	return false
}

var voidTags = map[string]bool{"input": true}

// HTML serialises the tree as HTML, escaping every text and attribute
// value.
func (n *Node) HTML() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	if n.Tag == "" {
		escapeText(b, n.Text)
		return
	}
	b.WriteByte('<')
	b.WriteString(n.Tag)
	for _, a := range n.Attrs {
		b.WriteByte(' ')
		b.WriteString(a[0])
		b.WriteString(`="`)
		escapeText(b, a[1])
		b.WriteByte('"')
	}
	b.WriteByte('>')
	if voidTags[n.Tag] {
		return
	}
	if n.Text != "" {
		escapeText(b, n.Text)
	}
	for _, k := range n.Kids {
		k.write(b)
	}
	b.WriteString("</")
	b.WriteString(n.Tag)
	b.WriteByte('>')
}

func escapeText(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		case 0:
			b.WriteString("\uFFFD")
		default:
			b.WriteRune(r)
		}
	}
}

// IsSVG reports whether tag is created in the SVG namespace.
func IsSVG(tag string) bool { return svgTags[tag] }
