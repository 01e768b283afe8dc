package inject

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word of a shadow text: a run of letters, digits, '_' and
// inner apostrophes, or one rune of a script written without spaces
// (Chinese, Japanese), so word lists in those scripts match rune by rune.
type token struct {
	s          string // the word as it appears in the shadow (lower-case)
	start, end int    // byte span in the shadow
	sent       int    // sentence number
}

// tokenize splits a shadow text into tokens and numbers sentences: a
// sentence ends at '.', '!', '?', ';', a line break or their CJK forms.
func tokenize(t string, out []token) []token {
	sent := 0
	for i := 0; i < len(t); {
		c := t[i]
		if c < utf8.RuneSelf {
			if isWordByte(c) {
				j := i + 1
				for j < len(t) {
					d := t[j]
					if isWordByte(d) || d == '\'' && j+1 < len(t) && isWordByte(t[j+1]) && j > i {
						j++
						continue
					}
					if d >= utf8.RuneSelf {
						r, _ := utf8.DecodeRuneInString(t[j:])
						if unicode.IsLetter(r) && !spaceless(r) || unicode.Is(unicode.Mn, r) {
							j += utf8.RuneLen(r)
							continue
						}
					}
					break
				}
				if k := strings.IndexByte(t[i:j], '\''); k > 0 && k <= 4 && j-(i+k+1) >= 3 {
					i += k + 1 // elided article: l'utilisateur, all'utente
				}
				out = append(out, token{t[i:j], i, j, sent})
				i = j
				continue
			}
			if endsSentence(c, t, i) {
				sent++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		switch {
		case spaceless(r):
			out = append(out, token{t[i : i+n], i, i + n, sent})
			i += n
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i + n
			for j < len(t) {
				q, m := utf8.DecodeRuneInString(t[j:])
				if q < utf8.RuneSelf && !isWordByte(byte(q)) || q >= utf8.RuneSelf && (spaceless(q) || !(unicode.IsLetter(q) || unicode.IsDigit(q) || unicode.Is(unicode.Mn, q))) {
					break
				}
				j += m
			}
			out = append(out, token{t[i:j], i, j, sent})
			i = j
		default:
			if r == '。' || r == '！' || r == '？' || r == '；' {
				sent++
			}
			i += n
		}
	}
	return out
}

// endsSentence reports a sentence end at t[i]: a full stop followed by
// space or the end (so "e.g" and "file.txt" do not split), or a line break.
func endsSentence(c byte, t string, i int) bool {
	switch c {
	case '\n', '!', '?':
		return true
	case '.':
		return i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\n'
	}
	return false
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c >= 'A' && c <= 'Z'
}

// spaceless reports scripts written without spaces between words.
func spaceless(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー'
}
