package lock

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// text is one model-facing string of a definition and its path.
type text struct{ path, value string }

// textsOf returns every model-facing string of a raw tool definition.
func textsOf(raw json.RawMessage) []text {
	var out []text
	for _, t := range toolTextPaths(raw) {
		out = append(out, text{t[0], t[1]})
	}
	return out
}

// titleDescription returns the title and description of a raw tool.
func titleDescription(raw json.RawMessage) []text {
	var out []text
	for _, t := range textsOf(raw) {
		if t.path == "title" || t.path == "description" {
			out = append(out, t)
		}
	}
	return out
}

// maxHiddenShown caps the characters listed in one piece of evidence.
const maxHiddenShown = 8

// hiddenIn lists, escaped and with character offsets, the invisible
// characters and mixed-script words in texts, e.g.
// `description: \u200b at 12, look-alike word "p\u0430th" at 40`.
// It is "" when every text is plain.
func hiddenIn(texts []text) string {
	var parts []string
	shown, total := 0, 0
	for _, t := range texts {
		_, hs, n := normalized(t.value)
		if n == 0 {
			continue
		}
		total += n
		var items []string
		for _, h := range hs {
			if shown == maxHiddenShown {
				break
			}
			shown++
			at := utf8.RuneCountInString(t.value[:min(h.Off, len(t.value))])
			if h.Rune != 0 {
				items = append(items, fmt.Sprintf(`%s at %d`, escapeRune(h.Rune), at))
				continue
			}
			items = append(items, fmt.Sprintf(`look-alike word "%s" at %d`, escapeWord(wordAt(t.value, h.Off)), at))
		}
		if len(items) > 0 {
			parts = append(parts, t.path+": "+strings.Join(items, ", "))
		}
	}
	if total == 0 {
		return ""
	}
	s := strings.Join(parts, "; ")
	if total > shown {
		s += fmt.Sprintf(" (%d in all)", total)
	}
	return s
}

// escapeRune writes r as \uXXXX or \UXXXXXXXX.
func escapeRune(r rune) string {
	if r > 0xffff {
		return fmt.Sprintf(`\U%08x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// escapeWord keeps ASCII letters and escapes everything else, so a
// Cyrillic "а" inside a Latin word shows as \u0430.
func escapeWord(w string) string {
	var b strings.Builder
	for _, r := range w {
		if r < 0x80 && r >= 0x20 {
			b.WriteRune(r)
			continue
		}
		b.WriteString(escapeRune(r))
	}
	return b.String()
}

// wordAt is the run of letters starting at byte offset off of s (at most
// 40 runes).
func wordAt(s string, off int) string {
	if off < 0 || off >= len(s) {
		return ""
	}
	end := off
	n := 0
	for end < len(s) && n < 40 {
		r, size := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			break
		}
		end += size
		n++
	}
	return s[off:end]
}
