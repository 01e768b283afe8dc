package classify

import (
	"strings"
	"unicode"
)

// Tokens splits an identifier into lower-case whole words. It breaks on
// every non-alphanumeric rune (snake_case, kebab-case, dotted.names,
// slashes, spaces) and on camelCase humps ("getTinyImage" -> get tiny
// image, "sampleLLM" -> sample llm, "LLMResponse" -> llm response).
// Digits stay attached to their word ("r2", "d1"). Matching on whole
// tokens is what keeps "executive_summary" from meaning "exec".
func Tokens(s string) []string {
	if out, ok := asciiTokens(s); ok {
		return joinCompounds(out)
	}
	return joinCompounds(runeTokens(s))
}

// runeTokens splits any identifier (the general path of [Tokens]).
func runeTokens(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

func joinCompounds(ts []string) []string {
	if len(ts) < 2 {
		return ts
	}
	// In place: ts is the caller's fresh slice, and the write index never
	// passes the read index.
	out := ts[:0]
	for i := 0; i < len(ts); i++ {
		if i+1 < len(ts) {
			if c, ok := tbl().compounds[[2]string{ts[i], ts[i+1]}]; ok {
				out = append(out, c)
				i++
				continue
			}
		}
		out = append(out, ts[i])
	}
	return out
}

// stems returns t followed by the base forms it may inflect from
// ("deletes" -> delete, "created" -> create, "running" -> run), so a
// lexicon of base verbs matches verb forms too.
func stems(t string) []string {
	var f stemForms
	f.of(t)
	out := []string{t}
	for i := range f.n {
		out = append(out, f.form(i))
	}
	return out
}

// maxStemForms bounds the base forms of one word.
const maxStemForms = 3

// stemForms are the base forms of a word ([stems] without the word), each
// a prefix of the word plus at most one byte, so they are looked up
// without building a string ([lexicon.formCats]).
type stemForms struct {
	n      int
	base   [maxStemForms]string
	suffix [maxStemForms]byte // 0: none
}

func (f *stemForms) add(base string, suffix byte) {
	l := len(base)
	if suffix != 0 {
		l++
	}
	if l >= 2 {
		f.base[f.n], f.suffix[f.n] = base, suffix
		f.n++
	}
}

// form is base form i as a string (allocating only for a suffixed one).
func (f *stemForms) form(i int) string {
	if f.suffix[i] == 0 {
		return f.base[i]
	}
	return f.base[i] + string(rune(f.suffix[i]))
}

// of fills f with the base forms of t.
func (f *stemForms) of(t string) {
	f.n = 0
	switch {
	case strings.HasSuffix(t, "ies") && len(t) > 4:
		f.add(t[:len(t)-3], 'y')
	case strings.HasSuffix(t, "es") && len(t) > 3:
		f.add(t[:len(t)-2], 0)
		f.add(t[:len(t)-1], 0)
	case strings.HasSuffix(t, "s") && !strings.HasSuffix(t, "ss") && len(t) > 3:
		f.add(t[:len(t)-1], 0)
	case strings.HasSuffix(t, "ed") && len(t) > 4:
		f.add(t[:len(t)-2], 0)
		f.add(t[:len(t)-1], 0)
		if n := len(t) - 2; n >= 2 && t[n-1] == t[n-2] {
			f.add(t[:n-1], 0)
		}
	case strings.HasSuffix(t, "ing") && len(t) > 5:
		b := t[:len(t)-3]
		f.add(b, 0)
		f.add(b, 'e')
		if n := len(b); n >= 2 && b[n-1] == b[n-2] {
			f.add(b[:n-1], 0)
		}
	}
}

// asciiTokens is [Tokens] for an ASCII identifier without allocating a
// rune slice; ok is false for any other input.
func asciiTokens(s string) (out []string, ok bool) {
	isUp := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	isLo := func(c byte) bool { return 'a' <= c && c <= 'z' }
	isDig := func(c byte) bool { return '0' <= c && c <= '9' }
	start := -1
	flush := func(end int) {
		if start >= 0 {
			w := s[start:end]
			for j := 0; j < len(w); j++ {
				if isUp(w[j]) {
					w = strings.ToLower(w)
					break
				}
			}
			if out == nil {
				out = make([]string, 0, 4) // most names have at most four words
			}
			out = append(out, w)
			start = -1
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return nil, false
		}
		if !isUp(c) && !isLo(c) && !isDig(c) {
			flush(i)
			continue
		}
		if start >= 0 && isUp(c) {
			prev := s[i-1]
			nextLower := i+1 < len(s) && isLo(s[i+1])
			if isLo(prev) || isDig(prev) || isUp(prev) && nextLower {
				flush(i)
			}
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(s))
	return out, true
}
