package inject

import "testing"

// hasWordOf reports whether text has a word of word class i.
func hasWordOf(i int, text string) bool {
	m := theMatcher()
	x := newScratch()
	m.signals(Normalize(text).Text, nil, x)
	return len(x.occs[int32(m.nrules+i)<<4]) > 0
}

// TestWordClassSamples: every true sample of a word class has a word of
// it, no false sample does, and no two classes share a name.
func TestWordClassSamples(t *testing.T) {
	names := map[string]bool{}
	for i, wc := range wordClasses {
		if names[wc.Name] || len(wc.True) == 0 || len(wc.False) == 0 {
			t.Errorf("word class %q: needs a unique name and true and false samples", wc.Name)
		}
		names[wc.Name] = true
		for _, s := range wc.True {
			if !hasWordOf(i, s) {
				t.Errorf("word class %s: no word in its true sample %q", wc.Name, s)
			}
		}
		for _, s := range wc.False {
			if hasWordOf(i, s) {
				t.Errorf("word class %s: a word in its false sample %q", wc.Name, s)
			}
		}
	}
}

// TestWordClassesNeverSignal: word classes are features, never signals.
func TestWordClassesNeverSignal(t *testing.T) {
	for _, wc := range wordClasses {
		for _, s := range wc.True {
			sigs, _, _ := theMatcher().signals(Normalize(s).Text, nil, newScratch())
			for _, g := range sigs {
				if len(g.rule.ID) > 4 && g.rule.ID[:4] == "lex." {
					t.Errorf("word class %s fired as a signal on %q", wc.Name, s)
				}
			}
		}
	}
}
