package view

import (
	"strings"
	"testing"
)

func TestHTMLEscapes(t *testing.T) {
	n := El("p", T(`<script>"x" & 'y'</script>`)).Attr("data-x", `"><img src=x onerror=alert(1)>`)
	got := n.HTML()
	want := `<p data-x="&#34;&gt;&lt;img src=x onerror=alert(1)&gt;">&lt;script&gt;&#34;x&#34; &amp; &#39;y&#39;&lt;/script&gt;</p>`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestAttrAllowlist(t *testing.T) {
	for _, k := range []string{"onclick", "style", "href", "src", "xlink:href", "data-", "data-X", "aria-a b", "formaction"} {
		if AllowedAttr(k) {
			t.Errorf("%q allowed", k)
		}
	}
	for _, k := range []string{"class", "data-sev", "aria-label", "viewBox"} {
		if !AllowedAttr(k) {
			t.Errorf("%q refused", k)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Attr(onclick) did not panic")
		}
	}()
	El("p").Attr("onclick", "x")
}

func TestTagAllowlist(t *testing.T) {
	for _, tag := range []string{"script", "a", "img", "iframe", "style", "foreignObject"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("El(%q) did not panic", tag)
				}
			}()
			El(tag)
		}()
	}
}

func TestSectionsWithDiff(t *testing.T) {
	var ids []string
	for _, s := range Sections(&Doc{Diff: &Diff{}}) {
		ids = append(ids, s.ID)
	}
	if got := strings.Join(ids, ","); !strings.Contains(got, "s-drift") {
		t.Errorf("no drift section with a diff: %s", got)
	}
	for _, s := range Sections(&Doc{}) {
		if s.ID == "s-drift" {
			t.Error("drift section without a diff")
		}
	}
}

// TestBuildEmpty: a findings document with nothing in it still renders
// every section with an explanation.
func TestBuildEmpty(t *testing.T) {
	h := Build(&Doc{}).HTML()
	for _, s := range Sections(&Doc{}) {
		if !strings.Contains(h, `<section id="`+s.ID+`" class="sec"><h2>`+s.Heading+`</h2>`) {
			t.Errorf("section %s missing", s.ID)
		}
	}
}

// TestFastAllowlists: the names tagOK and attrOK answer without the
// tables are in the tables, and every other name gets the tables' answer.
func TestFastAllowlists(t *testing.T) {
	for _, tag := range []string{"td", "tr", "li", "ul", "span", "small", "details", "summary", "p", "code", "script", "style", "a", "img", "iframe", "TD", "", "svg", "section"} {
		if tagOK(tag) != allowedTags[tag] {
			t.Errorf("tagOK(%q) = %v, the allowlist says %v", tag, tagOK(tag), allowedTags[tag])
		}
	}
	for _, k := range []string{"class", "data-v", "id", "onclick", "style", "href", "src", "data-", "data-X", "aria-label", "Class", "", "colspan"} {
		if attrOK(k) != AllowedAttr(k) {
			t.Errorf("attrOK(%q) = %v, AllowedAttr says %v", k, attrOK(k), AllowedAttr(k))
		}
	}
}
