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
	out := make([]string, 0, 32)
	start := -1
	lower := true
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := s[start:end]
		if !lower {
			w = strings.ToLower(w)
		}
		out = append(out, strings.ReplaceAll(w, "’", "'"))
		start, lower = -1, true
	}
	for i := 0; i < len(s) && len(out) < maxProseWords; {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				if start < 0 {
					start = i
				}
			case 'A' <= c && c <= 'Z':
				if start < 0 {
					start = i
				}
				lower = false
			case c == '\'' && start >= 0 && i+1 < len(s) && isASCIILetter(s[i+1]):
				// inner apostrophe: part of the word
			default:
				flush(i)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
			}
			lower = false
		case r == '’' && start >= 0 && i+n < len(s) && isASCIILetter(s[i+n]):
		default:
			flush(i)
		}
		i += n
	}
	flush(len(s))
	return out
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
