package inject

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hiddenVerdict reports characters a reader cannot see but the model
// reads (zero-width, bidi controls, tag characters, stray variation
// selectors, soft hyphens) and text pushed out of sight by a long blank
// run. Tag characters are spelled out in the evidence.
func hiddenVerdict(orig string, sh *Shadow) (verdict, bool) {
	if p := padding(orig); p >= 0 {
		return verdict{Hidden, "high", "whitespace_padding: text continues after a long run of blank space: " + excerpt(orig, p, p+1)}, true
	}
	if len(sh.Hidden) == 0 {
		return verdict{}, false
	}
	var names []string
	counts := map[string]int{}
	for _, h := range sh.Hidden {
		n := hiddenName(h.Rune)
		if counts[n] == 0 {
			names = append(names, n)
		}
		counts[n]++
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%d %s", counts[n], n)
	}
	first := sh.Hidden[0].Off
	ev := "hidden_characters: " + strings.Join(parts, ", ") + ": " + excerpt(orig, first, first+1)
	if sh.Tagged != "" {
		ev += " | tag text: " + escapeText(sh.Tagged)
	}
	return verdict{Hidden, "high", ev}, true
}

// obfuscated names the disguise of a text that reads differently to a
// person than to the model: lookalike letters from another script,
// full-width forms, or letters spaced apart; "" when there is none.
func obfuscated(orig string, sh *Shadow) string {
	if sh.Mixed > 0 {
		return "lookalike letters from another script"
	}
	full, single, run := 0, 0, 0
	for i, r := range orig {
		if r >= 0xFF01 && r <= 0xFF5E {
			full++
		}
		if unicode.IsLetter(r) && (i+utf8.RuneLen(r) == len(orig) || orig[i+utf8.RuneLen(r)] == ' ') && (i == 0 || orig[i-1] == ' ') {
			run++
			single = max(single, run)
		} else if r != ' ' {
			run = 0
		}
	}
	switch {
	case full >= 8:
		return "full-width letters"
	case single >= 8:
		return "letters spaced apart"
	}
	return ""
}

// paddingRun is the blank run after which further text is out of sight
// in most viewers.
const paddingRun = 64

// padding returns the offset of text that follows a run of at least
// paddingRun blank characters (any Unicode space: NBSP and ideographic
// spaces pad as well as ASCII ones), or -1.
func padding(s string) int {
	if len(s) <= paddingRun {
		return -1 // a blank is at least a byte: no room for the run and text after it
	}
	run := 0
	for i := 0; i < len(s); {
		c := s[i]
		var blank bool
		n := 1
		if c < utf8.RuneSelf {
			blank = c == ' ' || c >= '\t' && c <= '\r' // unicode.IsSpace below U+0080
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			blank = unicode.IsSpace(r) || r == 0x3000 || r == 0x00A0
		}
		if blank {
			run++
			i += n
			continue
		}
		if run >= paddingRun {
			return i
		}
		run = 0
		i += n
	}
	return -1
}

func hiddenName(r rune) string {
	switch {
	case r >= 0xE0000 && r <= 0xE007F:
		return "unicode tag"
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return "bidi control"
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return "variation selector"
	case r == 0x00AD:
		return "soft hyphen"
	case r < 0x20 || (r >= 0x7F && r < 0xA0):
		return "control character"
	}
	return "zero-width or invisible"
}
