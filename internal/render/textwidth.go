package render

import (
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// cells measures terminal width. It is fixed rather than taken from the
// locale so the same findings render byte-identically everywhere.
var cells = &runewidth.Condition{EastAsianWidth: false, StrictEmojiNeutral: true}

func width(s string) int { return cells.StringWidth(s) }

// wrap breaks s into lines of at most w cells, at spaces when it can and
// inside a word when a word alone is wider than w. s must already be
// neutralised (no newlines or controls).
func wrap(s string, w int) []string {
	if w < 1 {
		w = 1
	}
	if width(s) <= w {
		return []string{s}
	}
	var lines []string
	var cur strings.Builder
	curW := 0
	flush := func() {
		lines = append(lines, strings.TrimRight(cur.String(), " "))
		cur.Reset()
		curW = 0
	}
	for _, word := range strings.Split(s, " ") {
		ww := width(word)
		if curW > 0 && curW+1+ww > w {
			flush()
		}
		if curW > 0 {
			cur.WriteByte(' ')
			curW++
		}
		for ww > w-curW {
			// Hard-break a word wider than the space left.
			head, rest := splitCells(word, w-curW)
			if head == "" {
				if curW > 0 {
					flush()
					continue
				}
				// A single rune wider than the column: take it anyway.
				_, size := utf8.DecodeRuneInString(word)
				head, rest = word[:size], word[size:]
			}
			cur.WriteString(head)
			flush()
			word, ww = rest, width(rest)
		}
		cur.WriteString(word)
		curW += ww
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// splitCells cuts s after at most w cells, never inside a rune nor inside
// a visible escape such as \u200b, and preferably just after a
// separator (/ - _ . , : |) when one lies past the first third of the cut.
func splitCells(s string, w int) (string, string) {
	used, cut := 0, len(s)
	for i, r := range s {
		rw := cells.RuneWidth(r)
		if used+rw > w {
			cut = i
			break
		}
		used += rw
	}
	if cut == len(s) {
		return s, ""
	}
	if e := escapeStart(s, cut); e > 0 {
		cut = e
	}
	low := cut / 3
	for i := cut - 1; i >= low && i > 0; i-- {
		if strings.IndexByte("/-_.,:|", s[i]) >= 0 {
			cut = i + 1
			break
		}
	}
	return s[:cut], s[cut:]
}

// escapeStart returns the index of the backslash when cut falls inside a
// textsafe escape (\xHH, \uHHHH, \UHHHHHHHH), else -1.
func escapeStart(s string, cut int) int {
	for back := 1; back <= 9 && cut-back >= 0; back++ {
		i := cut - back
		if s[i] != '\\' || i+1 >= len(s) {
			continue
		}
		n := map[byte]int{'x': 4, 'u': 6, 'U': 10}[s[i+1]]
		if n > 0 && i+n > cut && i+n <= len(s) {
			return i
		}
	}
	return -1
}

// pad fills s with spaces to w cells (left-aligned) or right-aligns it.
func pad(s string, w int, right bool) string {
	n := w - width(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}
