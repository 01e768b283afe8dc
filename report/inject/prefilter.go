package inject

import "sort"

// Prefilters decide which sentences an expression runs on. Every literal
// of every rule goes into one Aho-Corasick automaton, so a string is read
// once to learn, per rule, which sentences hold a literal of each of the
// rule's groups (all groups must be present). Expressions then run only
// on those sentences: most text never meets an expression, and the cost
// stays linear in the input.

// preSet is one rule's prefilter: a sentence qualifies when it holds at
// least one literal of every group.
type preSet struct {
	id     int
	groups [][]string
}

var (
	preSets []*preSet
)

// newPre registers a prefilter with one group of alternative literals.
func newPre(lits ...string) *preSet { return newPreGroups(lits) }

// newPreGroups registers a prefilter that needs one literal of each group.
func newPreGroups(groups ...[]string) *preSet {
	p := &preSet{id: len(preSets), groups: groups}
	preSets = append(preSets, p)
	return p
}

// owner is one (prefilter, group) pair a literal belongs to.
type owner struct{ set, group int32 }

// automaton is a byte-level Aho-Corasick DFA.
type automaton struct {
	next   []int32   // state*256 + byte → state
	out    [][]int32 // state → literal ids ending here (with fail-link outputs)
	owners [][]owner // literal id → owners
}

func buildAutomaton() *automaton {
	lits := map[string]int32{}
	var owners [][]owner
	var words []string
	for _, p := range preSets {
		for g, group := range p.groups {
			for _, w := range group {
				id, ok := lits[w]
				if !ok {
					id = int32(len(words))
					lits[w] = id
					words = append(words, w)
					owners = append(owners, nil)
				}
				owners[id] = append(owners[id], owner{int32(p.id), int32(g)})
			}
		}
	}
	a := &automaton{owners: owners}
	// Trie.
	a.next = make([]int32, 256)
	a.out = [][]int32{nil}
	for i := range a.next {
		a.next[i] = -1
	}
	for id, w := range words {
		s := int32(0)
		for k := 0; k < len(w); k++ {
			c := int32(w[k])
			if a.next[s*256+c] < 0 {
				ns := int32(len(a.out))
				a.out = append(a.out, nil)
				for x := 0; x < 256; x++ {
					a.next = append(a.next, -1)
				}
				a.next[s*256+c] = ns
			}
			s = a.next[s*256+c]
		}
		a.out[s] = append(a.out[s], int32(id))
	}
	// Breadth-first fail links, filling the DFA.
	fail := make([]int32, len(a.out))
	var queue []int32
	for c := 0; c < 256; c++ {
		if t := a.next[c]; t < 0 {
			a.next[c] = 0
		} else {
			fail[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		a.out[s] = append(a.out[s], a.out[fail[s]]...)
		for c := 0; c < 256; c++ {
			t := a.next[s*256+int32(c)]
			if t < 0 {
				a.next[s*256+int32(c)] = a.next[fail[s]*256+int32(c)]
				continue
			}
			fail[t] = a.next[fail[s]*256+int32(c)]
			queue = append(queue, t)
		}
	}
	return a
}

// marks holds, per prefilter id, the qualifying sentence ids in order.
// It is sparse: a string meets few prefilters.
type marks map[int][]int

// computeMarks reads t once and returns the qualifying sentences of every
// prefilter. sents must be sorted spans covering the text's sentences.
func computeMarks(t string, sents [][2]int) marks {
	a := automatonOnce()
	// per set, per group: sentence ids in increasing order (deduplicated)
	var groupHits map[int32][][]int
	s := int32(0)
	si := 0
	for i := 0; i < len(t); i++ {
		s = a.next[s*256+int32(t[i])]
		if len(a.out[s]) == 0 {
			continue
		}
		for si < len(sents) && sents[si][1] <= i {
			si++
		}
		if si >= len(sents) || sents[si][0] > i {
			continue // a separator byte, in no sentence
		}
		if groupHits == nil {
			groupHits = make(map[int32][][]int)
		}
		for _, lit := range a.out[s] {
			for _, o := range a.owners[lit] {
				gh := groupHits[o.set]
				if gh == nil {
					gh = make([][]int, len(preSets[o.set].groups))
					groupHits[o.set] = gh
				}
				l := gh[o.group]
				if len(l) == 0 || l[len(l)-1] != si {
					gh[o.group] = append(l, si)
				}
			}
		}
	}
	m := make(marks, len(groupHits))
	for id, gh := range groupHits {
		if ids := intersect(gh); len(ids) > 0 {
			m[int(id)] = ids
		}
	}
	return m
}

// intersect returns the ids present in every sorted list.
func intersect(lists [][]int) []int {
	for _, l := range lists {
		if len(l) == 0 {
			return nil
		}
	}
	out := lists[0]
	for _, l := range lists[1:] {
		var next []int
		for _, x := range out {
			k := sort.SearchInts(l, x)
			if k < len(l) && l[k] == x {
				next = append(next, x)
			}
		}
		out = next
	}
	return out
}
