package inject

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Shadow is the matching view of one string: entities decoded, invisible
// characters removed, NFKC, Latin diacritics folded, confusable letters
// mapped to Latin, quotes and dashes straightened, letter-spaced words
// joined, whitespace collapsed and everything lower-cased. Rules match the
// shadow; evidence is always cut from the original through Orig.
//
// Hashes elsewhere are never computed on this text: it exists only here.
type Shadow struct {
	// Text is the normalised, lower-cased string.
	Text string
	// src[i] is the byte offset in the original of Text's byte i;
	// src[len(Text)] is len(original). Nil for a plain ASCII string until
	// Orig first needs it (ascii is then the original).
	src   []int32
	ascii string
	// Hidden lists invisible or smuggling characters that were removed.
	Hidden []HiddenRune
	// Tagged is the ASCII text carried by Unicode tag characters, if any.
	Tagged string
	// Mixed counts words that mix Latin letters with Cyrillic lookalikes
	// (mapped to Latin in Text); MixedAt is the first one's offset.
	Mixed, MixedAt int
}

// HiddenRune is one removed invisible character.
type HiddenRune struct {
	Off  int // byte offset in the original
	Rune rune
}

// Orig maps the shadow byte span [i, j) to a span of the original string.
func (s *Shadow) Orig(i, j int) (int, int) {
	if i < 0 {
		i = 0
	}
	if j > len(s.Text) {
		j = len(s.Text)
	}
	if i > j {
		i = j
	}
	src := s.offsets()
	a, b := int(src[i]), int(src[j])
	if j > i && b <= a {
		// The span's last byte maps to the same source rune as its first
		// (an expansion); take the end of that source rune.
		b = int(src[j-1]) + 1
	}
	return a, b
}

// offsets returns src, built on first use for a plain ASCII string.
func (s *Shadow) offsets() []int32 {
	if s.src == nil {
		s.src = make([]int32, 0, len(s.Text)+1)
		asciiShadow(s.ascii, &s.src)
	}
	return s.src
}

// item is one rune of the shadow under construction.
type item struct {
	r   rune
	off int32 // source byte offset
}

// Normalize builds the shadow of s.
func Normalize(s string) *Shadow { return normalize(s, nil) }

// normalize is Normalize with a buffer for the rune path's items (nil:
// allocate one).
func normalize(s string, buf *[]item) *Shadow {
	if plainASCII(s) && !spacedRunASCII(s) {
		// Nothing to decode, hide, fold or join: only whitespace and case
		// change, straight from the bytes.
		return &Shadow{Text: asciiShadow(s, nil), ascii: s}
	}
	return normalizeRunes(s, buf)
}

// normalizeRunes is Normalize rune by rune, for any string. The items are
// built in *buf when buf is not nil, and the grown buffer left there.
func normalizeRunes(s string, buf *[]item) *Shadow {
	sh := &Shadow{}
	var items []item
	if buf != nil && cap(*buf) >= len(s) {
		items = (*buf)[:0]
	} else {
		items = make([]item, 0, len(s))
	}
	var tagged strings.Builder
	var tmp [64]byte
	var fold [8]rune
	prev := rune(-1) // previous visible rune of the source, for emoji context
	ascii := true    // no lookalike can occur: mapConfusables is a no-op
	i := 0
	if plainASCII(s) {
		// Nothing to decode, hide or fold: every byte is an item.
		for ; i < len(s); i++ {
			items = append(items, item{rune(s[i]), int32(i)})
		}
	}
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		off := int32(i)
		if r == '&' {
			if dr, m, ok := decodeEntity(s[i:]); ok {
				r, n = dr, m
			}
		}
		i += n
		if hid, legit := invisible(r, prev); hid {
			if !legit {
				sh.Hidden = append(sh.Hidden, HiddenRune{Off: int(off), Rune: r})
				if r >= 0xE0020 && r <= 0xE007E {
					tagged.WriteByte(byte(r - 0xE0000))
				}
			}
			continue
		}
		prev = r
		if r < utf8.RuneSelf {
			items = append(items, item{r, off})
			continue
		}
		ascii = false
		// Per-rune compatibility decomposition; Latin letters lose their
		// diacritics so lexicons need only one spelling.
		m := utf8.EncodeRune(tmp[:], r)
		out := norm.NFKC.Append(tmp[m:m], tmp[:m]...)
		for len(out) > 0 {
			q, k := utf8.DecodeRune(out)
			out = out[k:]
			for _, f := range foldLatin(fold[:0], q) {
				if unicode.Is(unicode.Mn, f) && len(items) > 0 && isLatinLetter(items[len(items)-1].r) {
					continue // stacked marks on Latin letters (zalgo)
				}
				items = append(items, item{punct(f), off})
			}
		}
	}
	if buf != nil {
		*buf = items
	}
	sh.Tagged = tagged.String()
	if !ascii {
		items = mapConfusables(items, sh)
	}
	items = joinSpaced(items)
	sh.build(items, int32(len(s)))
	return sh
}

// plainASCII reports a string the rune loop of Normalize would copy
// byte for byte: ASCII with no entity to decode and no control character
// to hide.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x7F || c == '&' || c < 0x20 && c != '\n' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// build collapses whitespace, lower-cases and encodes the items.
func (sh *Shadow) build(items []item, end int32) {
	var b strings.Builder
	b.Grow(len(items))
	src := make([]int32, 0, len(items)+1)
	var buf [4]byte
	for k := 0; k < len(items); k++ {
		it := items[k]
		if unicode.IsSpace(it.r) {
			nl := 0
			j := k
			for ; j < len(items) && unicode.IsSpace(items[j].r); j++ {
				if items[j].r == '\n' || items[j].r == '\u2028' || items[j].r == '\u2029' {
					nl++
				}
			}
			// A paragraph break or a new list item ends a sentence; a
			// single wrapped line break is just a space.
			c := byte(' ')
			if nl >= 2 || (nl == 1 && (j == len(items) || startsItem(items[j].r))) {
				c = '\n'
			}
			b.WriteByte(c)
			src = append(src, it.off)
			k = j - 1
			continue
		}
		r := unicode.ToLower(it.r)
		n := utf8.EncodeRune(buf[:], r)
		b.Write(buf[:n])
		for x := 0; x < n; x++ {
			src = append(src, it.off)
		}
	}
	src = append(src, end)
	sh.Text = b.String()
	sh.src = src
}

// asciiShadow is build for a plain ASCII string that joinSpaced leaves
// alone (each byte an item at its own offset), reading the bytes
// directly. When src is not nil it also appends build's offsets to it.
// A string that is already its own shadow is returned as is.
func asciiShadow(s string, src *[]int32) string {
	if src == nil && isOwnShadow(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for k := 0; k < len(s); k++ {
		c := s[k]
		if asciiSpace(c) {
			nl := 0
			j := k
			for ; j < len(s) && asciiSpace(s[j]); j++ {
				if s[j] == '\n' {
					nl++
				}
			}
			o := byte(' ')
			if nl >= 2 || (nl == 1 && (j == len(s) || startsItem(rune(s[j])))) {
				o = '\n'
			}
			b.WriteByte(o)
			if src != nil {
				*src = append(*src, int32(k))
			}
			k = j - 1
			continue
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
		if src != nil {
			*src = append(*src, int32(k))
		}
	}
	if src != nil {
		*src = append(*src, int32(len(s)))
	}
	return b.String()
}

// isOwnShadow reports a plain ASCII string that build would copy
// unchanged: no upper-case letter, and every whitespace run a single
// space, or a single line break where build keeps one.
func isOwnShadow(s string) bool {
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c >= 'A' && c <= 'Z' || c == '\t' || c == '\r' {
			return false
		}
		if c != ' ' && c != '\n' {
			continue
		}
		if k+1 < len(s) && asciiSpace(s[k+1]) {
			return false
		}
		if c == '\n' && k+1 < len(s) && !startsItem(rune(s[k+1])) {
			return false // build writes a space there
		}
	}
	return true
}

// asciiSpace is unicode.IsSpace for the bytes of a plain ASCII string
// (which holds no vertical tab or form feed: plainASCII hides them).
func asciiSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// spacedRunASCII reports whether joinSpaced would join anything in a
// plain ASCII string: three single letters separated by the same
// separator (a run of two joins only right after a joined run, so the
// first join always needs three).
func spacedRunASCII(s string) bool {
	single := func(k int) bool {
		return k < len(s) && asciiLetter(s[k]) && (k == 0 || !asciiLetter(s[k-1])) && (k+1 >= len(s) || !asciiLetter(s[k+1]))
	}
	for k := 0; k+4 < len(s); k++ {
		sep := s[k+1]
		if (sep == ' ' || sep == '.' || sep == '-' || sep == '_' || sep == '*') && s[k+3] == sep && single(k) && single(k+2) && single(k+4) {
			return true
		}
	}
	return false
}

func asciiLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// invisible reports whether r is a character a reader cannot see, and
// whether it is legitimate in context (emoji joiners and selectors).
func invisible(r, prev rune) (hidden, legit bool) {
	switch {
	case r == 0x200D, r == 0x200C: // joiners: legit in emoji and in Arabic/Indic words
		return true, isEmoji(prev) || (prev >= 0x0600 && unicode.IsLetter(prev)) || (prev >= 0x0900 && unicode.Is(unicode.Mn, prev))
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF: // variation selectors
		// Legit after symbols and digits (emoji, keycaps) and after CJK
		// ideographs (standardized variants); hidden after Latin letters.
		return true, prev >= 0 && (!unicode.IsLetter(prev) || prev >= 0x2E80)
	case r >= 0xE0000 && r <= 0xE007F: // tag characters: legit only in flag sequences
		return true, prev == 0x1F3F4
	case r == 0x200B, r == 0x200E, r == 0x200F, r == 0x00AD, r == 0x034F,
		r == 0x061C, r == 0x180E, r == 0xFEFF, r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0,
		r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x206F,
		r >= 0xFFF9 && r <= 0xFFFB:
		return true, false
	case r < 0x20 && r != '\n' && r != '\t' && r != '\r':
		return true, false
	case r >= 0x7F && r < 0xA0:
		return true, false
	}
	return false, false
}

func isEmoji(r rune) bool {
	return r >= 0x1F000 || (r >= 0x2600 && r <= 0x27BF) || r == 0xFE0F
}

func isLatinLetter(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= 0xC0 && r <= 0x24F && unicode.IsLetter(r))
}

// foldLatin strips diacritics from Latin letters; other scripts keep
// their marks (Cyrillic й, Japanese dakuten carry meaning). It appends the
// result to dst (so the common case, no fold, allocates nothing).
func foldLatin(dst []rune, r rune) []rune {
	if r < 0xC0 || r > 0x24F {
		return append(dst, r)
	}
	switch r {
	case 'ß':
		return append(dst, 's', 's')
	case 'æ':
		return append(dst, 'a', 'e')
	case 'Æ':
		return append(dst, 'A', 'E')
	case 'ø':
		return append(dst, 'o')
	case 'Ø':
		return append(dst, 'O')
	case 'ł':
		return append(dst, 'l')
	case 'Ł':
		return append(dst, 'L')
	case 'đ':
		return append(dst, 'd')
	case 'ı':
		return append(dst, 'i')
	}
	n := len(dst)
	for _, q := range norm.NFD.String(string(r)) {
		if !unicode.Is(unicode.Mn, q) {
			dst = append(dst, q)
		}
	}
	if len(dst) == n {
		return append(dst, r)
	}
	return dst
}

// punct straightens quotes and dashes.
func punct(r rune) rune {
	switch r {
	case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '\u00B4', '\u0060':
		return '\''
	case '\u201C', '\u201D', '\u201E', '\u201F', '\u00AB', '\u00BB', '\u2033':
		return '"'
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
		return '-'
	case '\u00A0', '\u2007', '\u202F':
		return ' '
	}
	return r
}

// confusables maps Cyrillic and Greek letters that render like Latin ones.
var confusables = map[rune]rune{
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w',
	'ɡ': 'g', 'ӏ': 'l', 'һ': 'h', 'ь': 'b', 'п': 'n', 'г': 'r', 'ᴦ': 'r',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'У': 'Y', 'Х': 'X', 'І': 'I', 'Ј': 'J', 'Ѕ': 'S', 'Ԁ': 'D', 'Ӏ': 'I',
	'α': 'a', 'β': 'b', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u',
	'χ': 'x', 'γ': 'y', 'η': 'n', 'μ': 'u', 'ω': 'w',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

// strongConfusable are lookalikes close enough that a word made only of
// them is read as Latin; the looser ones (п, г, н, ь) are mapped only in
// words that already mix in Latin letters, so Russian stays Russian.
var strongConfusable = map[rune]bool{
	'а': true, 'е': true, 'о': true, 'р': true, 'с': true, 'у': true, 'х': true, 'і': true, 'ј': true,
	'ѕ': true, 'ԁ': true, 'ԛ': true, 'ԝ': true, 'ӏ': true, 'һ': true, 'ɡ': true,
	'ο': true, 'α': true, 'ι': true, 'ε': true, 'ρ': true, 'κ': true, 'ν': true, 'τ': true, 'υ': true,
	'А': true, 'Е': true, 'О': true, 'Р': true, 'С': true, 'Х': true, 'І': true, 'Ј': true, 'Ѕ': true, 'Ο': true, 'Α': true, 'Ε': true, 'Ι': true,
	'Κ': true, 'Ν': true, 'Ρ': true, 'Τ': true, 'Χ': true,
}

// mapConfusables rewrites words that mix Latin with lookalike letters, or
// consist only of strong lookalikes, into Latin.
func mapConfusables(items []item, sh *Shadow) []item {
	for a := 0; a < len(items); {
		if !unicode.IsLetter(items[a].r) {
			a++
			continue
		}
		b := a
		latin, conf, strong, other := 0, 0, 0, 0
		for ; b < len(items) && (unicode.IsLetter(items[b].r) || unicode.Is(unicode.Mn, items[b].r)); b++ {
			r := items[b].r
			switch {
			case r < 0x250:
				latin++
			case confusables[r] != 0:
				conf++
				if strongConfusable[r] {
					strong++
				}
			default:
				other++
			}
		}
		if conf > 0 && other == 0 && (latin > 0 || (strong == conf && conf >= 3)) {
			if latin > 0 && cyrillicIn(items[a:b]) {
				if sh.Mixed == 0 {
					sh.MixedAt = int(items[a].off)
				}
				sh.Mixed++
			}
			for k := a; k < b; k++ {
				if m := confusables[items[k].r]; m != 0 {
					items[k].r = m
				}
			}
		}
		a = b
	}
	return items
}

func onlySpaces(items []item) bool {
	for _, it := range items {
		if it.r != ' ' {
			return false
		}
	}
	return true
}

func cyrillicIn(items []item) bool {
	for _, it := range items {
		if it.r >= 0x400 && it.r <= 0x52F {
			return true
		}
	}
	return false
}

// joinSpaced joins letter-spaced words ("i g n o r e" → "ignore"): a run
// of at least three single letters separated by exactly one space (or one
// of . - _ *, the same throughout). A wider gap ends the run.
func joinSpaced(items []item) []item {
	if !spacedStart(items) {
		return items
	}
	single := func(k int) bool {
		if k < 0 || k >= len(items) || !unicode.IsLetter(items[k].r) {
			return false
		}
		before := k == 0 || !unicode.IsLetter(items[k-1].r)
		after := k+1 >= len(items) || !unicode.IsLetter(items[k+1].r)
		return before && after
	}
	out := items[:0:0]
	changed := false
	lastEnd := -10 // index just after the last joined run
	for k := 0; k < len(items); {
		if single(k) && k+2 < len(items) {
			sep := items[k+1].r
			if sep == ' ' || sep == '.' || sep == '-' || sep == '_' || sep == '*' {
				j, n := k, 1
				for j+2 < len(items) && items[j+1].r == sep && single(j+2) {
					j += 2
					n++
				}
				// Three letters make a run; two continue one that just ended
				// ("i g n o r e  o f").
				cont := k-lastEnd <= 4 && onlySpaces(items[max(lastEnd, 0):k])
				if n >= 3 || (n == 2 && cont) {
					if !changed {
						out = append(out, items[:k]...)
						changed = true
					}
					for x := k; x <= j; x += 2 {
						out = append(out, items[x])
					}
					k = j + 1
					lastEnd = k
					continue
				}
			}
		}
		if changed {
			out = append(out, items[k])
		}
		k++
	}
	if !changed {
		return items
	}
	return out
}

// spacedStart reports whether some single letter is followed by a
// separator and another single letter: the only place joinSpaced can
// start a run, found without its bookkeeping.
func spacedStart(items []item) bool {
	letter := func(k int) bool {
		r := items[k].r
		if r < utf8.RuneSelf {
			return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		}
		return unicode.IsLetter(r)
	}
	n := len(items)
	for k := 0; k+2 < n; k++ {
		sep := items[k+1].r
		if sep != ' ' && sep != '.' && sep != '-' && sep != '_' && sep != '*' {
			continue
		}
		if letter(k) && letter(k+2) && (k == 0 || !letter(k-1)) && (k+3 >= n || !letter(k+3)) {
			return true
		}
	}
	return false
}

// startsItem reports runes that begin a list item, heading, quote or
// table row after a line break.
func startsItem(r rune) bool {
	switch r {
	case '-', '*', '+', '#', '>', '|', '•', '·', '<', '[', '`', '{', '}', '(':
		return true
	}
	return r >= '0' && r <= '9' || unicode.IsUpper(r)
}
