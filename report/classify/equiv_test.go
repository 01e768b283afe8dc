package classify

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Fast paths of the classifier checked against the plain forms they
// replace.

// TestLowerProse: the one-pass lower-casing gives the bytes of the
// two-step form it replaces, on ASCII, curly quotes, other scripts,
// special folds and invalid UTF-8.
func TestLowerProse(t *testing.T) {
	for _, s := range []string{
		"Returns THE File", "don’t DELETE", "ÀÉÎ ÕÜ straße", "\u212a Kelvin \u0130stanbul", "bad \xff\xfe bytes \xe2\x80",
		"emoji 😀 and \uFFFD kept", "’’’", "ΑΒΓ Ωmega", "", "a’B’c",
	} {
		if got, want := lowerProse(s), strings.ReplaceAll(strings.ToLower(s), "’", "'"); got != want {
			t.Errorf("lowerProse(%q) = %q, want %q", s, got, want)
		}
	}
	// Deterministic noise: bytes drawn from ASCII, pieces of multi-byte
	// runes and whole ones.
	pieces := []string{"A", "z", " ", "'", "’", "\xe2", "\x80", "\x99", "É", "ß", "\u212a", "İ", "\xff", "Σ"}
	x := uint32(1)
	for n := 0; n < 2000; n++ {
		var b strings.Builder
		for range n % 40 {
			x = x*1664525 + 1013904223
			b.WriteString(pieces[x>>16%uint32(len(pieces))])
		}
		s := b.String()
		if got, want := lowerProse(s), strings.ReplaceAll(strings.ToLower(s), "’", "'"); got != want {
			t.Fatalf("lowerProse(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestIdentShapedKeepsDistinctive: the byte prefilter of cross-references
// never refuses a distinctive name (only those are owned), and refuses
// plain prose words.
func TestIdentShapedKeepsDistinctive(t *testing.T) {
	for _, w := range []string{"read_file", "getTinyImage", "browser-navigate", "fs.readFile", "créerFichier", "ÉtatGlobal", "abcdeF", "x_y_z1"} {
		if !distinctive(w) {
			t.Fatalf("%q is meant to be distinctive", w)
		}
		if !identShaped(w) {
			t.Errorf("identShaped(%q) = false for a distinctive name", w)
		}
	}
	for _, w := range []string{"returns", "Returns", "CONTENTS", "file123", "Database"} {
		if distinctive(w) || identShaped(w) {
			t.Errorf("%q: distinctive %t, identShaped %t; want both false", w, distinctive(w), identShaped(w))
		}
	}
}

// lowerProse is lowerProseBuf without scratch, for the equivalence tests.
func lowerProse(s string) string {
	out, _ := lowerProseBuf(s, nil)
	return out
}

// TestBuiltinCategoriesHaveBits: every built-in category gets a bit of its
// own (a category past the 64th would get none and never match).
func TestBuiltinCategoriesHaveBits(t *testing.T) {
	lx := buildLexicon(nil)
	seen := catSet(0)
	for c, b := range lx.bits {
		if b == 0 {
			t.Errorf("category %q has no bit: more than 64 categories", c)
		}
		if seen&b != 0 {
			t.Errorf("category %q shares its bit", c)
		}
		seen |= b
	}
}

// TestKeywordPathsAgree: a schema node of more than 16 members is read by
// looking up keywordNames; it must read every keyword a small node's
// member walk reads (a keyword added to keywords.set and not to the list
// would be ignored on big nodes).
func TestKeywordPathsAgree(t *testing.T) {
	// JSON Schema's keywords, written out here (not keywordNames: the
	// test must see a keyword the list lacks).
	candidates := []string{"$ref", "type", "format", "pattern", "description", "properties", "items",
		"prefixItems", "additionalProperties", "enum", "const", "allOf", "anyOf", "oneOf", "title", "default", "minimum", "maximum", "$defs", "definitions",
		"required", "not", "if", "then", "else", "examples", "readOnly", "writeOnly", "deprecated", "contentEncoding",
		"contentMediaType", "minLength", "maxLength", "uniqueItems", "patternProperties", "dependentSchemas"}
	for _, key := range candidates {
		small := map[string]any{key: map[string]any{"type": "string"}}
		big := map[string]any{key: small[key]}
		for i := 0; i < 20; i++ {
			big["x-pad-"+strconv.Itoa(i)] = i
		}
		if a, b := readKeywords(small), readKeywords(big); !reflect.DeepEqual(a, b) {
			t.Errorf("keyword %q read from a small node but not from a big one: add it to keywordNames", key)
		}
	}
}
