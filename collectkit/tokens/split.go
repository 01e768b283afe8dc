package tokens

import (
	"unicode"
	"unicode/utf8"
)

// Pre-tokenisation.
//
// Both encodings first cut text into pieces with a regular expression, then
// byte-pair-encode each piece on its own. tiktoken-go runs that expression
// with regexp2, a backtracking engine that spends about four fifths of the
// counting time there. splitO200K and splitCL100K make the same cut by
// hand: for each alternative of the pattern they compute, in order, the
// match the backtracking engine would find at the current position, and
// take the first alternative that matches. Character classes use the same
// Unicode tables as regexp2 (Go's unicode package), and \s is
// unicode.IsSpace, which agrees with regexp2's \s. TestSplitMatchesRegexp
// checks every piece against the library's own expression on the fixed
// strings, the corpus and random text.

// splitter cuts text into the pieces of one encoding's pattern.
type splitter func(s string, emit func(piece string))

// ASCII classes, looked up in a table: nearly all of a tool definition is
// ASCII, and unicode.In is the splitter's main cost otherwise.
const (
	cLetterUpper = 1 << iota // Lu
	cLetterLower             // Ll
	cNumber                  // Nd
	cSpace                   // unicode.IsSpace
)

var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		switch {
		case unicode.IsUpper(r):
			t[r] = cLetterUpper
		case unicode.IsLower(r):
			t[r] = cLetterLower
		case unicode.IsNumber(r):
			t[r] = cNumber
		case unicode.IsSpace(r):
			t[r] = cSpace
		}
	}
	return t
}()

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&(cLetterUpper|cLetterLower) != 0
	}
	return unicode.IsLetter(r)
}

func isNumber(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] == cNumber
	}
	return unicode.IsNumber(r)
}

func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] == cSpace
	}
	return unicode.IsSpace(r)
}

// isPrefix is [^\r\n\p{L}\p{N}].
func isPrefix(r rune) bool { return r != '\r' && r != '\n' && !isLetter(r) && !isNumber(r) }

// isPunct is [^\s\p{L}\p{N}].
func isPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] == 0
	}
	return !isSpace(r) && !isLetter(r) && !isNumber(r)
}

// isUpperish is o200k's [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}].
func isUpperish(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] == cLetterUpper
	}
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

// isLowerish is o200k's [\p{Ll}\p{Lm}\p{Lo}\p{M}].
func isLowerish(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] == cLetterLower
	}
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}

// at decodes the rune at byte offset i (RuneError, 1 for a bad byte).
func at(s string, i int) (rune, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// foldEq reports whether r matches the ASCII letter want under (?i:) as
// regexp2 applies it: ASCII case only. (Engines that use Unicode simple
// folding, like OpenAI's Rust tiktoken, also let U+017F ſ match s; this
// package follows tiktoken-go, whose counts it reproduces.)
func foldEq(r rune, want byte) bool {
	return r < utf8.RuneSelf && r|0x20 == rune(want)
}

// contraction returns the length of (?i:'s|'t|'re|'ve|'m|'ll|'d) at i, or 0.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return 0
	}
	j := i + 1
	if j >= len(s) {
		return 0
	}
	r1, n1 := at(s, j)
	for _, single := range []byte{'s', 't', 'm', 'd'} {
		if foldEq(r1, single) {
			return 1 + n1
		}
	}
	if j+n1 >= len(s) {
		return 0
	}
	r2, n2 := at(s, j+n1)
	for _, pair := range [][2]byte{{'r', 'e'}, {'v', 'e'}, {'l', 'l'}} {
		if foldEq(r1, pair[0]) && foldEq(r2, pair[1]) {
			return 1 + n1 + n2
		}
	}
	return 0
}

// numbers matches \p{N}{1,3} at i.
func numbers(s string, i int) int {
	j := i
	for k := 0; k < 3 && j < len(s); k++ {
		r, n := at(s, j)
		if !isNumber(r) {
			break
		}
		j += n
	}
	return j - i
}

// punct matches " ?[^\s\p{L}\p{N}]+" then the trailing class at i.
func punct(s string, i int, trailing func(r rune) bool) int {
	j := i
	if s[j] == ' ' && j+1 < len(s) {
		if r, _ := at(s, j+1); isPunct(r) {
			j++
		}
	}
	start := j
	for j < len(s) {
		r, n := at(s, j)
		if !isPunct(r) {
			break
		}
		j += n
	}
	if j == start {
		return 0
	}
	for j < len(s) {
		r, n := at(s, j)
		if !trailing(r) {
			break
		}
		j += n
	}
	return j - i
}

// spaces matches, in order, \s*[\r\n]+ then \s+(?!\S) then \s+ at i.
func spaces(s string, i int) int {
	j, lastNL, prev := i, -1, -1
	for j < len(s) {
		r, n := at(s, j)
		if !isSpace(r) {
			break
		}
		if r == '\r' || r == '\n' {
			lastNL = j + n
		}
		prev = j
		j += n
	}
	if j == i {
		return 0
	}
	if lastNL >= 0 {
		return lastNL - i // \s*[\r\n]+: up to the last line break in the run
	}
	if j == len(s) || prev == i {
		return j - i // \s+(?!\S) at the end, or a single space: \s+
	}
	return prev - i // \s+(?!\S): leave the last space to the next piece
}

// splitO200K is o200k_base's pattern:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitO200K(s string, emit func(string)) {
	for i := 0; i < len(s); {
		n := o200kWord(s, i)
		if n == 0 {
			n = numbers(s, i)
		}
		if n == 0 {
			n = punct(s, i, func(r rune) bool { return r == '\r' || r == '\n' || r == '/' })
		}
		if n == 0 {
			n = spaces(s, i)
		}
		if n == 0 { // unreachable: every rune is a letter, number, space or punctuation
			_, n = at(s, i)
		}
		emit(s[i : i+n])
		i += n
	}
}

// o200kWord matches the first two alternatives of o200k_base at i, trying
// them in the engine's order: each first with the optional prefix rune taken
// and then without it (which only matters when the prefix is a mark, since
// marks are both prefix runes and word runes).
func o200kWord(s string, i int) int {
	j := i
	if r, n := at(s, i); isPrefix(r) {
		j += n
	}
	end := upperLower(s, j)
	if end < 0 && j != i {
		end = upperLower(s, i)
	}
	if end < 0 {
		end = upperPlus(s, j)
	}
	if end < 0 && j != i {
		end = upperPlus(s, i)
	}
	if end < 0 {
		return 0
	}
	return end + contraction(s, end) - i
}

// upperLower matches [upper]*[lower]+ at j and returns its end, or -1. The
// classes overlap (Lm, Lo, M are in both), so when the greedy upper run is
// not followed by a lower rune the engine gives runes back until the last
// lower-class rune of the run, which then ends the match.
func upperLower(s string, j int) int {
	k, lastLower := j, -1
	for k < len(s) {
		r, n := at(s, k)
		if !isUpperish(r) {
			break
		}
		if isLowerish(r) {
			lastLower = k + n
		}
		k += n
	}
	if k < len(s) {
		if r, _ := at(s, k); isLowerish(r) {
			for k < len(s) {
				r, n := at(s, k)
				if !isLowerish(r) {
					break
				}
				k += n
			}
			return k
		}
	}
	return lastLower
}

// upperPlus matches [upper]+[lower]* at j and returns its end, or -1.
func upperPlus(s string, j int) int {
	k := j
	for k < len(s) {
		r, n := at(s, k)
		if !isUpperish(r) {
			break
		}
		k += n
	}
	if k == j {
		return -1
	}
	for k < len(s) {
		r, n := at(s, k)
		if !isLowerish(r) {
			break
		}
		k += n
	}
	return k
}

// splitCL100K is cl100k_base's pattern:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitCL100K(s string, emit func(string)) {
	for i := 0; i < len(s); {
		n := contraction(s, i)
		if n == 0 {
			n = cl100kWord(s, i)
		}
		if n == 0 {
			n = numbers(s, i)
		}
		if n == 0 {
			n = punct(s, i, func(r rune) bool { return r == '\r' || r == '\n' })
		}
		if n == 0 {
			n = spaces(s, i)
		}
		if n == 0 {
			_, n = at(s, i)
		}
		emit(s[i : i+n])
		i += n
	}
}

// cl100kWord matches [^\r\n\p{L}\p{N}]?\p{L}+ at i.
func cl100kWord(s string, i int) int {
	j := i
	if r, n := at(s, i); isPrefix(r) {
		j += n
	}
	k := j
	for k < len(s) {
		r, n := at(s, k)
		if !isLetter(r) {
			break
		}
		k += n
	}
	if k == j {
		return 0
	}
	return k - i
}
