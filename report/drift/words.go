package drift

import "strings"

// maxWordCells bounds the word-level comparison (tokens × tokens); longer
// texts fall back to sentence-level edit keys.
const maxWordCells = 4_000_000

// wordEdits returns the runs of words deleted from old and inserted into
// new, in order, from a longest-common-subsequence alignment. Two tools
// that received the same edit ("Notion | " put in front of every
// description) yield the same runs even though every sentence differs.
// ok is false when the texts are too long to align.
func wordEdits(old, new string) (removed, added []string, ok bool) {
	a, b := strings.Fields(old), strings.Fields(new)
	if len(a)*len(b) > maxWordCells {
		return nil, nil, false
	}
	// The walk below takes equal words greedily, so a common prefix is
	// matched whatever the table holds: align only what follows it.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	a, b = a[p:], b[p:]
	// lcs[i][j] = LCS length of a[i:], b[j:], one allocation.
	w := len(b) + 1
	cells := make([]int32, (len(a)+1)*w)
	lcs := func(i, j int) int32 { return cells[i*w+j] }
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				cells[i*w+j] = lcs(i+1, j+1) + 1
			} else {
				cells[i*w+j] = max(lcs(i+1, j), lcs(i, j+1))
			}
		}
	}
	var del, ins []string
	flush := func() {
		if len(del) > 0 {
			removed = append(removed, strings.Join(del, " "))
			del = nil
		}
		if len(ins) > 0 {
			added = append(added, strings.Join(ins, " "))
			ins = nil
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			flush()
			i++
			j++
		case j < len(b) && (i == len(a) || lcs(i, j+1) >= lcs(i+1, j)):
			ins = append(ins, b[j])
			j++
		default:
			del = append(del, a[i])
			i++
		}
	}
	flush()
	return removed, added, true
}
