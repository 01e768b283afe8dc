// Package numfmt formats numbers for people the same way in every
// renderer and finding text.
package numfmt

import (
	"strconv"
	"strings"
)

// Thousands formats 12345 as 12,345 (and -12345 as -12,345).
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Count is a count with its noun in the right number: "1 tool",
// "2 tools" (the noun takes a plain "s").
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun, noun+"s")
}

// Noun is one when n is 1 and many otherwise, for words whose plural is
// not a plain "s" and for verbs that agree with a count ("declares",
// "declare").
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
