package canon

import (
	"sort"
	"unicode/utf16"
	"unicode/utf8"
)

// appendString writes s as an RFC 8785 JSON string (the ECMAScript
// JSON.stringify form): '"' and '\' escaped, the five short control
// escapes, other controls as \u00xx in lower-case hex, everything else
// literal — including '<', '>', '&', U+2028 and U+2029. Invalid UTF-8 is
// written as U+FFFD, as a JSON round trip would. It spares the hashing
// hot path a json.Marshal plus a full JCS re-parse per string.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			// A run of bytes that need no escape is copied at once.
			j := i
			for j < len(s) && s[j] >= 0x20 && s[j] < utf8.RuneSelf && s[j] != '"' && s[j] != '\\' {
				j++
			}
			if j > i {
				dst = append(dst, s[i:j]...)
				i = j
				continue
			}
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c >= 0x20:
				dst = append(dst, c)
			case c == '\b':
				dst = append(dst, '\\', 'b')
			case c == '\f':
				dst = append(dst, '\\', 'f')
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}

// lessUTF16 orders member names as RFC 8785 requires: by UTF-16 code
// units, which differs from UTF-8 byte order only above U+FFFF.
func lessUTF16(a, b string) bool {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}

// appendStringMap writes a map of strings as a canonical JSON object.
func appendStringMap(dst []byte, m map[string]string) []byte {
	keys := make([]string, 0, len(m))
	ascii := true
	for k := range m {
		keys = append(keys, k)
		for i := 0; i < len(k) && ascii; i++ {
			ascii = k[i] < utf8.RuneSelf
		}
	}
	if ascii {
		sort.Strings(keys)
	} else {
		sort.Slice(keys, func(i, j int) bool { return lessUTF16(keys[i], keys[j]) })
	}
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		dst = appendString(dst, m[k])
	}
	return append(dst, '}')
}

// AppendString appends s as an RFC 8785 JSON string (see appendString):
// for writers that produce canonical JSON directly.
func AppendString(dst []byte, s string) []byte { return appendString(dst, s) }

// LessKey orders member names as RFC 8785 does (by UTF-16 code units).
func LessKey(a, b string) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf {
				return a[i] < b[i]
			}
			return lessUTF16(a, b)
		}
	}
	return len(a) < len(b)
}

// AppendFast appends the canonical form of raw by the fast writer alone;
// an error means raw needs the JCS library's path ([JSON]).
func AppendFast(dst, raw []byte) ([]byte, error) { return appendCanonical(dst, raw) }
