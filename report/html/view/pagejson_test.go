package view

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

// tricky holds strings a server may send: quotes, backslashes, control
// characters, invalid UTF-8, line separators, markup.
var tricky = []string{"", "plain", `"quoted" \back\slash`, "tab\there\nnew\rline\x00\x1f\x7f", "bad \xff\xfe utf8 \xe2\x82", "sep \u2028 \u2029 emoji 😀 é", `</script><img src=x onerror=alert(1)>`}

func sampleTree() *Node {
	root := El("div").ID("root")
	tb := El("tbody")
	for i := 0; i < 97; i++ {
		tb.Add(El("tr", El("td", T(tricky[i%len(tricky)])).Attr("data-v", strconv.Itoa(i))))
	}
	svg := El("svg").Attr("viewBox", "0 0 10 10")
	for i := 0; i < 45; i++ {
		svg.Add(El("rect").Attr("x", strconv.Itoa(i)))
	}
	short := El("ul")
	for _, s := range tricky {
		short.Add(ElT("li", s).Attr("data-title", s))
	}
	root.Add(El("section", El("table", tb)), El("section", svg), El("section", short), T("tail \xff"))
	return root
}

// TestJSONMatchesEncodingJSON: the hand-written encoder reads back, with
// encoding/json, as the tree encoding/json itself writes.
func TestJSONMatchesEncodingJSON(t *testing.T) {
	for _, n := range []*Node{sampleTree(), T(""), El("p")} {
		ref, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		var want, got any
		if err := json.Unmarshal(ref, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(n.JSON()), &got); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, n.JSON())
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("differs from encoding/json:\n got %s\nwant %s", n.JSON(), ref)
		}
	}
}

// TestPageJSONReassembles: the root, the parts and their batches put
// back together are the whole tree; only long lists outside SVG are
// batched, and no batch holds more than the batch size.
func TestPageJSONReassembles(t *testing.T) {
	n := sampleTree()
	root, parts := n.PageJSON()
	var whole map[string]any
	if err := json.Unmarshal([]byte(root), &whole); err != nil {
		t.Fatal(err)
	}
	if _, ok := whole["c"]; ok {
		t.Fatal("the root carries its children")
	}
	var kids []any
	batches := 0
	var unbatch func(v any) any
	unbatch = func(v any) any {
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		if z, ok := m["z"].([]any); ok {
			if m["t"] == "svg" {
				t.Error("an SVG's children were batched")
			}
			var cs []any
			for _, s := range z {
				var b []any
				if err := json.Unmarshal([]byte(s.(string)), &b); err != nil {
					t.Fatal(err)
				}
				if len(b) > batch {
					t.Errorf("batch of %d", len(b))
				}
				batches++
				cs = append(cs, b...)
			}
			delete(m, "z")
			m["c"] = cs
		}
		if cs, ok := m["c"].([]any); ok {
			for i := range cs {
				cs[i] = unbatch(cs[i])
			}
		}
		return m
	}
	for _, p := range parts {
		var v any
		if err := json.Unmarshal([]byte(p), &v); err != nil {
			t.Fatalf("part not JSON: %v", err)
		}
		kids = append(kids, unbatch(v))
	}
	whole["c"] = kids
	var want any
	ref, _ := json.Marshal(n)
	_ = json.Unmarshal(ref, &want)
	if !reflect.DeepEqual(whole, want) {
		t.Error("reassembled page JSON differs from the tree")
	}
	if batches != 3 { // 97 rows: 40 + 40 + 17
		t.Errorf("%d batches, want 3", batches)
	}
}

// JSON encodes the tree as encoding/json would read it back (t, a, c, x),
// with no batching (tests only).
func (n *Node) JSON() string { return string(appendNode(nil, n, false)) }
