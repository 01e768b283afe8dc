package inject

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// excerptMax bounds an evidence excerpt in runes.
const excerptMax = 160

// excerpt cuts orig[a:b] widened by a little context, trimmed to whole
// runes and escaped, so a reviewer sees exactly what matched without the
// report ever carrying live control, bidi or invisible characters.
func excerpt(orig string, a, b int) string {
	if a < 0 {
		a = 0
	}
	if b > len(orig) {
		b = len(orig)
	}
	if a > b {
		a = b
	}
	const ctx = 24
	s, e := a-ctx, b+ctx
	if s < 0 {
		s = 0
	}
	if e > len(orig) {
		e = len(orig)
	}
	for s > 0 && !utf8.RuneStart(orig[s]) {
		s--
	}
	for e < len(orig) && !utf8.RuneStart(orig[e]) {
		e++
	}
	var sb strings.Builder
	if s > 0 {
		sb.WriteString("…")
	}
	n := 0
	lastSpace := false
	for _, r := range orig[s:e] {
		if n >= excerptMax {
			break
		}
		if r == '\n' || r == '\r' || r == '\t' || r == ' ' {
			if !lastSpace {
				sb.WriteByte(' ')
			}
			lastSpace = true
			n++
			continue
		}
		lastSpace = false
		sb.WriteString(escapeRune(r))
		n++
	}
	if e < len(orig) || n >= excerptMax {
		sb.WriteString("…")
	}
	return sb.String()
}

// escapeRune renders invisible, control, bidi and tag characters as
// \uXXXX so they are visible and inert in every renderer.
func escapeRune(r rune) string {
	if hid, _ := invisible(r, 0); hid || r == utf8.RuneError || unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) {
		if r > 0xFFFF {
			return fmt.Sprintf("\\U%08x", r)
		}
		return fmt.Sprintf("\\u%04x", r)
	}
	return string(r)
}

// escapeText escapes a whole (short) string, capped like an excerpt.
func escapeText(s string) string {
	var sb strings.Builder
	n := 0
	for _, r := range s {
		if n >= excerptMax {
			sb.WriteString("…")
			break
		}
		if r == '\n' || r == '\r' || r == '\t' {
			r = ' '
		}
		sb.WriteString(escapeRune(r))
		n++
	}
	return sb.String()
}
