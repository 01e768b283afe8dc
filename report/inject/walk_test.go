package inject

import (
	"reflect"
	"testing"

	"github.com/assay-mcp/assay/report/surface"
)

// TestWalkMatchesEachEntry: the trie walk records, at every token of every
// corpus string and of the rule samples, the occurrences that trying each
// entry starting with the token's word in table order records, in the
// same order (chain reads the first that fits).
func TestWalkMatchesEachEntry(t *testing.T) {
	m := theMatcher()
	byFirst := map[string][]ref{}
	for ri := range m.rules {
		for si, slot := range m.rules[ri].slots {
			for ei, e := range slot {
				if e.tool || e.sink || e.self || e.prefix && len(e.words) == 1 {
					continue
				}
				byFirst[e.words[0]] = append(byFirst[e.words[0]], ref{int32(ri), int32(si), int32(ei)})
			}
		}
	}
	var texts []string
	servers := loadCorpus(t)
	for i := range servers {
		for _, tx := range surface.New(&servers[i]).Texts {
			texts = append(texts, tx.Value)
		}
	}
	for _, table := range allRules() {
		for _, r := range table {
			texts = append(texts, r.True...)
			texts = append(texts, r.False...)
		}
	}
	type got struct {
		key int32
		o   occ
	}
	record := func(x *scratch) []got {
		var out []got
		for _, k := range x.touched {
			for _, o := range x.occs[k] {
				out = append(out, got{k, o})
			}
		}
		return out
	}
	walked, tried := newScratch(), newScratch()
	for _, s := range texts {
		toks := tokenize(Normalize(s).Text, nil)
		for i := range toks {
			walked.reset(len(m.rules))
			tried.reset(len(m.rules))
			if n := m.exact[toks[i].s]; n != nil {
				m.walk(n, toks, i, walked)
			}
			for _, rf := range byFirst[toks[i].s] {
				m.try(rf, toks, i, tried)
			}
			if a, b := record(walked), record(tried); !reflect.DeepEqual(a, b) {
				t.Fatalf("%q, token %d (%q): walk recorded %v, each entry %v", s, i, toks[i].s, a, b)
			}
		}
	}
}
