package inject

import (
	"hash/fnv"
	"regexp/syntax"
	"strings"

	"github.com/assay-mcp/assay/report/internal/lazyre"
)

// gate is the pattern rules' prefilter: the literals each pattern needs
// (derived from the expression by lazyre, so they cannot drift from it),
// found for all patterns in one pass over the text. A pattern's
// expression runs only when every one of its required terms (an OR-set of
// literals) occurs.
type gate struct {
	terms [][][]int      // per pattern, per top-level alternative: its term ids
	one   [256][]gateLit // literals of one byte, by that byte
	// Longer literals by their first two bytes: two[pair[k]-1] lists
	// those starting with the bytes k (pair[k] is 0 for none), so the
	// scan over a string indexes an array at every byte.
	pair *[1 << 16]uint16
	two  [][]gateLit
	n    int // term ids in use
}

type gateLit struct {
	s    string
	term int
}

// addPattern registers the next pattern with the required terms of each
// of its top-level alternatives (an AND of OR-sets of lower-case
// literals, lazyre's Terms): the pattern may match when one alternative's
// terms all occur.
func (g *gate) addPattern(branches [][][]string) {
	var all [][]int
	for _, terms := range branches {
		all = append(all, g.addTerms(terms))
	}
	g.terms = append(g.terms, all)
}

func (g *gate) addTerms(terms [][]string) []int {
	if g.pair == nil {
		g.pair = new([1 << 16]uint16)
	}
	ids := []int{}
	for _, t := range terms {
		id := g.n
		g.n++
		ids = append(ids, id)
		for _, a := range t {
			switch len(a) {
			case 0:
			case 1:
				g.one[a[0]] = append(g.one[a[0]], gateLit{a, id})
			default:
				k := uint16(a[0])<<8 | uint16(a[1])
				if g.pair[k] == 0 {
					g.two = append(g.two, nil)
					g.pair[k] = uint16(len(g.two))
				}
				g.two[g.pair[k]-1] = append(g.two[g.pair[k]-1], gateLit{a, id})
			}
		}
	}
	return ids
}

// open marks in seen (len ≥ g.n) the terms whose literal occurs in t.
func (g *gate) open(t string, seen []bool) {
	clear(seen)
	for i := 0; i < len(t); i++ {
		c := t[i]
		for _, l := range g.one[c] {
			seen[l.term] = true
		}
		if i+1 == len(t) || g.pair == nil {
			continue
		}
		if p := g.pair[uint16(c)<<8|uint16(t[i+1])]; p != 0 {
			for _, l := range g.two[p-1] {
				if !seen[l.term] && strings.HasPrefix(t[i:], l.s) {
					seen[l.term] = true
				}
			}
		}
	}
}

// passes reports whether pattern i may match given the seen terms.
func (g *gate) passes(i int, seen []bool) bool {
next:
	for _, ids := range g.terms[i] {
		for _, id := range ids {
			if !seen[id] {
				continue next
			}
		}
		return true
	}
	return false
}

//go:generate go test -run TestGateTermsGenerated -write-gate-terms .

// patternTerms is branchTerms of the k-th pattern rule, read from the
// table go generate wrote (gate_terms_gen.go) when that entry was made from
// this very expression (same FNV-1a hash of its source): deriving the terms parses, prints and compiles
// every alternative, about three quarters of the matcher's construction.
// An expression edited since falls back to deriving them, so the result is
// the same either way; TestGateTermsGenerated fails until the table is
// regenerated.
func patternTerms(k int, re *lazyre.Regexp) [][][]string {
	if k < len(gateTermsGen) && gateTermsGen[k].sum == patternSum(re.String()) {
		return gateTermsGen[k].branches
	}
	return branchTerms(re)
}

// patternSum is the 64-bit FNV-1a hash of a pattern's source.
func patternSum(expr string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(expr))
	return h.Sum64()
}

// branchTerms lists the required terms of each top-level alternative of
// the pattern (the pattern itself when it is not an alternation), derived
// by lazyre from each alternative's own expression.
func branchTerms(re *lazyre.Regexp) [][][]string {
	p, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil || p.Op != syntax.OpAlternate {
		return [][][]string{re.Terms()}
	}
	out := make([][][]string, 0, len(p.Sub))
	for _, sub := range p.Sub {
		out = append(out, lazyre.New(sub.String()).Terms())
	}
	return out
}
