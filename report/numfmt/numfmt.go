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
