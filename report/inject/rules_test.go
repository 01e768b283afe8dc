package inject

import (
	"strings"
	"testing"
)

// fires reports whether rule id fires on text.
func fires(id, text string, sc *Scope) bool {
	sigs, _, _ := theMatcher().signals(Normalize(text).Text, sc, newScratch())
	for _, s := range sigs {
		if s.rule.ID == id {
			return true
		}
	}
	return false
}

// TestRuleSamples runs every sample of every rule: true samples must fire
// the rule, false samples must not.
func TestRuleSamples(t *testing.T) {
	ids := map[string]bool{}
	for _, table := range allRules() {
		for _, r := range table {
			if ids[r.ID] {
				t.Errorf("duplicate rule id %s", r.ID)
			}
			ids[r.ID] = true
			if !strings.HasPrefix(r.ID, strings.SplitN(r.ID, ".", 2)[0]+".") || len(r.True) == 0 || len(r.False) == 0 || r.Says == "" {
				t.Errorf("%s: needs an id class.what, reader words and true and false samples", r.ID)
			}
			if (r.Pattern == "") == (len(r.Slots) == 0) {
				t.Errorf("%s: needs slots or a pattern, not both", r.ID)
			}
			for _, s := range r.True {
				if !fires(r.ID, s, nil) {
					t.Errorf("%s does not fire on its true sample %q", r.ID, s)
				}
			}
			for _, s := range r.False {
				if fires(r.ID, s, nil) {
					t.Errorf("%s fires on its false sample %q", r.ID, s)
				}
			}
		}
	}
}
