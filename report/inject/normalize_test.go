package inject

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

func TestNormalize(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Hello   World", "hello world"},
		{"line one\n\n\nNext", "line one\nnext"},
		{"wrapped\nline", "wrapped line"},
		{"i g n o r e  a l l", "ignore all"},
		{"e.g. a b", "e.g. a b"},
		{"\uff29\uff27\uff2e\uff2f\uff32\uff25", "ignore"},
		{"ig\u200bnore", "ignore"},
		{"&lt;important&gt;", "<important>"},
		{"&#105;gnore", "ignore"},
		{"ign\u043er\u0435", "ignore"}, // Cyrillic о, е inside a Latin word
		{"\u0441\u0435\u0441", "cec"},  // a word made only of strong lookalikes
		{"Не говори", "не говори"},     // Russian stays Russian
		{"précédentes", "precedentes"}, // Latin diacritics fold
		{"\u201cquoted\u201d \u2014 dash", "\"quoted\" - dash"},
		{"ガ", "ガ"}, // Japanese marks are kept
	}
	for _, c := range cases {
		if got := Normalize(c.in).Text; got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNormalizeHiddenAndSpans(t *testing.T) {
	in := "Add\u200b numbers \U000E0069\U000E0067 ok"
	sh := Normalize(in)
	if len(sh.Hidden) != 3 {
		t.Fatalf("hidden = %d, want 3", len(sh.Hidden))
	}
	if sh.Tagged != "ig" {
		t.Errorf("tagged = %q, want \"ig\"", sh.Tagged)
	}
	i := strings.Index(sh.Text, "numbers")
	a, b := sh.Orig(i, i+len("numbers"))
	if in[a:b] != "numbers" {
		t.Errorf("span maps to %q", in[a:b])
	}
	// Emoji joiners and selectors are not hidden text.
	if h := Normalize("👩\u200d💻 ok ☀\ufe0f 1\ufe0f\u20e3 می\u200cخواهم").Hidden; len(h) != 0 {
		t.Errorf("emoji sequence reported hidden: %v", h)
	}
}

func TestExcerptEscapes(t *testing.T) {
	got := excerpt("a\u202eb\u200bc\U000E0041d", 0, 20)
	for _, want := range []string{`\u202e`, `\u200b`, `\U000e0041`} {
		if !strings.Contains(got, want) {
			t.Errorf("excerpt %q lacks %s", got, want)
		}
	}
}

// checkShadow asserts the span map is complete, monotonic and in bounds.
func checkShadow(t *testing.T, in string, sh *Shadow) {
	src := sh.offsets()
	if len(src) != len(sh.Text)+1 {
		t.Fatalf("src len %d for text len %d", len(src), len(sh.Text))
	}
	prev := int32(0)
	for i, o := range src {
		if o < prev || int(o) > len(in) {
			t.Fatalf("src[%d]=%d out of order or bounds (len %d)", i, o, len(in))
		}
		prev = o
	}
	for i := 0; i <= len(sh.Text); i += 1 + i/3 {
		for j := i; j <= len(sh.Text); j += 1 + j/2 {
			a, b := sh.Orig(i, j)
			if a < 0 || b > len(in) || a > b {
				t.Fatalf("Orig(%d,%d) = (%d,%d) for len %d", i, j, a, b, len(in))
			}
		}
	}
	if !utf8.ValidString(sh.Text) && utf8.ValidString(in) {
		t.Fatalf("shadow of valid input is invalid UTF-8: %q", sh.Text)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "a", "i g n o r e", "&lt;x&gt;&#x69;", "\U000E0041\u200b\u202e", "ﬁ ㎏ Ⅻ", "ign\u043er\u0435", "\xff\xfe", "ß\u0301\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh := Normalize(s)
		checkShadow(t, s, sh)
		if a, b := padding(s), paddingRunes(s); a != b {
			t.Fatalf("padding(%q) = %d, rune by rune %d", s, a, b)
		}
		if want := normalizeRunes(s, nil); sh.Text != want.Text || !slices.Equal(sh.offsets(), want.offsets()) {
			t.Fatalf("Normalize(%q) = %q %v, rune path %q %v", s, sh.Text, sh.offsets(), want.Text, want.offsets())
		}
		_ = excerpt(s, 0, len(s))
		raw, _ := json.Marshal(map[string]any{"name": "t", "description": s, "inputSchema": map[string]any{"type": "object", "properties": map[string]any{"p": map[string]any{"description": s}}}})
		srv := &model.Server{Name: "f", Identity: "f", Tools: []json.RawMessage{raw}}
		for _, fd := range ScanServer(srv, nil) {
			if fd.Severity == model.SevCritical {
				t.Fatalf("critical severity")
			}
		}
	})
}

// TestPlainASCIIFastPath: a string Normalize copies byte for byte gets
// the shadow the rune loop gives it (forced here by a non-ASCII word
// after it, which folds to " e").
func TestPlainASCIIFastPath(t *testing.T) {
	for _, s := range []string{"Ignore   previous\ninstructions.", "i g n o r e all", "Tab\there `quoted`"} {
		if !plainASCII(s) {
			t.Fatalf("%q should take the fast path", s)
		}
		slow := Normalize(s + " \u00e9")
		fast := Normalize(s)
		if want := slow.Text[:len(slow.Text)-2]; fast.Text != want {
			t.Errorf("fast %q, rune loop %q", fast.Text, want)
		}
	}
	for _, s := range []string{"a&amp;b", "x\x01y", "caf\u00e9", "del\x7f"} {
		if plainASCII(s) {
			t.Errorf("%q must take the rune loop", s)
		}
	}
}

// TestNormalizeASCIIPath: the plain ASCII path of Normalize gives the
// shadow and the offsets the rune-by-rune path gives, on every string of
// the corpus and on whitespace, case and list-item edge cases.
func TestNormalizeASCIIPath(t *testing.T) {
	texts := []string{"", " ", "\n", "a", "A", "a\n", "a \n", "a\n\nb", "a\n-b", "a\nB", "a\nb", "a\n1.", "x\t\ty", "x\r\ny",
		"lower only", "two  spaces", "trailing ", " leading", "end\n", "Mixed Case\n\n- item\n+ next\n# head\n> q\n| t\n<x\n[y\n`z\n{a}\n(b)\nC",
		strings.Repeat(" ", 64) + "x", strings.Repeat("\t\v\f\r\n ", 11) + "y", strings.Repeat("\u00a0\u3000\u2003\u0085\x85", 16) + "z", "a" + strings.Repeat(" ", 63) + "b", strings.Repeat(" ", 70), "\xff" + strings.Repeat(" ", 64) + "\xfe",
		"i g n o r e", "a.b.c d", "e.g. x", "a b", "a b c", "a_b_c", "ab c d e", "x a-b-c", "i g  n o", "a. b. c", "snake_case_name", "line\n  indented", "tab\tsep"}
	servers := loadCorpus(t)
	for i := range servers {
		for _, tx := range surface.New(&servers[i]).Texts {
			texts = append(texts, tx.Value)
		}
	}
	fast := 0
	for _, s := range texts {
		got, want := Normalize(s), normalizeRunes(s, nil)
		if got.src == nil {
			fast++
		}
		if got.Text != want.Text || !slices.Equal(got.offsets(), want.offsets()) {
			t.Fatalf("Normalize(%q) = %q %v, rune path %q %v", s, got.Text, got.offsets(), want.Text, want.offsets())
		}
		if a, b := padding(s), paddingRunes(s); a != b {
			t.Fatalf("padding(%q) = %d, rune by rune %d", s, a, b)
		}
	}
	if fast < len(texts)/2 {
		t.Errorf("only %d of %d strings took the plain ASCII path", fast, len(texts))
	}
}

// TestByteSets: the constant byte sets of the encoded runs hold exactly
// the bytes their alphabets name.
func TestByteSets(t *testing.T) {
	for _, c := range []struct {
		name string
		set  *byteSet
		in   func(byte) bool
	}{
		{"base64", &b64Bytes, isB64Byte},
		{"hex", &hexBytes, isHexByte},
		{"base32", &b32Bytes, func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '2' && c <= '7' }},
		{"character codes", &codeBytes, func(c byte) bool { return c >= '0' && c <= '9' || c == ',' || c == ' ' }},
	} {
		for b := 0; b < 256; b++ {
			if c.set.has(byte(b)) != c.in(byte(b)) {
				t.Errorf("%s: byte %#x in set %v, want %v", c.name, b, c.set.has(byte(b)), c.in(byte(b)))
			}
		}
	}
}

func isB64Byte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '_' || c == '-'
}

func isHexByte(c byte) bool {
	return c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c >= '0' && c <= '9'
}

// paddingRunes is padding written rune by rune, the reference for its
// byte loop.
func paddingRunes(s string) int {
	run := 0
	for i, r := range s {
		if unicode.IsSpace(r) || r == 0x3000 || r == 0x00A0 {
			run++
			continue
		}
		if run >= paddingRun {
			return i
		}
		run = 0
	}
	return -1
}
