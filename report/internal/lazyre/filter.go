package lazyre

import (
	"regexp/syntax"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits keep the prefilter cheaper than the engine it guards.
const (
	maxExact = 64  // strings in a finite set carried up the tree
	maxSet   = 256 // strings in one OR term
	maxTerms = 4   // AND terms kept (the most selective)
)

// lit is one required string; fold means "compare case-insensitively"
// (s is then lower-cased, and the input is lower-cased once per call).
type lit struct {
	s    string
	fold bool
}

// filter is an AND of OR-sets: every term must have one of its strings in
// the input, or no match exists.
type filter struct {
	terms   [][]lit
	anyFold bool
}

// info is what a subexpression guarantees: exact, when non-nil, is the
// finite set of every string it can match; terms are required OR-sets.
type info struct {
	exact []lit
	terms [][]lit
}

var trueInfo = info{}

func newFilter(expr string) *filter {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	in := analyze(re)
	var terms [][]lit
	if in.exact != nil {
		terms = append(terms, in.exact)
	}
	terms = append(terms, in.terms...)
	f := &filter{}
	for _, t := range terms {
		if t = useful(t); t != nil {
			f.terms = append(f.terms, t)
		}
	}
	if len(f.terms) == 0 {
		return nil
	}
	// Most selective first: the longest shortest string.
	sort.SliceStable(f.terms, func(i, j int) bool { return minLen(f.terms[i]) > minLen(f.terms[j]) })
	if len(f.terms) > maxTerms {
		f.terms = f.terms[:maxTerms]
	}
	for _, t := range f.terms {
		for _, l := range t {
			f.anyFold = f.anyFold || l.fold
		}
	}
	return f
}

// may reports whether s can hold a match (false is certain).
func (f *filter) may(s string) bool {
	if f == nil {
		return true
	}
	low, lowered := "", false
	for _, t := range f.terms {
		ok := false
		for _, l := range t {
			if l.fold {
				if !lowered {
					low, lowered = strings.ToLower(s), true
				}
				ok = strings.Contains(low, l.s)
			} else {
				ok = strings.Contains(s, l.s)
			}
			if ok {
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func analyze(re *syntax.Regexp) info {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return info{exact: []lit{{}}}
	case syntax.OpLiteral:
		return literal(re.Rune, re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		return charClass(re.Rune)
	case syntax.OpCapture:
		return analyze(re.Sub[0])
	case syntax.OpQuest:
		return optional(analyze(re.Sub[0]))
	case syntax.OpPlus:
		return inexact(analyze(re.Sub[0]))
	case syntax.OpRepeat:
		sub := analyze(re.Sub[0])
		if re.Min >= 1 {
			return inexact(sub)
		}
		if re.Max == 1 {
			return optional(sub)
		}
		return trueInfo
	case syntax.OpConcat:
		return concat(re.Sub)
	case syntax.OpAlternate:
		return alternate(re.Sub)
	}
	// OpStar, OpAnyChar, OpAnyCharNotNL, OpNoMatch: nothing required.
	return trueInfo
}

// literal is a run of runes; under case folding, a rune whose fold orbit
// does not lower to one rune (ſ and s, K and k) splits the run, since
// lower-casing the input could not find it.
func literal(runes []rune, fold bool) info {
	var pieces []string
	var b strings.Builder
	cut := func() {
		if b.Len() > 0 {
			pieces = append(pieces, b.String())
			b.Reset()
		}
	}
	split := false
	for _, r := range runes {
		if r == utf8.RuneError || (fold && !foldSafe(r)) {
			cut()
			split = true
			continue
		}
		if fold {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	cut()
	if !split {
		return info{exact: []lit{{s: strings.Join(pieces, ""), fold: fold}}}
	}
	var in info
	for _, p := range pieces {
		in.terms = append(in.terms, []lit{{s: p, fold: fold}})
	}
	return in
}

// foldSafe: every rune that folds to r lower-cases to r's lower case.
func foldSafe(r rune) bool {
	l := unicode.ToLower(r)
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if unicode.ToLower(f) != l {
			return false
		}
	}
	return true
}

// charClass: a small explicit class ([-_], [Aa]) is a finite set.
func charClass(ranges []rune) info {
	var out []lit
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if len(out) == 4 || r == utf8.RuneError {
				return trueInfo
			}
			out = append(out, lit{s: string(r)})
		}
	}
	if len(out) == 0 {
		return trueInfo
	}
	return info{exact: out}
}

func optional(in info) info {
	if in.exact == nil {
		return trueInfo
	}
	return info{exact: dedupe(append(append([]lit{}, in.exact...), lit{}))}
}

// inexact keeps what is required but forgets the finite set (a repeat).
func inexact(in info) info {
	if in.exact == nil {
		return in
	}
	return info{terms: append([][]lit{in.exact}, in.terms...)}
}

func concat(subs []*syntax.Regexp) info {
	var out info
	cur := []lit{{}}
	flushed := false
	flush := func() {
		if t := useful(cur); t != nil {
			out.terms = append(out.terms, t)
		}
		cur = []lit{{}}
		flushed = true
	}
	for _, sub := range subs {
		in := analyze(sub)
		out.terms = append(out.terms, in.terms...)
		if in.exact == nil {
			flush()
			continue
		}
		if len(cur)*len(in.exact) > maxExact {
			flush()
			if t := useful(in.exact); t != nil {
				out.terms = append(out.terms, t)
			}
			continue
		}
		cur = product(cur, in.exact)
	}
	if !flushed && len(out.terms) == 0 {
		return info{exact: cur}
	}
	flush()
	return out
}

func product(a, b []lit) []lit {
	out := make([]lit, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			l := lit{s: x.s + y.s, fold: x.fold || y.fold}
			if l.fold {
				l.s = strings.ToLower(l.s)
			}
			out = append(out, l)
		}
	}
	return dedupe(out)
}

func alternate(subs []*syntax.Regexp) info {
	ins := make([]info, len(subs))
	allExact, n := true, 0
	for i, sub := range subs {
		ins[i] = analyze(sub)
		if ins[i].exact == nil {
			allExact = false
		}
		n += len(ins[i].exact)
	}
	if allExact && n <= maxExact {
		var out []lit
		for _, in := range ins {
			out = append(out, in.exact...)
		}
		return info{exact: dedupe(out)}
	}
	// One OR-set: from each branch, the strings it surely contains.
	var set []lit
	for _, in := range ins {
		t := best(in)
		if t == nil {
			return trueInfo
		}
		set = append(set, t...)
	}
	if set = useful(set); set == nil {
		return trueInfo
	}
	return info{terms: [][]lit{set}}
}

// best is a branch's most selective required OR-set, or nil.
func best(in info) []lit {
	var out []lit
	if in.exact != nil {
		out = useful(in.exact)
	}
	for _, t := range in.terms {
		if out == nil || minLen(t) > minLen(out) {
			out = t
		}
	}
	return out
}

// useful drops a set that cannot filter (it holds "" or is too large) and
// strings implied by a shorter one of the set.
func useful(set []lit) []lit {
	if len(set) == 0 || len(set) > maxSet {
		return nil
	}
	for _, l := range set {
		if l.s == "" {
			return nil
		}
	}
	set = dedupe(set)
	var out []lit
	for i, l := range set {
		implied := false
		for j, o := range set {
			if i != j && covers(o, l) && (len(o.s) < len(l.s) || j < i) {
				implied = true
				break
			}
		}
		if !implied {
			out = append(out, l)
		}
	}
	return out
}

// covers: finding l in an input implies o would be found too.
func covers(o, l lit) bool {
	if o.fold {
		return strings.Contains(strings.ToLower(l.s), o.s)
	}
	return !l.fold && strings.Contains(l.s, o.s)
}

func dedupe(set []lit) []lit {
	seen := make(map[lit]bool, len(set))
	out := set[:0:0]
	for _, l := range set {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

func minLen(set []lit) int {
	m := -1
	for _, l := range set {
		if m < 0 || len(l.s) < m {
			m = len(l.s)
		}
	}
	return m
}
