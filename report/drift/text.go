package drift

import (
	"fmt"
	"github.com/assay-mcp/assay/report/internal/sentence"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/hashes"
)

// hidden reports whether r is invisible or deceptive in review: format
// and bidirectional controls, zero-width characters, tag characters,
// variation selectors, private-use code points and control characters
// other than tab and line breaks.
func hidden(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20 || (r >= 0x7f && r <= 0x9f):
		return true
	case r == 0x00ad || r == 0x061c || r == 0x180e || r == 0xfeff:
		return true
	case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e,
		r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069:
		return true
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef:
		return true
	case r >= 0xe0000 && r <= 0xe007f:
		return true
	case r >= 0xe000 && r <= 0xf8ff, r >= 0xf0000:
		return true
	}
	return false
}

// lookalikeScripts are scripts whose letters pass for Latin ones.
var lookalikeScripts = []*unicode.RangeTable{unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Cherokee}

// mixedWords returns the words of s that mix Latin letters with letters of
// a look-alike script ("Reаd" with a Cyrillic а).
func mixedWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		latin, other := false, false
		for _, r := range w {
			switch {
			case unicode.Is(unicode.Latin, r):
				latin = true
			case isLookalike(r):
				other = true
			}
		}
		if latin && other {
			out = append(out, w)
		}
	}
	return out
}

func isLookalike(r rune) bool {
	for _, t := range lookalikeScripts {
		if unicode.Is(t, r) {
			return true
		}
	}
	return false
}

// hiddenAt is [hidden] with the context emoji need: a single variation
// selector after a symbol (❤️) and a zero-width joiner between symbols
// (👩‍💻) are how emoji are spelled, not concealment.
func hiddenAt(rs []rune, i int) bool {
	r := rs[i]
	if !hidden(r) {
		return false
	}
	symbol := func(j int) bool {
		return j >= 0 && j < len(rs) && rs[j] > 0x7f && (unicode.Is(unicode.So, rs[j]) || unicode.Is(unicode.Sk, rs[j]))
	}
	switch {
	case r == 0xfe0f || r == 0xfe0e:
		next := i+1 < len(rs) && (rs[i+1] == 0xfe0f || rs[i+1] == 0xfe0e)
		return !(symbol(i-1) && !next)
	case r == 0x200d:
		prevOK := symbol(i-1) || (i >= 2 && (rs[i-1] == 0xfe0f || (rs[i-1] >= 0x1f3fb && rs[i-1] <= 0x1f3ff)) && symbol(i-2))
		return !(prevOK && symbol(i+1))
	}
	return true
}

// suspicious is the multiset of hidden characters and mixed-script words
// in s, as printable keys.
func suspicious(s string) map[string]int {
	m := map[string]int{}
	if plainASCII(s) {
		return m
	}
	rs := []rune(s)
	for i, r := range rs {
		if hiddenAt(rs, i) {
			m[runeEscape(r)]++
		}
	}
	for _, w := range mixedWords(s) {
		m["mixed-script word "+quote(w)]++
	}
	return m
}

// plainASCII reports whether s is printable ASCII, tabs and line breaks
// only: no character of it is hidden, and its words are Latin only.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7f {
			return false
		}
	}
	return true
}

// newSuspicious lists what new has more of than old, sorted.
func newSuspicious(old, new string) []string {
	o, n := suspicious(old), suspicious(new)
	var out []string
	for k, c := range n {
		if c > o[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func runeEscape(r rune) string {
	if r > 0xffff {
		return fmt.Sprintf(`\U%08x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// escape makes s safe and visible in one line of evidence: hidden
// characters, line breaks and look-alike letters inside mixed-script words
// are written as escapes, and s is cut at max runes.
func escape(s string, max int) string {
	mixed := map[string]bool{}
	for _, w := range mixedWords(s) {
		mixed[w] = true
	}
	var b strings.Builder
	n := 0
	word := ""
	rs := []rune(s)
	for i, r := range rs {
		if n >= max {
			b.WriteString("…")
			break
		}
		if unicode.IsLetter(r) || unicode.IsMark(r) {
			if i == 0 || !(unicode.IsLetter(rs[i-1]) || unicode.IsMark(rs[i-1])) {
				j := i
				for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsMark(rs[j])) {
					j++
				}
				word = string(rs[i:j])
			}
		}
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case hiddenAt(rs, i) || r == utf8.RuneError:
			b.WriteString(runeEscape(r))
		case mixed[word] && isLookalike(r):
			b.WriteString(runeEscape(r))
		default:
			b.WriteRune(r)
		}
		n++
	}
	return b.String()
}

func quote(s string) string { return `"` + escape(s, 60) + `"` }

// sentences splits text into sentences: at line breaks and after . ! ?
// followed by a space. ASCII spacing inside a sentence is folded so a
// reflow does not show up as a sentence change.
func sentences(s string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		for _, s := range sentence.Split(line) {
			out = appendSentence(out, s)
		}
	}
	return out
}

func appendSentence(out []string, s string) []string {
	s = hashes.CollapseSpace(s)
	if s == "" {
		return out
	}
	return append(out, s)
}

// sentenceDiff returns the sentences of old missing from new and of new
// missing from old, each in order of appearance, without duplicates.
func sentenceDiff(old, new string) (removed, added []string) {
	os, ns := sentences(old), sentences(new)
	return minus(os, ns), minus(ns, os)
}

func minus(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, s := range a {
		if !in[s] && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// sentenceEvidence renders removed and added sentences, escaped, at most
// three of each.
func sentenceEvidence(removed, added []string) string {
	var parts []string
	add := func(sign string, list []string) {
		for i, s := range list {
			if i == 3 {
				parts = append(parts, fmt.Sprintf("%s %d more", sign, len(list)-3))
				break
			}
			parts = append(parts, sign+" "+quote120(s))
		}
	}
	add("-", removed)
	add("+", added)
	return strings.Join(parts, "; ")
}

func quote120(s string) string { return `"` + escape(s, 120) + `"` }

// short abbreviates a "sha256:<hex>" hash to its first 12 hex digits.
func short(h string) string {
	h = strings.TrimPrefix(h, "sha256:")
	if len(h) > 12 {
		h = h[:12]
	}
	if h == "" {
		return "(none)"
	}
	return h
}

// wordEvidence renders the word runs an edit removed and added.
func wordEvidence(removed, added []string) string {
	var parts []string
	for _, s := range removed {
		parts = append(parts, "removed words "+quote120(s))
	}
	for _, s := range added {
		parts = append(parts, "added words "+quote120(s))
	}
	return strings.Join(parts, "; ")
}

// around returns an excerpt of s centred on its first suspicious
// character or mixed-script word, with ASCII spacing folded.
func around(s string) string {
	rs := []rune(s)
	at := -1
	for i := range rs {
		if hiddenAt(rs, i) {
			at = i
			break
		}
	}
	if at < 0 {
		if w := mixedWords(s); len(w) > 0 {
			at = len([]rune(s[:strings.Index(s, w[0])]))
		}
	}
	if at < 0 {
		return quote120(hashes.CollapseSpace(s))
	}
	start := max(0, at-50)
	ex := hashes.CollapseSpace(string(rs[start:]))
	prefix := ""
	if start > 0 {
		prefix = "…"
	}
	return `"` + prefix + escape(ex, 110) + `"`
}

// Suspicious lists the hidden characters and mixed-script words in s, as
// printable escapes; empty when s is plain. Baselines use it to object to
// blessing a surface that already hides text.
func Suspicious(s string) []string { return newSuspicious("", s) }

// Excerpt is a short, escaped excerpt of s around its first suspicious
// character, safe to print in evidence.
func Excerpt(s string) string { return around(s) }

// Mentions reports whether text names tool as a whole token, and whether
// the name is distinctive enough that the mention is unlikely by chance.
func Mentions(text, tool string) bool { return distinctive(tool) && mentions(text, tool) }
