package inject

import (
	"html"
	"unicode/utf8"
)

// decodeEntity decodes one HTML character reference at the start of s
// ("&lt;", "&#105;", "&#x69;"). It returns the rune, the bytes consumed and
// whether s starts with a reference that decodes to exactly one rune.
func decodeEntity(s string) (rune, int, bool) {
	end := -1
	for k := 1; k < len(s) && k < 33; k++ {
		c := s[k]
		if c == ';' {
			end = k + 1
			break
		}
		if !(c == '#' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
			return 0, 0, false
		}
	}
	if end < 3 {
		return 0, 0, false
	}
	d := html.UnescapeString(s[:end])
	if d == s[:end] {
		return 0, 0, false
	}
	r, n := utf8.DecodeRuneInString(d)
	if n != len(d) || r == utf8.RuneError {
		return 0, 0, false
	}
	return r, end, true
}
