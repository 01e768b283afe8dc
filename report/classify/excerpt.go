package classify

import (
	"fmt"
	"strings"
	"unicode"
)

// excerpt returns at most n runes of s with every control, format
// (zero-width, bidi), private-use or unassigned rune written visibly as
// \uXXXX, so evidence never carries hidden text to a renderer.
func excerpt(s string, n int) string {
	if len(s) <= n && plainASCII(s) {
		return s // nothing to escape or cut: the common case
	}
	var b strings.Builder
	count := 0
	for _, r := range s {
		if count >= n {
			b.WriteString("…")
			break
		}
		count++
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || !unicode.IsPrint(r) && r != ' ' || r == '\uFFFD':
			if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainASCII reports printable ASCII only (space included, no controls).
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}
