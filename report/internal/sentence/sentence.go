// Package sentence cuts one line of text into sentences, the unit cost
// (repeated boilerplate) and drift (sentences removed and added) compare.
package sentence

// Split cuts line after '.', '!' or '?' followed by a space or the end of
// the line. Pieces keep their spacing; callers trim or fold as they need.
func Split(line string) []string {
	var out []string
	start := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		if (c == '.' || c == '!' || c == '?') && (i+1 == len(line) || line[i+1] == ' ') {
			out = append(out, line[start:i+1])
			start = i + 1
		}
	}
	return append(out, line[start:])
}
