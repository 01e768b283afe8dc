package harness

import (
	"strings"
	"testing"
)

// TestDisguises runs every sample of the disguise table: each true sample
// is found, by that disguise; no false sample is found by any.
func TestDisguises(t *testing.T) {
	for _, d := range disguises() {
		if len(d.True) == 0 || len(d.False) == 0 {
			t.Errorf("%s: needs true and false samples", d.Name)
		}
		for _, s := range d.True {
			if got := Find(s, SampleCanary); got != d.Name {
				t.Errorf("%s: Find(%q) = %q, want %q", d.Name, s, got, d.Name)
			}
		}
		for _, s := range d.False {
			if got := Find(s, SampleCanary); got != "" {
				t.Errorf("%s: false sample %q found as %q", d.Name, s, got)
			}
		}
	}
}

// TestCanaries: canaries are well formed, differ within a run, repeat for
// a seed and differ across seeds, and none is found in another's text.
func TestCanaries(t *testing.T) {
	a, b, c := NewCanaries(1), NewCanaries(1), NewCanaries(2)
	seen := map[string]bool{}
	var all []string
	for i := 0; i < 200; i++ {
		x, y, z := a.Next(), b.Next(), c.Next()
		if x != y {
			t.Fatalf("seed 1 gave %s then %s", x, y)
		}
		if x == z {
			t.Errorf("seeds 1 and 2 both gave %s", x)
		}
		if len(x) != 14 || x[4] != '-' || x[9] != '-' || strings.Trim(strings.ReplaceAll(x, "-", ""), canaryAlphabet) != "" {
			t.Errorf("malformed canary %q", x)
		}
		if seen[x] {
			t.Errorf("canary %s drawn twice", x)
		}
		seen[x] = true
		all = append(all, x, z)
	}
	text := strings.Join(all[1:], " ")
	if got := Find(text, all[0]); got != "" {
		t.Errorf("canary %s found as %q among %d other canaries", all[0], got, len(all)-1)
	}
}
