// Package pctenc decodes URL percent-encoding the way net/url does. It is
// written out because the analysis core must not import net/... packages
// at all (a mechanical check over report/ forbids them); the tests prove
// it agrees with net/url.
package pctenc

import "errors"

// ErrBadEscape is a malformed %XX escape.
var ErrBadEscape = errors.New("invalid URL escape")

// QueryUnescape decodes query encoding ("+" as space, %XX as a byte), like
// net/url's QueryUnescape.
func QueryUnescape(s string) (string, error) { return unescape(s, true) }

// PathUnescape decodes %XX escapes and keeps "+", like net/url's
// PathUnescape.
func PathUnescape(s string) (string, error) { return unescape(s, false) }

func unescape(s string, plusIsSpace bool) (string, error) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+' && plusIsSpace:
			b = append(b, ' ')
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", ErrBadEscape
			}
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b), nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
