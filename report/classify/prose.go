package classify

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxProseWords bounds how much of a description is read: what a tool
// does is said early, and the cost stays linear in a bounded prefix.
const maxProseWords = 400

// proseWords splits prose into lower-case words: runs of letters and
// digits, with an inner apostrophe kept ("doesn't") and an inner hyphen
// splitting ("user-provided" -> user, provided). Reading words, not
// regular expressions, is what lets the rules see a word's neighbours.
func proseWords(s string) []string {
	var buf [128]string
	return proseWordsBuf(s, buf[:0], nil)
}

// proseWordsBuf is [proseWords] splitting into scratch (whose contents it
// overwrites) and lower-casing into lower (nil: none); the result is one
// allocation of exactly the words.
func proseWordsBuf(s string, scratch []string, lower *[]byte) []string {
	w := appendProseWords(scratch[:0], s, lower)
	return append(make([]string, 0, len(w)), w...)
}

// appendProseWords appends the words of s to out; lower, when not nil,
// is scratch for lower-casing, kept for the next call.
func appendProseWords(out []string, s string, lower *[]byte) []string {
	// Lower-case once; words are then substrings, not allocations.
	if hasUpperOrCurly(s) {
		var buf []byte
		if lower != nil {
			buf = *lower
		}
		s, buf = lowerProseBuf(s, buf)
		if lower != nil {
			*lower = buf
		}
	}
	base := len(out)
	start := -1
	for i := 0; i < len(s) && len(out)-base < maxProseWords; {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				if start < 0 {
					start = i
				}
			case c == '_' && start >= 0 && i+1 < len(s) && ('a' <= s[i+1] && s[i+1] <= 'z' || '0' <= s[i+1] && s[i+1] <= '9'):
				// inner underscore: an identifier ("execute_script") is one
				// word, a name the prose cites, not words it says
			case c == '\'' && start >= 0 && i+1 < len(s) && 'a' <= s[i+1] && s[i+1] <= 'z':
				// inner apostrophe: part of the word
			default:
				if start >= 0 {
					out = append(out, s[start:i])
					start = -1
				}
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
		i += n
	}
	if start >= 0 && len(out)-base < maxProseWords {
		out = append(out, s[start:])
	}
	return out
}

// lowerProseBuf is strings.ReplaceAll(strings.ToLower(s), "’", "'") in
// one pass, lowering into buf (scratch, returned grown for the next call;
// only the result string is allocated): ASCII bytes lowered inline, other
// runes by unicode.ToLower (an invalid byte becomes U+FFFD, as strings.Map
// writes it).
func lowerProseBuf(s string, buf []byte) (string, []byte) {
	buf = buf[:0]
	if cap(buf) < len(s) {
		buf = make([]byte, 0, len(s)+len(s)/8)
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '’':
			buf = append(buf, '\'')
		case r == utf8.RuneError && n == 1:
			buf = utf8.AppendRune(buf, utf8.RuneError)
		default:
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
		}
		i += n
	}
	return string(buf), buf
}

// hasUpperOrCurly reports a byte that lower-casing or apostrophe folding
// would change (any non-ASCII byte counts, to be safe).
func hasUpperOrCurly(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// hasWord reports whether any of ws is in set.
func hasWord(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

// untagged is a description without a leading bracketed tag ("[Beta]",
// "[Desktop apps only]"): a label before the sentence, not its verb.
func untagged(s string) string {
	t := strings.TrimLeft(s, " \t\r\n")
	if !strings.HasPrefix(t, "[") {
		return s
	}
	end := strings.IndexByte(t, ']')
	if end < 0 || end > 60 || strings.IndexByte(t[:end], '\n') >= 0 {
		return s
	}
	return t[end+1:]
}

// leadVerb returns the index of the description's main verb: the first
// word after leading boilerplate ("This tool is used to", "Use this to",
// "Allows you to"), or -1.
func leadVerb(ws []string) int {
	skip := tbl().leadSkip
	for i, w := range ws {
		if i >= 12 {
			return -1
		}
		if !skip[w] {
			return i
		}
	}
	return -1
}
