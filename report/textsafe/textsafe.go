// Package textsafe neutralises server-supplied text before a renderer
// shows it to a person. MCP servers are hostile input: a description can
// carry terminal escape sequences, bidirectional overrides that reorder
// what a reviewer reads, or zero-width and tag characters that hide
// instructions from people while the model still reads them. Every
// renderer (table, markdown, SARIF messages, HTML, drift evidence) passes
// server text through this package so such characters show up as visible
// escapes like \u202e instead of acting.
//
// The package is pure and allocation-light; it has no notion of any
// output medium. Medium-specific escaping (markdown, HTML) is done by the
// renderer after this step.
package textsafe

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line returns s with every invisible or control character escaped,
// including newlines and tabs, so the result fits on one line.
func Line(s string) string { return escape(s, false) }

// Text returns s with every invisible or control character escaped except
// newline and tab, for renderers that keep paragraphs.
func Text(s string) string { return escape(s, true) }

// Unsafe reports whether s holds any character Line would escape, other
// than newline, carriage return and tab (which are ordinary formatting).
// Renderers use it to flag text that hides something.
func Unsafe(s string) bool {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return true
			}
		}
		if r == '\n' || r == '\r' || r == '\t' {
			continue
		}
		if Hidden(r) {
			return true
		}
	}
	return false
}

// Hidden reports whether r is a character that must not reach a reader
// raw: C0/C1 controls and DEL, bidirectional controls, zero-width and
// other format characters (Unicode category Cf, which includes the tag
// block U+E0000..U+E007F), variation selectors other than the emoji
// selector U+FE0F, line/paragraph separators, private-use and
// non-characters.
func Hidden(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r == 0xfe0f:
		// The emoji presentation selector is everywhere in real
		// descriptions ("⚠️") and changes no meaning.
		return false
	case r >= 0xfe00 && r <= 0xfe0e, r >= 0xe0100 && r <= 0xe01ef:
		// Variation selectors can smuggle bytes invisibly.
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	case r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0:
		// Hangul fillers render as blank space.
		return true
	case r == 0xfffe || r == 0xffff || (r >= 0xfdd0 && r <= 0xfdef):
		return true
	case r == utf8.RuneError:
		return false // a literal U+FFFD is visible; invalid bytes are handled by escape
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r)
}

func escape(s string, keepLines bool) string {
	if !needsWork(s, keepLines) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			// Invalid UTF-8: show the byte, never pass it on.
			b.WriteString(`\x`)
			b.WriteByte(hexDigit(s[i] >> 4))
			b.WriteByte(hexDigit(s[i] & 0xf))
			i++
			continue
		}
		i += n
		switch {
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case Hidden(r):
			writeCode(&b, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsWork(s string, keepLines bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				if !(keepLines && (c == '\n' || c == '\t')) {
					return true
				}
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n <= 1) || Hidden(r) {
			return true
		}
		i += n
	}
	return false
}

// writeCode writes \uXXXX for the BMP and \U00XXXXXX beyond it.
func writeCode(b *strings.Builder, r rune) {
	if r <= 0xffff {
		b.WriteString(`\u`)
		for shift := 12; shift >= 0; shift -= 4 {
			b.WriteByte(hexDigit(byte(r>>shift) & 0xf))
		}
		return
	}
	b.WriteString(`\U`)
	for shift := 28; shift >= 0; shift -= 4 {
		b.WriteByte(hexDigit(byte(r>>shift) & 0xf))
	}
}

func hexDigit(v byte) byte { return "0123456789abcdef"[v&0xf] }

// Clip shortens s to at most max runes, ending in "…" when cut. It never
// splits a rune. Apply it after Line so an escape is never cut in half
// mid-sequence in a way that hides a character: a cut escape still shows
// its backslash.
func Clip(s string, max int) string {
	if max <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
